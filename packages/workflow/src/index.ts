/**
 * Typed client of the workflow service: `WorkflowClient.trigger` starts a run, every
 * `Svc-*` option typed and validated before anything is sent.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/workflow
 */
export type {
  ApiPromise,
  ClientOptions,
  Logger,
  LogLevel,
  Middleware,
  RequestOptions,
  Tracing,
  WithResponse,
} from "@x/core";
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
} from "@x/core";
export { WorkflowClient } from "./client";
export { formatDelay, MAX_DELAY_SECONDS } from "./delay";
export type { FlowControl } from "./flow-control";
/** The spec's generated types, for code that works with the raw operation. */
export type { components, operations, paths } from "./generated/schema";
export { MAX_NOT_BEFORE_SECONDS } from "./headers";
export type {
  FailureCallback,
  HeaderMap,
  Region,
  SvcHeader,
  TriggerRequest,
  TriggerResult,
  WorkflowClientOptions,
} from "./options";
export type { RetryDelay } from "./retry-delay";
export { defaultRetryDelay, parseRetryDelay, retryDelaySchedule } from "./retry-delay";
