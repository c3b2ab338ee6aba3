/**
 * Local emulators of the workflow and vector services: `startDevServer` runs both on
 * 127.0.0.1, so clients and tests work offline.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/dev-server
 */
export { type Clock, type ClockMode, createClock, type DevClock } from "./clock/clock.js";
export type {
  FaultDrop,
  FaultedRequest,
  FaultRule,
  FaultService,
  FaultView,
} from "./faults/faults.js";
export type { ImportOptions, ImportProgress, ImportResult } from "./import/options.js";
export type { DevFaults } from "./kit/faults.js";
export { DEFAULT_KIT_LIMITS, type KitLimits } from "./kit/limits.js";
export {
  type DevRuns,
  type RunsListOptions,
  RunWaitError,
  type WaitForOptions,
} from "./kit/runs.js";
export type { DevVector, NamespaceOption } from "./kit/vector.js";
export type { SeedRecord } from "./persistence/seed.js";
export type { DevSnapshot } from "./persistence/state.js";
export { type DevServer, type DevServerOptions, startDevServer } from "./server/server.js";
export {
  DimensionMismatchError,
  InvalidInputError,
  NamespaceNotFoundError,
} from "./vector/errors.js";
export { DEFAULT_VECTOR_LIMITS, type VectorLimits } from "./vector/limits.js";
export {
  createVectorService,
  type VectorService,
  type VectorServiceOptions,
} from "./vector/service.js";
export type {
  IndexConfig,
  IndexOptions,
  IndexType,
  Metric,
  SparseVector,
  VectorRecordInput,
} from "./vector/types.js";
export { DEFAULT_WORKFLOW_LIMITS, type WorkflowLimits } from "./workflow/limits.js";
export type { AttemptView, RunState, RunView } from "./workflow/runs.js";
export {
  createWorkflowService,
  type WorkflowService,
  type WorkflowServiceOptions,
} from "./workflow/service.js";
export type { WorkflowSnapshot } from "./workflow/snapshot.js";
