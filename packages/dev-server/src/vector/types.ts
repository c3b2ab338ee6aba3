import type { Optional } from "@x/core/internal";

/** Similarity function of a dense index. */
export type Metric = "COSINE" | "EUCLIDEAN" | "DOT_PRODUCT";
/** Kind of index: dense vectors, sparse vectors, or both. */
export type IndexType = "DENSE" | "SPARSE" | "HYBRID";

/** The one index a vector service holds, fixed at start. */
export interface IndexConfig {
  /** Dense dimension; ignored (reported as 0) for a `SPARSE` index. */
  dimension: number;
  /** Similarity function of the dense part. */
  metric: Metric;
  /** Which vectors each record carries. */
  type: IndexType;
}

/** The index a vector service emulates, as its options give it; every field has a default. */
export interface IndexOptions extends Optional<IndexConfig> {
  /** How long an upserted record counts as pending in `info`, in ms; 50 by default. */
  pendingMs?: number | undefined;
}

/** A sparse vector: its non-zero dimensions and their values. */
export interface SparseVector {
  /** Dimensions with a non-zero value, each once. */
  indices: number[];
  /** The value of each of `indices`, in the same order. */
  values: number[];
}

/** A record as written by the dev-only upsert route or the `seed` option. */
export interface VectorRecordInput {
  /** Id of the record; an upsert with an existing id replaces it. */
  id: string;
  /** Dense vector; required on `DENSE` and `HYBRID` indexes. */
  vector?: number[] | undefined;
  /** Sparse vector; required on `SPARSE` and `HYBRID` indexes. */
  sparseVector?: SparseVector | undefined;
  /** Metadata that query filters read: a JSON object, of an interface or a type alias. */
  metadata?: object | undefined;
  /** Free text stored with the record. */
  data?: string | undefined;
}

export interface StoredRecord {
  id: string;
  /** Row of the dense matrix, -1 on a sparse index. */
  slot: number;
  sparse?: SparseVector;
  metadata?: Record<string, unknown>;
  data?: string;
  /** Epoch ms from which `info` counts it as ready rather than pending. */
  readyAt: number;
  /** Bytes it adds to `indexSize`. */
  bytes: number;
  /** UTF-8 bytes of its metadata as JSON text; 0 without metadata. */
  metadataBytes: number;
}

export interface Scored {
  record: StoredRecord;
  score: number;
}

/** Which optional parts of a record an answer carries (range, fetch and query ask). */
export interface Include {
  metadata: boolean;
  vectors: boolean;
  data: boolean;
}
