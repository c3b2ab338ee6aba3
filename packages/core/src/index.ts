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
