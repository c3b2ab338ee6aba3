/**
 * Shared core of the x clients: the typed errors every client throws, and the transport
 * that sends their calls (auth, timeouts, retries with backoff, token redaction).
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/core
 */
export type { WithResponse } from "./api-promise";
export { ApiPromise } from "./api-promise";
export { checkBaseUrl } from "./base-url";
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
export type { KeyList } from "./known-keys";
export { checkKnownKeys, checkObject, closestKey } from "./known-keys";
export type { AttemptRecord, Logger, LogLevel } from "./log";
export { readLogLevel } from "./log";
export type { OperationConfig, OperationRequest } from "./operation";
export { createRequest } from "./operation";
export type {
  Bytes,
  ContentOf,
  HttpMethod,
  MediaTypeOf,
  MethodsOf,
  OperationAt,
  OperationInit,
  ParamsOf,
  RequestBodyOf,
  ResultOf,
} from "./operation-types";
export { quote } from "./quote";
export { CLIENT_OPTION_KEYS, checkRequestOptions } from "./request-options";
export type {
  Call,
  ClientOptions,
  RawBody,
  RequestOptions,
  Transport,
  TransportConfig,
} from "./transport";
export { createTransport } from "./transport";
export { httpUrl } from "./url";
export type { FetchOptions } from "./validate";
