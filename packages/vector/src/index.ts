/**
 * Typed client of the vector index service: `VectorIndex` pages through, queries and
 * fetches vectors and reads the index's info, per namespace; `filter` builds safe filters.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/vector
 */
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
export type { FilterExpression, FilterValue } from "./filter";
export { filter } from "./filter";
export type {
  AnyMeta,
  CallOptions,
  FetchOptions,
  IncludeOptions,
  IndexInfo,
  Query,
  RangeAllOptions,
  RangeIterable,
  RangeOptions,
  RangePage,
  ScoreRecord,
  SparseVector,
  VectorIndexOptions,
  VectorRecord,
} from "./types";
export { VectorIndex } from "./vector-index";
