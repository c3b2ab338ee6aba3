// Checks of request bodies beyond what the spec's schemas say (and, for the dev-only write
// routes, which the spec does not describe, all of it). Every failure is an InvalidInputError.
import { loadSpec } from "@x/openapi-check";
import { plural } from "../plural.js";
import { DimensionMismatchError, InvalidInputError } from "./errors.js";
import { decodeVector } from "./float32-base64.js";
import type { IndexConfig, SparseVector, VectorRecordInput } from "./types.js";

/**
 * A record checked for the index, ready to write; its dense values may be a Float32Array
 * (a saved record's, decoded), which is what the index keeps anyway.
 */
export interface CheckedRecord extends Omit<VectorRecordInput, "vector"> {
  vector?: ArrayLike<number> | undefined;
}

/** Reads a record's `vector` field as one source writes it; checked as `denseVector` checks. */
type DenseReader = (value: unknown, config: IndexConfig, where: string) => ArrayLike<number>;

type VectorSpec = { components: { schemas: { VectorRecord: { properties: object } } } };

/** The fields of a written record: those of the spec's `VectorRecord`, as reads return it. */
const RECORD_FIELDS = new Set(
  Object.keys(
    (loadSpec("vector").document as VectorSpec).components.schemas.VectorRecord.properties,
  ),
);

const FLOAT32_MAX = 3.4028234663852886e38;
// Stored metadata is serialized and walked recursively; bound its nesting.
const MAX_METADATA_DEPTH = 64;

function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (d > deepest) deepest = d;
    if (deepest > MAX_METADATA_DEPTH) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

function bad(message: string): never {
  throw new InvalidInputError(message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A dense vector of the index's dimension; DimensionMismatchError on a wrong length. */
export function denseVector(value: unknown, config: IndexConfig, where: string): number[] {
  if (!Array.isArray(value)) bad(`${where}: must be an array of numbers`);
  return checkedValues(value, config, where) as number[];
}

/**
 * Reads a saved record's vector: base64 of float32 values as x-dev saves it (decoded into
 * `scratch`, valid until the next record), or an array of numbers as older snapshots and
 * hand-written ones hold it.
 */
function savedVector(scratch: Float32Array): DenseReader {
  return (value, config, where) => {
    if (typeof value !== "string") return denseVector(value, config, where);
    const values = decodeVector(value, config.dimension, where, scratch);
    // Float32 values are within range by their type; x * 0 is NaN only for NaN and Infinity.
    let check = 0;
    for (let i = 0; i < values.length; i++) check += (values[i] as number) * 0;
    if (Number.isNaN(check)) bad(`${where}: must hold finite numbers within float32 range`);
    return values;
  };
}

/** `value`'s numbers checked finite and within float32, and as many as the dimension. */
function checkedValues(
  value: ArrayLike<unknown>,
  config: IndexConfig,
  where: string,
): ArrayLike<number> {
  // Indexed rather than for-of, which took twice as long: a restore checks millions.
  for (let i = 0; i < value.length; i++) {
    const x: unknown = value[i];
    if (typeof x !== "number" || !Number.isFinite(x) || Math.abs(x) > FLOAT32_MAX) {
      bad(`${where}: must hold finite numbers within float32 range`);
    }
  }
  if (value.length !== config.dimension) {
    throw new DimensionMismatchError(
      `Invalid vector dimension: ${value.length}, expected: ${config.dimension}`,
    );
  }
  return value as ArrayLike<number>;
}

/**
 * A sparse vector as the index holds it: an index sent more than once is one entry, at its
 * first place, holding the sum of its values (the service accepts repeats), and every
 * value is a float32.
 */
export function sparseVector(value: unknown, where: string, allowEmpty: boolean): SparseVector {
  if (!isObject(value)) bad(`${where}: must be an object with indices and values`);
  const { indices, values } = value;
  if (!Array.isArray(indices) || !Array.isArray(values))
    bad(`${where}: needs indices and values arrays`);
  if (indices.length !== values.length) {
    bad(
      `${where}: indices has ${plural(indices.length, "entry", "entries")} but values has ${plural(values.length, "entry", "entries")}`,
    );
  }
  if (!allowEmpty && indices.length === 0) bad(`${where}: needs at least one non-zero dimension`);
  for (const i of indices) {
    if (typeof i !== "number" || !Number.isInteger(i) || i < 0 || i > 0xffffffff) {
      bad(`${where}.indices: must be integers from 0 to 4294967295`);
    }
  }
  for (const x of values) {
    if (typeof x !== "number" || !Number.isFinite(x))
      bad(`${where}.values: must be finite numbers`);
  }
  const sums = new Map<number, number>();
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k] as number;
    sums.set(i, (sums.get(i) ?? 0) + (values[k] as number));
  }
  // Float32 range, as dense values: products of larger values overflow float64 to
  // Infinity (1e200 x 1e200), and a score of Infinity or NaN has no JSON form.
  for (const sum of sums.values()) {
    if (Math.abs(sum) > FLOAT32_MAX) bad(`${where}.values: must be within float32 range`);
  }
  return { indices: [...sums.keys()], values: Array.from(sums.values(), Math.fround) };
}

