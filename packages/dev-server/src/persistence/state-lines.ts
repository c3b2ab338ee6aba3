// The state file of version 3, as lines of JSON, so it is written and read a record at a
// time whatever its size (version 2 was one JSON document: read as one string, it stopped
// near 512 MB, about 125,000 records of 384 dimensions):
//
//   {"format":"x-dev-state","version":3}           what the file is, alone on its line
//   {"savedAt":...,"index":{...},"runs":[...],...}  the state but the records
//   {"namespace":"docs","records":2}              a namespace and how many records follow
//   {"id":"a",...,"vector":"<base64 float32>"}     one line per record, as a snapshot holds it
//   {"end":{"namespaces":1,"records":2}}           the last line: a file cut short has none
//
// Base64 per record rather than a binary section: each line stays a record a reader (or
// `grep`, `jq`) takes alone, a record's fields stay together, and a snapshot value holds
// the same record; base64 decodes natively at memory speed, for a third more bytes.
import { jsonPieces } from "../http/json-pieces.js";
import { encodeVector } from "../vector/float32-base64.js";
import type { SavedRecord } from "../vector/saved-records.js";
import { FORMAT, type SnapshotData, type SnapshotRecord, VERSION } from "./snapshot-format.js";

/** The state but its records: the file's second line. */
export type StateHeader = Omit<SnapshotData, "namespaces" | "format" | "version">;

/** A namespace to write: its name, how many records, and the records, taken as they are written. */
export interface NamespaceToWrite {
  name: string;
  count: number;
  records(): Iterable<SnapshotRecord>;
}

/** What a state file is written from. */
export interface StateToWrite {
  header: StateHeader;
  namespaces: Iterable<NamespaceToWrite>;
}

/** Text is handed to the file once it reaches this many characters. */
const PIECE_CHARS = 1024 * 1024;

/** A record with an array of numbers as its vector (a snapshot of version 2) written as version 3 does. */
function savedForm(record: SnapshotRecord): SnapshotRecord {
  if (!Array.isArray(record.vector)) return record;
  // Float32Array.from rounds each value to float32, as the index would have kept it.
  return { ...record, vector: encodeVector(Float32Array.from(record.vector)) } as SavedRecord;
}

/**
 * A record's line. The vector goes last, written as it is: base64 needs no escaping, and
 * JSON.stringify scanned its 2 KB (384 dimensions) again for every record, which took 5 of
 * every 6 microseconds the line cost.
 */
function recordLine(record: SnapshotRecord): string {
  const { vector, ...rest } = savedForm(record);
  const fields = JSON.stringify(rest);
  if (typeof vector !== "string") return `${fields}\n`;
  return `${fields.slice(0, -1)},"vector":"${vector}"}\n`;
}

/** The lines of the state file, in pieces of about a mebibyte of text. */
export function* stateLines(state: StateToWrite): Generator<string> {
  yield `${JSON.stringify({ format: FORMAT, version: VERSION })}\n`;
  // Through jsonPieces: thousands of runs with their bodies may pass the longest string.
  yield* jsonPieces(state.header);
  let text = "\n";
  let namespaces = 0;
  let records = 0;
  for (const ns of state.namespaces) {
    text += `${JSON.stringify({ namespace: ns.name, records: ns.count })}\n`;
    namespaces++;
    for (const record of ns.records()) {
      text += recordLine(record);
      records++;
      if (text.length >= PIECE_CHARS) {
        yield text;
        text = "";
      }
    }
  }
  yield `${text}${JSON.stringify({ end: { namespaces, records } })}\n`;
}

/** What the lines after the header hold, in order: a namespace, then its records in batches. */
export type StateEvent =
  | { kind: "namespace"; name: string; total: number }
  | { kind: "records"; namespace: string; first: number; records: unknown[] };
