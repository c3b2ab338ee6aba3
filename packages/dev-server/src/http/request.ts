import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_JSON_DEPTH } from "@x/openapi-check";
import { nestsDeeperThan } from "@x/openapi-check/internal";

/**
 * A request the HTTP layer refuses (no route, no token, wrong method, unreadable body);
 * each service answers it with this status and its own error body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 405, with the method to use instead (sent as the Allow header). */
export class MethodNotAllowed extends HttpError {
  constructor(
    readonly allow: string,
    message: string,
  ) {
    super(405, message);
  }
}

/**
 * Marks the dashboard's own polling requests, which the request log leaves out unless
 * asked (`logPolls`, `--log-polls`): a poll a second would drown every other line.
 */
export const POLL_HEADER = "x-dev-poll";

/** Whether the request log leaves `req` out: a dashboard poll, unless polls are logged. */
export function isUnloggedPoll(req: IncomingMessage, logPolls: boolean | undefined): boolean {
  return req.headers[POLL_HEADER] !== undefined && logPolls !== true;
}

/** The largest request body either service reads; above it the answer is 413. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

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

/**
 * Parses a JSON body; `undefined` for an empty one. The depth is checked first, by a scan
 * that builds nothing: JSON.parse would build every level of a deep body before the check
 * could refuse it (8 MB of nested arrays held the server 3.4 s).
 */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  const text = body.toString("utf8");
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new HttpError(400, `Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `Request body is not valid JSON: ${(err as Error).message}`);
  }
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

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Whether the Authorization header carries exactly `Bearer <token>`, compared in constant time. */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== "string") return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match !== null && sameSecret(match[1]!, token);
}

/** Compares a given secret with the expected one in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}