/** One record of the dev-only upsert: what each index type needs. */
function upsertRecord(
  raw: unknown,
  config: IndexConfig,
  where: string,
  readDense: DenseReader,
): CheckedRecord {
  if (!isObject(raw)) bad(`${where}: must be an object with an id`);
  for (const key of Object.keys(raw)) {
    if (!RECORD_FIELDS.has(key)) bad(`${where}.${key}: unknown field`);
  }
  const id = typeof raw.id === "number" && Number.isFinite(raw.id) ? String(raw.id) : raw.id;
  if (typeof id !== "string" || id === "") bad(`${where}.id: must be a non-empty string`);
  const record: CheckedRecord = { id };
  const wantsDense = config.type !== "SPARSE";
  const wantsSparse = config.type !== "DENSE";
  if (raw.vector !== undefined) {
    if (!wantsDense) bad(`${where}.vector: this index is SPARSE; send sparseVector`);
    record.vector = readDense(raw.vector, config, `${where}.vector`);
  } else if (wantsDense) {
    bad(`${where}.vector: required on a ${config.type} index`);
  }
  if (raw.sparseVector !== undefined) {
    if (!wantsSparse) bad(`${where}.sparseVector: this index is DENSE; send vector`);
    record.sparseVector = sparseVector(raw.sparseVector, `${where}.sparseVector`, false);
  } else if (wantsSparse) {
    bad(`${where}.sparseVector: required on a ${config.type} index`);
  }
  if (raw.metadata !== undefined) {
    if (!isObject(raw.metadata)) bad(`${where}.metadata: must be a JSON object`);
    if (depthOf(raw.metadata) > MAX_METADATA_DEPTH) {
      bad(`${where}.metadata: nests deeper than ${MAX_METADATA_DEPTH} levels`);
    }
    record.metadata = raw.metadata;
  }
  if (raw.data !== undefined) {
    if (typeof raw.data !== "string") bad(`${where}.data: must be a string`);
    record.data = raw.data;
  }
  return record;
}

export function upsertBody(body: unknown, config: IndexConfig): CheckedRecord[] {
  if (Array.isArray(body)) {
    return body.map((r, i) => upsertRecord(r, config, `[${i}]`, denseVector));
  }
  if (isObject(body)) return [upsertRecord(body, config, "body", denseVector)];
  return bad("body: send a record { id, vector, ... } or an array of them");
}

/**
 * Checks saved records (a snapshot's, a state file's) as upserts are, but a vector may be
 * base64 of float32 values as x-dev saves it, and hands each to `write` as soon as it is
 * checked: its decoded values are valid until the next record (one buffer for them all,
 * where a buffer per record cost more than the rest of a restore). `first` is the place of
 * `records[0]` among its namespace's records, which messages name.
 */
export function eachSavedRecord(
  records: unknown,
  config: IndexConfig,
  first: number,
  write: (record: CheckedRecord) => void,
): void {
  if (!Array.isArray(records)) bad("records: must be an array of records");
  const read = savedVector(new Float32Array(config.dimension));
  for (let i = 0; i < records.length; i++) {
    write(upsertRecord(records[i], config, `[${first + i}]`, read));
  }
}

export function deleteBody(body: unknown): string[] {
  const ids = isObject(body) ? body.ids : body;
  if (typeof ids === "string") return [ids];
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string")) {
    bad("body: send { ids: string[] } or an array of ids");
  }
  return ids as string[];
}
