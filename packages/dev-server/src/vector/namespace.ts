import { DenseMatrix } from "./dense-matrix.js";
import type { CheckedRecord } from "./input.js";
import type { IndexConfig, StoredRecord } from "./types.js";

/**
 * UTF-8 bytes of `s`, a lone surrogate counting as the 3 bytes of U+FFFD as TextEncoder
 * writes it; counted without encoding, as each record's id and metadata are measured.
 */
function byteLength(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/**
 * The records of one namespace. Dense values live in a DenseMatrix row per record. Range,
 * prefix fetch and scan read the records in insertion order (an upsert of an existing id
 * keeps its place); the list of ids in that order is extended by upserts and rebuilt
 * lazily after deletes, so a burst of deletes costs one rebuild, not one splice each.
 */
export class Namespace {
  readonly records: Map<string, StoredRecord> = new Map();
  /** Record of each dense row. */
  readonly bySlot: StoredRecord[] = [];
  /** How many records hold each sparse index (document frequency, for IDF). */
  readonly termCounts: Map<number, number> = new Map();
  readonly matrix: DenseMatrix | undefined;
  bytes = 0;
  private ordered: string[] | null = [];

  constructor(
    readonly config: IndexConfig,
    matrix?: DenseMatrix,
  ) {
    this.matrix =
      config.type === "SPARSE" ? undefined : (matrix ?? new DenseMatrix(config.dimension));
  }

  /**
   * An empty namespace to take this one's place, on this one's dense memory (emptied; this
   * one is dropped). The memory stays as large as it grew, as it does when records are deleted.
   */
  emptied(): Namespace {
    this.matrix?.clear();
    return new Namespace(this.config, this.matrix);
  }

  get size(): number {
    return this.records.size;
  }

  /** Ids in insertion order: a record's position is its range offset. */
  ids(): string[] {
    if (this.ordered === null) this.ordered = [...this.records.keys()];
    return this.ordered;
  }

  upsert(input: CheckedRecord, readyAt: number): void {
    const old = this.records.get(input.id);
    let slot = -1;
    if (this.matrix && input.vector) {
      if (old) {
        slot = old.slot;
        this.matrix.write(slot, input.vector);
      } else {
        slot = this.matrix.push(input.vector);
      }
    }
    if (old) this.forget(old);
    else this.ordered?.push(input.id);
    const record: StoredRecord = { id: input.id, slot, readyAt, bytes: 0, metadataBytes: 0 };
    if (input.sparseVector) record.sparse = input.sparseVector;
    if (input.metadata !== undefined) {
      // A JSON object: upsertBody checked it (the input type is `object`, so interfaces fit).
      record.metadata = input.metadata as Record<string, unknown>;
      record.metadataBytes = byteLength(JSON.stringify(input.metadata));
    }
    if (input.data !== undefined) record.data = input.data;
    record.bytes = recordBytes(record, this.matrix ? this.config.dimension : 0);
    this.bytes += record.bytes;
    for (const i of record.sparse?.indices ?? []) {
      this.termCounts.set(i, (this.termCounts.get(i) ?? 0) + 1);
    }
    this.records.set(input.id, record);
    if (slot >= 0) this.bySlot[slot] = record;
  }

  delete(id: string): boolean {
    const record = this.records.get(id);
    if (!record) return false;
    this.forget(record);
    this.records.delete(id);
    this.ordered = null;
    if (this.matrix && record.slot >= 0) {
      const moved = this.matrix.remove(record.slot);
      if (moved >= 0) {
        const movedRecord = this.bySlot[moved]!;
        movedRecord.slot = record.slot;
        this.bySlot[record.slot] = movedRecord;
      }
      this.bySlot.length = this.matrix.count;
    }
    return true;
  }

  /** Undoes what a record adds to the size and term counts. */
  private forget(record: StoredRecord): void {
    this.bytes -= record.bytes;
    for (const i of record.sparse?.indices ?? []) {
      const n = (this.termCounts.get(i) ?? 1) - 1;
      if (n === 0) this.termCounts.delete(i);
      else this.termCounts.set(i, n);
    }
  }
}

// indexSize counts what a record stores: its id, dense values as float32 (4 bytes each),
// sparse entries as a 4-byte index plus a 4-byte value, metadata as its JSON text, and data,
// all text in UTF-8 bytes.
function recordBytes(record: StoredRecord, dim: number): number {
  let bytes = byteLength(record.id);
  if (record.slot >= 0) bytes += dim * 4;
  if (record.sparse) bytes += record.sparse.indices.length * 8;
  bytes += record.metadataBytes;
  if (record.data !== undefined) bytes += byteLength(record.data);
  return bytes;
}
