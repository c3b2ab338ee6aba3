// How a record is saved in a snapshot and in the state file: as the upsert route takes it,
// but its dense vector as base64 of its float32 values (little-endian). The values are what
// the index holds (float32), so they come back bit for bit; the text is 1.33 bytes per byte
// of float32, where JSON numbers took 10-20 characters per value and a JSON array of
// doubles twice the memory of the values once parsed.
import { encodeVector } from "./float32-base64.js";
import type { Namespace } from "./namespace.js";
import type { SparseVector, StoredRecord } from "./types.js";

/** A record as a snapshot and the state file hold it. */
export interface SavedRecord {
  id: string;
  /** Base64 of the dense values as little-endian float32. */
  vector?: string;
  sparseVector?: SparseVector;
  metadata?: Record<string, unknown>;
  data?: string;
}

/** `record` of `ns` as it is saved. */
export function savedRecord(ns: Namespace, record: StoredRecord): SavedRecord {
  const saved: SavedRecord = { id: record.id };
  if (ns.matrix && record.slot >= 0) saved.vector = encodeVector(ns.matrix.rowView(record.slot));
  if (record.sparse) saved.sparseVector = record.sparse;
  if (record.metadata !== undefined) saved.metadata = record.metadata;
  if (record.data !== undefined) saved.data = record.data;
  return saved;
}
