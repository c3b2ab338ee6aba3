/**
 * Local emulators of the workflow and vector services: `startDevServer` runs both on
 * 127.0.0.1, so clients and tests work offline.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/dev-server
 */
export { type Clock, type ClockMode, createClock, type DevClock } from "./clock.js";
export type { DevFaults } from "./dev-faults.js";
export {
  type DevRuns,
  type RunsListOptions,
  RunWaitError,
  type WaitForOptions,
} from "./dev-runs.js";
export type { DevVector, NamespaceOption } from "./dev-vector.js";
export type {
  FaultDrop,
  FaultedRequest,
  FaultRule,
  FaultService,
  FaultView,
} from "./faults.js";
export { DEFAULT_KIT_LIMITS, type KitLimits } from "./kit-limits.js";
export type { RandomState } from "./random.js";
export type { SeedRecord } from "./seed.js";
export { type DevServer, type DevServerOptions, startDevServer } from "./server.js";
export type { DevSnapshot } from "./state.js";
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
export type { SavedFlowKey } from "./workflow/flow-control.js";
export {
  type AttemptView,
  createWorkflowService,
  type RunState,
  type RunView,
  type SavedRun,
  type SnapshotRun,
  type WorkflowService,
  type WorkflowServiceOptions,
  type WorkflowSnapshot,
} from "./workflow/index.js";
export { DEFAULT_WORKFLOW_LIMITS, type WorkflowLimits } from "./workflow/limits.js";
export type { FinishedRun } from "./workflow/saved-runs.js";
