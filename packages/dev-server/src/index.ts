export type { SeedRecord } from "./seed.js";
export { type DevServer, type DevServerOptions, startDevServer } from "./server.js";
export { DimensionMismatch, InvalidInput, NamespaceNotFound } from "./vector/errors.js";
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
