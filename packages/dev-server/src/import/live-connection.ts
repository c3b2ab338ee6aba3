// The `fetch` the import's and the probe's clients call a live service with. It reads each
// answer itself, as its bytes arrive, and lets the client see only one within bounds:
// - a 2xx body past the bytes, depth or items of its `AnswerLimits` is refused at the first
//   byte past the bound (the rest is never read), so the client's JSON.parse, the one step
//   done in one go, stays short (answer-scan.ts measures it);
// - an error body is read to `maxErrorBytes`, and the client gets only its top-level scalar
//   fields (`error`, `status`; strings cut to a line), so the client's redaction walks a few
//   strings, not every string of a 24 MB body.
// A refusal aborts the call with an OffSpecAnswerError as the reason: the client does not
// retry an abort (an answer that broke the spec would break it again), and `call` rethrows
// the reason itself.
import {
  type AnswerLimits,
  AnswerOverBoundError,
  AnswerScan,
  MAX_ANSWER_DEPTH,
  OffSpecAnswerError,
} from "./answer-scan.js";

/** Characters of a service's error message kept: a line, enough to say what was wrong. */
const ERROR_MESSAGE_CHARS = 1000;

/** A body read to `max` bytes: its chunks, and whether there was more (then cancelled). */
async function readUpTo(response: Response, max: number): Promise<{ bytes: Buffer; cut: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader !== undefined) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return { bytes: Buffer.concat(chunks), cut: true };
    }
    chunks.push(value);
  }
  return { bytes: Buffer.concat(chunks), cut: false };
}

/** The error body the client gets: the service's message alone, or the text when not JSON. */
function errorBody(bytes: Buffer, cut: boolean, max: number): string {
  if (cut)
    return JSON.stringify({ error: `its error body is over ${max} bytes, not read further` });
  const scan = new AnswerScan(max, Number.POSITIVE_INFINITY);
  if (scan.feed(bytes) !== undefined) {
    return JSON.stringify({ error: `its error body nests deeper than ${MAX_ANSWER_DEPTH} levels` });
  }
  const text = bytes.toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's page: the client quotes its start.
    return text;
  }
  return JSON.stringify(errorFields(body));
}

/** Fields of an error body kept: the spec's are scalars (`error`, `status`). */
const ERROR_FIELDS = 16;

/**
 * An error body's top-level scalar fields (the first ERROR_FIELDS), strings cut to a line:
 * what the client's message and the spec guard look at, and no more.
 */
function errorFields(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return {};
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body).slice(0, ERROR_FIELDS)) {
    if (typeof value === "string") kept[name.slice(0, 100)] = value.slice(0, ERROR_MESSAGE_CHARS);
    else if (typeof value !== "object" || value === null) kept[name.slice(0, 100)] = value;
  }
  return kept;
}

/** One client's connection to a live service; its calls are made one at a time, through `call`. */
export class LiveConnection {
  private current: { controller: AbortController; call: string } | undefined;

  constructor(private readonly limits: AnswerLimits) {}

  /** The `fetch` option of the client. */
  readonly fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    const { status, statusText, headers } = response;
    if (!response.ok) {
      const { maxErrorBytes } = this.limits;
      const { bytes, cut } = await readUpTo(response, maxErrorBytes);
      return new Response(errorBody(bytes, cut, maxErrorBytes), { status, statusText, headers });
    }
    return new Response(await this.checkedBody(response), { status, statusText, headers });
  };

  /**
   * Runs one client call (`call` names it in a refusal: `range of namespace "docs"`) with a
   * signal that also ends when an answer is refused; rejects with the AnswerOverBoundError
   * then, else as the call does (the caller's abort included).
   */
  async call<T>(
    call: string,
    signal: AbortSignal | undefined,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const controller = new AbortController();
    const current = { controller, call };
    this.current = current;
    const both =
      signal === undefined ? controller.signal : AbortSignal.any([signal, controller.signal]);
    try {
      return await run(both);
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      throw reason instanceof OffSpecAnswerError ? reason : error;
    } finally {
      if (this.current === current) this.current = undefined;
    }
  }

  /** The 2xx body read within bounds; past one, the call is aborted and the read cancelled. */
  private async checkedBody(response: Response): Promise<Uint8Array<ArrayBuffer>> {
    const scan = new AnswerScan(this.limits.maxBytes, this.limits.maxItems);
    const chunks: Uint8Array[] = [];
    const reader = response.body?.getReader();
    while (reader !== undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      const broken = scan.feed(value);
      if (broken !== undefined) {
        reader.cancel().catch(() => {});
        const error = new AnswerOverBoundError(this.current?.call ?? "a call", broken);
        this.current?.controller.abort(error);
        throw error;
      }
      chunks.push(value);
    }
    const body = new Uint8Array(scan.bytes);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    return body;
  }
}
