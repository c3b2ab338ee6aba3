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
  /** Your metadata, typed `Meta`; present with `includeMetadata` when the vector has any. */
  metadata?: Meta;
}

/** A query result: a record and its similarity (higher is more similar). */
export interface ScoreRecord<Meta = AnyMeta> extends VectorRecord<Meta> {
  /** Similarity to the query, higher is more similar; in [0, 1] on dense indexes. */
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

/** What `range` reads: one page of vectors from `cursor`. */
export interface RangeOptions extends IncludeOptions, CallOptions {
  /** `"0"` for the first page, then the previous page's `nextCursor`. */
  cursor: string;
  /** Page size: a positive integer. */
  limit: number;
  /** Only ids starting with this. */
  prefix?: string;
}

/** One page of `range`: its vectors and the cursor of the next page. */
export interface RangePage<Meta = AnyMeta> {
  /** Pass as `cursor` for the next page; `""` once no vectors remain. */
  nextCursor: string;
  /** The page's vectors, in id order. */
  vectors: VectorRecord<Meta>[];
}

/** What `rangeAll` reads: every vector, or every one whose id starts with `prefix`. */
export interface RangeAllOptions extends IncludeOptions, CallOptions {
  /** Only ids starting with this. */
  prefix?: string;
  /** Vectors per request (default 100). */
  pageSize?: number;
}

/** Every record, page by page; iterate it with `for await`, or its `pages()`. */
export interface RangeIterable<Meta = AnyMeta> extends AsyncIterable<VectorRecord<Meta>> {
  /** The same vectors as whole pages, one request each. */
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
    | {
        /** The dense query vector, of the index's dimension. */
        vector: number[];
        /** The sparse query vector, on sparse and hybrid indexes. */
        sparseVector?: SparseVector;
      }
    | {
        /** The dense query vector, of the index's dimension. */
        vector?: number[];
        /** The sparse query vector, on sparse and hybrid indexes. */
        sparseVector: SparseVector;
      }
  );

/** What `fetch` takes besides ids: what to include, a `prefix`, a `signal`. */
export type FetchOptions = IncludeOptions &
  CallOptions & {
    /** With ids: an id not starting with it is a miss. Alone: at most 1000 vectors. */
    prefix?: string;
  };
