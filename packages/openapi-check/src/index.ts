export { essence, mediaKind } from "./body.js";
export { listExamples, type SpecExample } from "./examples.js";
export { formatViolations } from "./format.js";
export { loadSpec } from "./load.js";
export { decodePercent, matchOperation } from "./match.js";
export {
  MAX_JSON_DEPTH,
  nestsDeeperThan,
  type ParsedBody,
  parseBody,
} from "./read-body.js";
export { checkRequest, validateRequestParts } from "./request.js";
export { checkResponse, validateResponseParts } from "./response.js";
export {
  type ContractSpec,
  createSpec,
  type Operation,
  type Parameter,
  type SpecOptions,
} from "./spec.js";
export type {
  OperationMatch,
  RequestCheck,
  RequestParts,
  ResponseParts,
  Schema,
  ServiceName,
  Violation,
} from "./types.js";
