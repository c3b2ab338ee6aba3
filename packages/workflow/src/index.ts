export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  XError,
} from "@x/core";
export { WorkflowClient } from "./client";
export { formatDelay, parseDelay } from "./delay";
export type { FlowControl, FlowControlLimits } from "./flow-control";
export { formatFlowControl, parseFlowControlValue } from "./flow-control";
export type {
  HeaderMap,
  Region,
  SvcHeader,
  TriggerOptions,
  TriggerResult,
  WorkflowClientOptions,
} from "./options";
export type { RetryDelay } from "./retry-delay";
export { defaultRetryDelay, parseRetryDelay, retryDelaySchedule } from "./retry-delay";
