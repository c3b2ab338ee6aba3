// How a record is saved in a snapshot and in the state file: as the upsert route takes it,
// but its dense vector as base64 of its float32 values (little-endian). The values are what
// the index holds (float32), so they come back bit for bit; the text is 1.33 bytes per byte
// of float32, where JSON numbers took 10-20 characters per value and a JSON array of
// doubles twice the memory of the values once parsed.
import { endianness } from "node:os";
import { InvalidInputError } from "./errors.js";
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

// Float32Array is in the platform's order; base64 is saved little-endian everywhere.
const BIG_ENDIAN = endianness() === "BE";

/** Base64 of `values` as little-endian float32. */
export function encodeVector(values: Float32Array): string {
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  if (!BIG_ENDIAN) return bytes.toString("base64");
  return Buffer.from(bytes).swap32().toString("base64");
}

/**
 * The float32 values of a saved vector of `dimension` values, in `into` when given (a
 * restore reuses one for every record it writes); an InvalidInputError naming `where` for
 * text that is not base64 of that many values.
 */
export function decodeVector(
  text: string,
  dimension: number,
  where: string,
  into: Float32Array = new Float32Array(dimension),
): Float32Array {
  const values = into;
  // Decoded straight into the values' memory: no buffer in between to allocate and copy.
  const bytes = Buffer.from(values.buffer);
  const length = Math.ceil((dimension * 4) / 3) * 4;
  // Buffer.write skips what is not base64, so the lengths are what tell a corrupt text.
  if (text.length !== length || bytes.write(text, "base64") !== dimension * 4) {
    throw new InvalidInputError(
      `${where}: must be base64 of ${dimension} float32 values (${length} characters; got ${text.length})`,
    );
  }
  if (BIG_ENDIAN) bytes.swap32();
  return values;
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
