import type { IncomingMessage } from "node:http";
import { HttpError } from "./errors.js";
import { JsonShape } from "./json-shape.js";

/**
 * Marks the dashboard's own polling requests, which the request log leaves out unless
 * asked (`logPolls`, `--log-polls`): a poll a second would drown every other line.
 */
export const POLL_HEADER = "x-dev-poll";

/** The largest request body either service reads; above it the answer is 413. */
export const DEFAULT_MAX_BODY_BYTES: number = 10 * 1024 * 1024;

/** What `readBody` checks beyond its byte limit, as each chunk arrives. */
export interface BodyChecks {
  /** Ends the 413's message, after "over the limit of N bytes": which limit and how to raise it. */
  limitHint?: string | undefined;
  /** Looks at each chunk as it arrives; a message refuses the body with a 400 that starts with it. */
  check?: ((chunk: Buffer) => string | undefined) | undefined;
}

/**
 * Reads the whole body, refusing more than `limit` bytes with 413 (and what `checks.check`
 * refuses with 400) at the first chunk past it; the rest is drained, not kept.
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  checks: BodyChecks = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () =>
      new HttpError(
        413,
        `Request body is over the limit of ${limit} bytes${checks.limitHint ?? ""}`,
      );
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const refuse = (error: HttpError) => {
      failed = true;
      chunks.length = 0;
      reject(error);
    };
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) return refuse(tooLarge());
      const broken = checks.check?.(chunk);
      if (broken !== undefined) return refuse(new HttpError(400, `Request body ${broken}`));
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (err) => {
      if (!failed) refuse(new HttpError(400, `Could not read the request body: ${err.message}`));
    });
  });
}

/** What `readJson` bounds beyond the byte limit. */
export interface JsonChecks {
  /** Ends the 413's message, as `BodyChecks.limitHint`. */
  limitHint?: string | undefined;
  /** The objects and arrays the body may hold; unbounded by default (the byte limit bounds them). */
  maxContainers?: number | undefined;
}

/**
 * Reads a JSON body; `undefined` for an empty one. Its shape is checked as it arrives, once:
 * JSON.parse would build every level of a deep body before a check could refuse it (8 MB of
 * nested arrays held the server 3.4 s), so a body nesting too deep (or holding more objects
 * and arrays than `maxContainers`) is refused with a 400 before anything parses it.
 */
export async function readJson(
  req: IncomingMessage,
  limit: number,
  checks: JsonChecks = {},
): Promise<unknown> {
  const shape = new JsonShape(checks.maxContainers ?? Number.POSITIVE_INFINITY);
  const body = await readBody(req, limit, {
    limitHint: checks.limitHint,
    check: (chunk) => shape.feed(chunk),
  });
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch (err) {
    throw new HttpError(400, `Request body is not valid JSON: ${(err as Error).message}`);
  }
}

/**
 * The request's target as a URL. A target URL parsing refuses (`//%%a` reads as a URL
 * whose host is `%%a`) is the client's error, a 400, not a bug.
 */
export function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? "/", "http://localhost");
  } catch {
    throw new HttpError(
      400,
      `malformed request target ${JSON.stringify((req.url ?? "").slice(0, 100))}`,
    );
  }
}

/** The request target split into its raw path (not decoded) and its query. */
export function splitTarget(req: IncomingMessage): { path: string; query: URLSearchParams } {
  const target = req.url ?? "/";
  const mark = target.indexOf("?");
  const path = mark === -1 ? target : target.slice(0, mark);
  const query = new URLSearchParams(mark === -1 ? "" : target.slice(mark + 1));
  return { path, query };
}

/** Text cut to 100 characters for a message, so a long URL or id never floods it. */
export function short(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

/** Node's header record with repeated headers joined, as one value per lower-case name. */
export function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
