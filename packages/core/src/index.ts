/**
 * Shared core of the x clients: the typed errors every client throws, the options every
 * client takes, the promise every method returns, and the policies of a client's call
 * chain (`use`). The chain under the clients (auth, timeouts, retries with backoff,
 * redirects refused, token redaction) is used through them.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/core
 */
export type { Middleware } from "openapi-fetch";
export type { WithResponse } from "./call/api-promise";
export { ApiPromise } from "./call/api-promise";
export type { AttemptEvent, CallTrace, TracedCallInfo, Tracing } from "./call/tracing";

export type { PolicyLike } from "./chain/chain";
export type { ChainRequest, Next, Policy } from "./chain/policy";
export type { ConnectionFailure } from "./errors/errors";
export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
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
} from "./errors/errors";
// The spec guard's types, and the public home of its error, which each client's `/guard`
// entry point exports from here. `specGuard` itself is in those entry points, over their
// own spec's rules.
export type { DriftPart } from "./guard/answer-check";
export type { ReportedDrift, SpecDrift } from "./guard/spec-drift";
export { SpecDriftError } from "./guard/spec-drift";
export type { SpecGuard, SpecGuardMode, SpecGuardOptions } from "./guard/spec-guard";

export type {
  ClientOptions,
  Fetch,
  FetchOptions,
  RequestOptions,
} from "./options/client-options";
export type { AttemptRecord, Logger, LogLevel } from "./options/log";
