import type { ClientOptions } from "@x/core";
import type { RequestBodyJSON, SuccessResponseJSON } from "openapi-typescript-helpers";
import type { FilterExpression } from "./filter";
import type { components, operations } from "./generated/schema";

type Schemas = components["schemas"];

/**
 * `T` (each member, for a union) with `undefined` taken wherever a field is optional, as
 * the field left out; required fields stay as they are. For the request types drawn from
 * the spec's generated types, which write an optional field `?: T`, under a user's
 * `exactOptionalPropertyTypes`.
 */
type TakingUndefined<T> = {
  [K in keyof T]: Partial<Pick<T, K>> extends Pick<T, K> ? T[K] | undefined : T[K];
};

// The namespaced operations; the default namespace's share their bodies and results.
type RangeOperation = operations["rangeVectorsInNamespace"];
type FetchOperation = operations["fetchVectorsInNamespace"];
type InfoOperation = operations["getIndexInfo"];

/** The metadata type when none is given. */
export type AnyMeta = Record<string, unknown>;

export interface VectorIndexOptions extends ClientOptions {
  /** REST URL of the index, e.g. `https://my-index.vector.example.com`. */
  url: string;
  /** Namespace the calls work on; the default namespace is `""`. */
  namespace?: string | undefined;
}

/** `{ indices, values }`: the non-zero dimensions of a sparse vector and their values. */
export type SparseVector = Schemas["SparseVector"];

/** The spec's record, with `metadata` of the caller's type. */
type WithMeta<Record, Meta> = Omit<Record, "metadata"> & { metadata?: Meta };

/**
 * A stored vector. Only `id` is always present: `vector`/`sparseVector` come with
 * `includeVectors` (by index type), `metadata` with `includeMetadata` when the vector has
 * metadata, `data` with `includeData` when it has data.
 */
export type VectorRecord<Meta = AnyMeta> = WithMeta<Schemas["VectorRecord"], Meta>;

/** A query result: a record and its similarity (higher is more similar). */
export type ScoreRecord<Meta = AnyMeta> = WithMeta<Schemas["ScoreRecord"], Meta>;

/** Counts and configuration of the whole index (not per namespace). */
export type IndexInfo = SuccessResponseJSON<InfoOperation>["result"];

/** What to include in each returned record; all default to false. */
export type IncludeOptions = Pick<
  RangeRequest,
  "includeMetadata" | "includeVectors" | "includeData"
>;

/**
 * The request of `range`: the spec's range body (`cursor`, `limit`, `prefix`, includes).
 * Its optional fields (as in every request type here) take `undefined` as left out.
 */
export type RangeRequest = TakingUndefined<RequestBodyJSON<RangeOperation>>;

type RangeResult = SuccessResponseJSON<RangeOperation>["result"];

/** One page of `range`: `nextCursor` (`""` once no vectors remain) and the vectors. */
export type RangePage<Meta = AnyMeta> = Omit<RangeResult, "vectors"> & {
  /** The vectors of this page, with their metadata typed as `Meta`. */
  vectors: VectorRecord<Meta>[];
};

/** The request of `rangeAll`: a range request without paging, which it does itself. */
export type RangeAllRequest = Omit<RangeRequest, "cursor" | "limit"> & {
  /** Vectors per request (default 100). */
  pageSize?: number | undefined;
  /**
   * Where to start: `"0"` (the default) for the first vector, or the `nextCursor` of a page
   * an earlier range or rangeAll gave, to go on from there (after an interruption, say).
   */
  cursor?: string | undefined;
};

/** Every record, page by page; iterate it with `for await`, or its `pages()`. */
export interface RangeIterable<Meta = AnyMeta> extends AsyncIterable<VectorRecord<Meta>> {
  /**
   * The same vectors as whole pages, one request each.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * for await (const page of index.rangeAll({ pageSize: 100 }).pages()) {
   *   console.log(page.vectors.length, page.nextCursor);
   * }
   * ```
   */
  pages(): AsyncIterable<RangePage<Meta>>;
}

/** A query branch with `filter` also taking an expression built with `filter`. */
type WithFilter<Branch extends { filter?: string }> = TakingUndefined<
  Omit<Branch, "filter"> & {
    /** A filter string in the service's language, or an expression built with `filter`. */
    filter?: Branch["filter"] | FilterExpression;
  }
>;

// Interfaces rather than aliases, so a compiler's message names them.

/** A query with a dense `vector`, and a `sparseVector` too on a hybrid index. */
export interface DenseQuery extends WithFilter<Schemas["QueryWithVector"]> {}

/** A query with a `sparseVector` alone. */
export interface SparseQuery extends WithFilter<Omit<Schemas["QueryWithSparseVector"], "vector">> {
  /**
   * Left out: giving `vector` makes the query a `DenseQuery`. Stated, so that a
   * mistake in a query is reported on its own field rather than as a missing `sparseVector`.
   */
  vector?: undefined;
}

/** One query: a dense `vector`, a `sparseVector`, or both (hybrid indexes). */
export type Query = DenseQuery | SparseQuery;

/** The request of `fetch`: `{ ids }` (with an optional `prefix`), or `{ prefix }` alone. */
export type FetchRequest = TakingUndefined<RequestBodyJSON<FetchOperation>>;

/** A fetch by ids: the spec's `FetchByIds`. */
export type FetchByIds = TakingUndefined<Schemas["FetchByIds"]>;

/** A fetch by prefix alone: the spec's `FetchByPrefix` without `ids`. */
export type FetchByPrefix = TakingUndefined<Omit<Schemas["FetchByPrefix"], "ids">> & {
  /** Left out: giving `ids` makes the request a `FetchByIds`. */
  ids?: undefined;
};
