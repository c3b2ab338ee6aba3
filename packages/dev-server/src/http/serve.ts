// The one way a request is served and a failure answered, for both services and the test
// kit: the request log, CORS, the route, then the answer sent through `sendSafely`. A
// failure becomes a status in one place (`statusOf`) and the service's error body; a failure
// no status covers is a bug, logged and answered 500.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ValidationError } from "@x/core";
import {
  answerPreflight,
  applyCors,
  type CorsPolicy,
  forbiddenOriginMessage,
  isCorsSettled,
} from "./cors.js";
import type { ErrorBody } from "./error-body.js";
import { HttpError, MethodNotAllowed } from "./errors.js";
import { jsonChunks } from "./json-pieces.js";
import { DEFAULT_MAX_BODY_BYTES, splitTarget } from "./request.js";
import { logWhenAnswered } from "./request-log.js";
import { sendFailure, sendSafely } from "./send-safely.js";

/** A route's answer: a status and its JSON body, serialised here within the answer limit. */
export interface Answer {
  status: number;
  body: unknown;
}

/**
 * The most JSON bytes one answer of a port may carry. Every route's answer is serialised in
 * pieces against it and refused with a 400 (the service's error body, this message) once it
 * passes it, before it is built whole: one rule for both services and the kit.
 */
export interface AnswerLimit {
  bytes: number;
  /** The 400's message: names the limit, what to ask for instead, and how to raise it. */
  refusal: string;
}

/** Which browser pages may call, what a preflight grants, and what a refused page is told. */
export interface CorsRule {
  policy: CorsPolicy;
  /** What a preflight to `path` grants; the services' GET and POST when undefined. */
  methods?: ((path: string) => string | undefined) | undefined;
  /** Says why a page is refused, naming the option that lets it in. */
  refusal: (req: IncomingMessage) => string;
}

/** A service's own rule: its `corsOrigin` policy. */
export function serviceCors(
  policy: CorsPolicy,
  methods?: (path: string) => string | undefined,
): CorsRule {
  return { policy, methods, refusal: forbiddenOriginMessage };
}

/** A domain's error class and the status it is answered with. */
export type ErrorStatus = readonly [new (...args: never[]) => Error, number];

/** A service (or the kit, on a service's port) as the one request path sees it. */
export interface Served {
  /** Names it in the request log: `[vector] GET /info 200 1.2 ms`. */
  name: string;
  errorBody: ErrorBody;
  log: (line: string) => void;
  /** Whether the dashboard's polls are logged too (`logPolls`). */
  logPolls: boolean | undefined;
  /** Which pages may call; none for routes served only behind the dev server's kit rule. */
  cors?: CorsRule | undefined;
  /** The domain's own errors, each with its status, in the order they are tried. */
  errorStatuses?: readonly ErrorStatus[] | undefined;
  /** The most an answer of its routes may carry. */
  answerLimit: AnswerLimit;
  /**
   * The largest body its routes read (DEFAULT_MAX_BODY_BYTES when undefined): what is left
   * of a body answered early is read and dropped up to this many bytes before the answer.
   */
  maxBodyBytes?: number | undefined;
}

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * The one place a failure becomes a status: the HTTP layer's own, core's ValidationError for
 * input (400), the domain's errors; undefined for a bug.
 */
function statusOf(error: unknown, domain: readonly ErrorStatus[] = []): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (error instanceof ValidationError) return 400;
  for (const [type, status] of domain) if (error instanceof type) return status;
  return undefined;
}

/** Serves `req` with `route`'s answer; never throws, whatever the route does. */
export function serve(
  req: IncomingMessage,
  res: ServerResponse,
  served: Served,
  route: (req: IncomingMessage) => Promise<Answer>,
): void {
  if (
    served.cors !== undefined &&
    !isCorsSettled(req) &&
    answersCors(req, res, served, served.cors)
  ) {
    return;
  }
  logWhenAnswered(req, res, served.name, served.log, served.logPolls);
  let answering: Promise<Answer>;
  try {
    answering = route(req);
  } catch (error) {
    answering = Promise.reject(error);
  }
  answering.then(
    (answer) => sendBounded(req, res, answer, served),
    (error: unknown) => sendError(req, res, served, error),
  );
}

/**
 * Applies a CORS rule: sets its headers, then answers a preflight (204) or refuses a page of
 * an origin the policy leaves out (403), logged as any answer; true when it answered, false
 * to go on.
 */
export function answersCors(
  req: IncomingMessage,
  res: ServerResponse,
  served: Served,
  rule: CorsRule,
): boolean {
  const verdict = applyCors(req, res, rule.policy, rule.methods?.(splitTarget(req).path));
  if (verdict === "continue") return false;
  logWhenAnswered(req, res, served.name, served.log, served.logPolls);
  if (verdict === "preflight") answerPreflight(res);
  else sendError(req, res, served, new HttpError(403, rule.refusal(req)));
  return true;
}

function logOf(served: Served): (line: string) => void {
  return (line) => served.log(`[${served.name}] ${line}`);
}

/**
 * Sends a route's answer as JSON, serialised in pieces within the port's answer limit: past
 * it, a 400 instead. A body that cannot be serialised is a 500 like any failed send.
 */
function sendBounded(req: IncomingMessage, res: ServerResponse, answer: Answer, served: Served) {
  let chunks: readonly Buffer[] | undefined;
  try {
    chunks = jsonChunks(answer.body, served.answerLimit.bytes);
  } catch (error) {
    sendFailure(res, answer.status, error, served.errorBody, logOf(served));
    return;
  }
  if (chunks === undefined) {
    sendError(req, res, served, new HttpError(400, served.answerLimit.refusal));
    return;
  }
  sendSafely(res, answer.status, JSON_HEADERS, chunks, served.errorBody, logOf(served));
}

/** Sends an error body: built here, small, so outside the answer limit. */
function sendErrorBody(res: ServerResponse, status: number, body: unknown, served: Served): void {
  const chunks = [Buffer.from(JSON.stringify(body))];
  sendSafely(res, status, JSON_HEADERS, chunks, served.errorBody, logOf(served));
}

/** Answers a failure with its status and the service's error body; a bug with a 500. */
function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  served: Served,
  error: unknown,
): void {
  let status = statusOf(error, served.errorStatuses);
  let message: string;
  if (status !== undefined && error instanceof Error) {
    if (error instanceof MethodNotAllowed) res.setHeader("allow", error.allow);
    message = error.message;
  } else {
    // Only a bug lands here; bad input is answered with a 4xx above.
    served.log(
      `[${served.name}] internal error: ${error instanceof Error ? error.stack : String(error)}`,
    );
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    status = 500;
    message = `internal server error (${reason})`;
  }
  // Answered at once, and the connection kept open while what is left of the body arrives.
  if (!req.complete) dropRest(req, served.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  sendErrorBody(res, status, served.errorBody(status, message), served);
}

/**
 * Reads what is left of a body answered early (a 400 at its first chunk, a 401 before it is
 * read, a 413) and drops it, up to `limit` more bytes, then closes the connection. Closing
 * it at once (`connection: close`) reset it under a client that writes its whole body
 * before it reads (most do): it saw EPIPE or ECONNRESET instead of the answer. Once the body
 * ends the connection serves the next request.
 */
function dropRest(req: IncomingMessage, limit: number): void {
  let dropped = 0;
  const onData = (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > limit) req.socket.destroy();
  };
  req.on("data", onData);
  req.once("close", () => req.off("data", onData));
  req.resume();
}
