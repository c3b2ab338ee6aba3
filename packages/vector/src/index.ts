/**
 * Typed client of the vector index service: standalone functions (`vectorQuery`,
 * `vectorRange`, ...) over a lean client (`createVectorClient`), for bundles that ship only
 * what they call; `VectorIndex`, a class over the same functions; `filter`, safe filters.
 * openapi-fetch's own client of the spec is `createVectorApi`, from `@x/vector/api`.
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/vector
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
  createVectorClient,
  type VectorClient,
  vectorClientFromEnv,
  withNamespace,
} from "./client";
export { vectorFetch } from "./fetch";
export type { FilterExpression, FilterValue } from "./filter";
export { filter } from "./filter";
/** The spec's generated types, for code that works with the raw operations. */
export type { components, operations, paths } from "./generated/schema";
export { vectorInfo } from "./info";
export { vectorQuery, vectorQueryMany } from "./query";
export { vectorRange, vectorRangeAll } from "./range";
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
