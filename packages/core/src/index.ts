/**
 * Shared core of the x clients: the typed errors every client throws, and the transport
 * that sends their calls (auth, timeouts, retries with backoff, token redaction).
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/core
 */
export { readEnv } from "./env";
export type { StatusHints } from "./error-from-response";
export type { ConnectionFailure } from "./errors";
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InternalServerError,
  invalid,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  XError,
} from "./errors";
export type { AttemptRecord, Logger, LogLevel } from "./log";
export { readLogLevel } from "./log";
export type { Call, ClientOptions, RawBody, Transport, TransportConfig } from "./transport";
export { createTransport } from "./transport";
export { httpUrl } from "./url";
export type { FetchOptions } from "./validate";
