/**
 * Shared core of the x clients: the typed errors every client throws, and the transport
 * that sends their calls (auth, timeouts, retries with backoff, token redaction).
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/core
 */
export { readEnv } from "./env";
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
export type { Call, ClientOptions, RawBody, Transport, TransportConfig } from "./transport";
export { createTransport } from "./transport";
export { httpUrl } from "./url";
