/**
 * Typed client of the vector index service: `VectorIndex` pages through, queries and
 * fetches vectors and reads the index's info, per namespace; `filter` builds safe filters.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/vector
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
export type { FilterExpression, FilterValue } from "./filter";
export { filter } from "./filter";
/** The spec's generated types, for code that works with the raw operations. */
export type { components, operations, paths } from "./generated/schema";
export type {
  AnyMeta,
  DenseQuery,
  FetchByIds,
  FetchByPrefix,
  FetchRequest,
  IncludeOptions,
  IndexInfo,
  Query,
  RangeAllRequest,
  RangeIterable,
  RangePage,
  RangeRequest,
  ScoreRecord,
  SparseQuery,
  SparseVector,
  VectorIndexOptions,
  VectorRecord,
} from "./types";
export { VectorIndex } from "./vector-index";
