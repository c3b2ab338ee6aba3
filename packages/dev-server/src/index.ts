export type { SeedRecord } from "./seed.js";
export { type DevServer, type DevServerOptions, startDevServer } from "./server.js";
export { DEFAULT_VECTOR_LIMITS, type VectorLimits } from "./vector/limits.js";
export {
  createVectorService,
  type VectorService,
  type VectorServiceOptions,
} from "./vector/service.js";
export type {
  IndexConfig,
  IndexType,
  Metric,
  SparseVector,
  VectorRecordInput,
} from "./vector/types.js";
export {
  createWorkflowService,
  type WorkflowService,
  type WorkflowServiceOptions,
} from "./workflow/index.js";
export { DEFAULT_WORKFLOW_LIMITS, type WorkflowLimits } from "./workflow/limits.js";
