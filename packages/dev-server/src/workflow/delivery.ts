import { onAbort } from "./abort-fanout.js";

/** Bytes backed by a plain ArrayBuffer, as fetch bodies must be. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** What one HTTP call to a workflow or callback endpoint came back with. */
export interface Outcome {
  ok: boolean;
  /** Absent when no answer arrived. */
  status?: number;
  headers: Record<string, string>;
  body: Bytes;
  /** Whether the body was cut at the size limit (the rest was not read). */
  truncated?: boolean;
  error?: string;
}

export interface Call {
  url: string;
  headers: Record<string, string>;
  body: Bytes;
  signal: AbortSignal;
}

/** Why an attempt ended without an answer. */
type Cut = "timeout" | "closing";

/**
 * POSTs once. Redirects are not followed: a 3xx is an answer outside 2xx, so a failed
 * attempt, rather than a POST silently turned into a GET somewhere else.
 *
 * Each attempt has its own controller and a plain timer: when the timer fires, the
 * controller aborts (closing the socket) and the attempt ends at once, whether the endpoint
 * has sent no headers yet or is trickling its body; the race also ends it for a `fetch` that
 * ignores its signal. (A signal built with `AbortSignal.any` over `AbortSignal.timeout` may
 * be collected before it fires on Node 20, so the timeout never came.)
 */
export async function post(
  fetchImpl: typeof fetch,
  call: Call,
  timeoutMs: number,
  maxBodyBytes: number,
): Promise<Outcome> {
  const controller = new AbortController();
  let cutBy: Cut | undefined;
  let cut: (why: Cut) => void = () => {};
  const cutShort = new Promise<Cut>((resolve) => {
    cut = (why) => {
      cutBy ??= why;
      controller.abort();
      resolve(why);
    };
  });
  const timer = setTimeout(() => cut("timeout"), timeoutMs);
  const release = onAbort(call.signal, () => cut("closing"));
  try {
    const answer = exchange(fetchImpl, call, controller.signal, maxBodyBytes);
    // The exchange's own rejection after a cut is expected; nothing waits for it.
    answer.catch(() => undefined);
    const first = await Promise.race([answer, cutShort]);
    if (typeof first === "string") return failed(cutMessage(first, timeoutMs));
    return first;
  } catch (error) {
    // The abort may reject the exchange before the race sees the cut itself.
    return failed(cutBy === undefined ? describe(error) : cutMessage(cutBy, timeoutMs));
  } finally {
    clearTimeout(timer);
    release();
  }
}

async function exchange(
  fetchImpl: typeof fetch,
  call: Call,
  signal: AbortSignal,
  maxBodyBytes: number,
): Promise<Outcome> {
  const response = await fetchImpl(call.url, {
    method: "POST",
    headers: call.headers,
    body: call.body.byteLength > 0 ? call.body : undefined,
    redirect: "manual",
    signal,
  });
  const { body, truncated } = await readCapped(response, maxBodyBytes);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    ok: response.status >= 200 && response.status < 300,
    status: response.status,
    headers,
    body,
    ...(truncated ? { truncated } : {}),
  };
}

/** Reads at most `max` bytes of the body; past that, stops reading and closes the stream. */
async function readCapped(
  response: Response,
  max: number,
): Promise<{ body: Bytes; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = response.body?.getReader();
  while (reader !== undefined) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = max - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size = max;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, truncated };
}

function cutMessage(why: Cut, timeoutMs: number): string {
  if (why === "timeout") return `timed out after ${timeoutMs} ms`;
  return "aborted: the service closed";
}

function failed(error: string): Outcome {
  return { ok: false, headers: {}, body: new Uint8Array(), error };
}

// fetch wraps socket errors as "fetch failed" with the useful part in `cause`.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${cause.message}` : cause.message;
  }
  return error.message;
}
