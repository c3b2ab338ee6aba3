import type { ClientOptions } from "@x/core";
import type { FilterExpression } from "./filter";
import type { components } from "./generated/schema";

type Schemas = components["schemas"];

/** The metadata type when none is given. */
export type AnyMeta = Record<string, unknown>;

export interface VectorIndexOptions extends ClientOptions {
  /** REST URL of the index, e.g. `https://my-index.vector.example.com`. */
  url: string;
  /** Namespace the calls work on; the default namespace is `""`. */
  namespace?: string;
}

/** `{ indices, values }`: the non-zero dimensions of a sparse vector and their values. */
export type SparseVector = Schemas["SparseVector"];

/**
 * A stored vector. Only `id` is always present: `vector`/`sparseVector` come with
 * `includeVectors` (by index type), `metadata` with `includeMetadata` when the vector has
 * metadata, `data` with `includeData` when it has data.
 */
export interface VectorRecord<Meta = AnyMeta> extends Omit<Schemas["VectorRecord"], "metadata"> {
  metadata?: Meta;
}

/** A query result: a record and its similarity (higher is more similar). */
export interface ScoreRecord<Meta = AnyMeta> extends VectorRecord<Meta> {
  score: number;
}

/** Counts and configuration of the whole index (not per namespace). */
export type IndexInfo = Schemas["IndexInfo"];

/** Per-call options every method takes. */
export interface CallOptions {
  /** Aborts the call (and, for `rangeAll`, the iteration). */
  signal?: AbortSignal;
}

/** What to include in each returned record; all default to false. */
export type IncludeOptions = Partial<
  Pick<Schemas["RangeRequest"], "includeMetadata" | "includeVectors" | "includeData">
>;

export interface RangeOptions extends IncludeOptions, CallOptions {
  /** `"0"` for the first page, then the previous page's `nextCursor`. */
  cursor: string;
  /** Page size: a positive integer. */
  limit: number;
  /** Only ids starting with this. */
  prefix?: string;
}

export interface RangePage<Meta = AnyMeta> {
  /** Pass as `cursor` for the next page; `""` once no vectors remain. */
  nextCursor: string;
  vectors: VectorRecord<Meta>[];
}

export interface RangeAllOptions extends IncludeOptions, CallOptions {
  prefix?: string;
  /** Vectors per request (default 100). */
  pageSize?: number;
}

/** Every record, page by page; iterate it with `for await`, or its `pages()`. */
export interface RangeIterable<Meta = AnyMeta> extends AsyncIterable<VectorRecord<Meta>> {
  pages(): AsyncIterable<RangePage<Meta>>;
}

type QueryFields = Partial<
  Pick<Schemas["QueryWithVector"], "topK" | "weightingStrategy" | "fusionAlgorithm">
> &
  IncludeOptions & {
    /** A filter string in the service's language, or an expression built with `filter`. */
    filter?: string | FilterExpression;
  };

/** One query: a dense `vector`, a `sparseVector`, or both (hybrid indexes). */
export type Query = QueryFields &
  (
    | { vector: number[]; sparseVector?: SparseVector }
    | { vector?: number[]; sparseVector: SparseVector }
  );

export type FetchOptions = IncludeOptions &
  CallOptions & {
    /** With ids: an id not starting with it is a miss. Alone: at most 1000 vectors. */
    prefix?: string;
  };
