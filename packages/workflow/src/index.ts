/**
 * Typed client of the workflow service: `workflowTrigger` (over `createWorkflowClient`) or
 * `WorkflowClient.trigger` starts a run, every `Svc-*` option typed and validated before
 * anything is sent. openapi-fetch's own client of the spec is `createWorkflowApi`, from
 * `@x/workflow/api`.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/workflow
 */
export type {
  ApiPromise,
  ChainRequest,
  ClientOptions,
  Logger,
  LogLevel,
  Middleware,
  Next,
  Policy,
  PolicyLike,
  RequestOptions,
  Tracing,
  WithResponse,
} from "@x/core";
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
} from "@x/core";
export {
  createWorkflowClient,
  type WorkflowClientHandle,
  workflowClientFromEnv,
} from "./client";
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
export { workflowTrigger } from "./trigger";
export { WorkflowClient } from "./workflow-client";
