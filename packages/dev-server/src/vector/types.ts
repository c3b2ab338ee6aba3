export type Metric = "COSINE" | "EUCLIDEAN" | "DOT_PRODUCT";
export type IndexType = "DENSE" | "SPARSE" | "HYBRID";

/** The one index a vector service holds, fixed at start. */
export interface IndexConfig {
  /** Dense dimension; ignored (reported as 0) for a `SPARSE` index. */
  dimension: number;
  metric: Metric;
  type: IndexType;
}

export interface SparseVector {
  indices: number[];
  values: number[];
}

/** A record as written by the dev-only upsert route or the `seed` option. */
export interface VectorRecordInput {
  id: string;
  vector?: number[];
  sparseVector?: SparseVector;
  metadata?: Record<string, unknown>;
  data?: string;
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
