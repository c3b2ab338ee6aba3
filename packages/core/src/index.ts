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
export { isRetryableStatus, retryDelayMs } from "./retry-policy";
export type { Call, ClientOptions, RawBody, Transport, TransportConfig } from "./transport";
export { createTransport } from "./transport";
export { httpUrl } from "./url";
