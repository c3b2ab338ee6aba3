/**
 * Shared core of the x clients: the typed errors every client throws, the options every
 * client takes, and the promise every method returns. The transport under the clients
 * (auth, timeouts, retries with backoff, token redaction) is used through them.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/core
 */
export type { Middleware } from "openapi-fetch";
export type { WithResponse } from "./api-promise";
export { ApiPromise } from "./api-promise";
export type { Fetch } from "./attempt";
export type { AttemptEvent, ClientOptions, RequestOptions, Tracing } from "./client-options";
export type { ConnectionFailure } from "./errors";
export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  GoneError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ResponseTooLargeError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  XError,
} from "./errors";
// The spec guard's types, and the public home of its error, which each client's `/guard`
// entry point exports from here. `specGuard` itself is in those entry points, over their
// own spec's rules.
export type { DriftPart } from "./guard/answer-check";
export type { ReportedDrift, SpecDrift } from "./guard/spec-drift";
export { SpecDriftError } from "./guard/spec-drift";
export type { SpecGuard, SpecGuardMode, SpecGuardOptions } from "./guard/spec-guard";
export type { AttemptRecord, Logger, LogLevel } from "./log";
export type { CallTrace, TracedCallInfo } from "./tracing-hook";
export type { FetchOptions } from "./validate";
