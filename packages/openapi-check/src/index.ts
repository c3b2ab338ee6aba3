/**
 * Checks HTTP requests and responses against the workflow and vector OpenAPI specs:
 * `loadSpec` gives a spec, `checkRequest` / `checkResponse` list what it rules out, and
 * `formatViolations` writes them one per line.
 *
 * @packageDocumentation
 * @module @x/openapi-check
 */
export { listExamples, type SpecExample } from "./examples.js";
export { formatViolations } from "./format.js";
export { loadSpec } from "./load.js";
export { matchOperation } from "./match.js";
export { MAX_JSON_DEPTH, type ParsedBody, parseBody } from "./read-body.js";
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
