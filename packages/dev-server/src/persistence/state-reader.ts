// Reads a state file of version 3 (state-lines.ts) a line at a time: its first two lines
// when the server starts (the clock and the index come from them), then its records in
// batches, as the restore takes them. Every line is checked as it comes: a line that is not
// JSON, out of place, a count that does not add up, or a file that ends before its end line
// is refused with the line's number.
import { createReadStream } from "node:fs";
import { type Line, LineTooLongError, readLines } from "./lines.js";
import {
  checkVersion,
  FORMAT,
  readSnapshot,
  type SnapshotData,
  VERSION,
} from "./snapshot-format.js";
import type { StateEvent } from "./state-lines.js";

/** Records handed to the restore at a time: a few megabytes of lines. */
const BATCH = 1024;
const CORRUPT = "it may be corrupt: move it away or pass another --state file";

/** The state in a version 3 file but its records, and where they start. */
export interface StateHead {
  state: SnapshotData;
  /** Byte offset of the third line, the first after the header. */
  recordsStart: number;
}

function corrupt(source: string, line: Line, what: string): Error {
  return new Error(`${source}, line ${line.number}: ${what}; ${CORRUPT}`);
}

function cutShort(source: string, what: string): Error {
  return new Error(
    `${source} ends ${what}: it was cut short (a crash or a full disk while it was written?); ${CORRUPT}`,
  );
}

/** A line's JSON value, which must be an object. */
function parseLine(source: string, line: Line): Record<string, unknown> {
  if (line.unterminated) throw cutShort(source, `inside line ${line.number}`);
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    throw corrupt(source, line, `not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw corrupt(source, line, "not a JSON object");
  }
  return value as Record<string, unknown>;
}

/** The lines of `file` from byte `start` on, numbered from `firstNumber`. */
function fileLines(file: string, start: number, firstNumber: number): AsyncGenerator<Line> {
  // Large reads: a record of 384 dimensions is about 2 KB of text.
  const stream = createReadStream(file, { start, highWaterMark: 1024 * 1024 });
  return readLines(stream, firstNumber, start);
}

/** Whether `line` is a version line (`{"format":"x-dev-state","version":N}`), checked for a version this x-dev reads. */
export function isVersionLine(text: string): boolean {
  try {
    const value = JSON.parse(text) as { format?: unknown } | null;
    return typeof value === "object" && value !== null && value.format === FORMAT;
  } catch {
    return false;
  }
}

/** The first two lines of a version 3 `file`: its version, then the state but its records. */
export async function readStateHead(file: string, source: string): Promise<StateHead> {
  const lines = fileLines(file, 0, 1);
  try {
    const first = await lines.next();
    if (first.done) throw cutShort(source, "before its first line");
    const { version } = parseLine(source, first.value);
    if (version !== VERSION) {
      checkVersion(version, source);
      throw corrupt(
        source,
        first.value,
        `version ${String(version)} is one JSON document, not lines`,
      );
    }
    const second = await lines.next();
    if (second.done) throw cutShort(source, "after its first line");
    const header = parseLine(source, second.value);
    const state = readSnapshot({ ...header, format: FORMAT, version, namespaces: {} }, source);
    return { state, recordsStart: second.value.end };
  } catch (error) {
    if (error instanceof LineTooLongError)
      throw new Error(`${source}: ${error.message}; ${CORRUPT}`);
    throw error;
  } finally {
    await lines.return(undefined);
  }
}

/** Where the reader is: the namespace whose records come, how many it said and how many came. */
interface Place {
  name: string;
  total: number;
  read: number;
}

/** Totals the end line states, checked against what was read. */
function checkEnd(
  source: string,
  line: Line,
  end: unknown,
  namespaces: number,
  records: number,
): void {
  const said = end as { namespaces?: unknown; records?: unknown } | null;
  if (said?.namespaces !== namespaces || said?.records !== records) {
    throw corrupt(
      source,
      line,
      `the end line says ${JSON.stringify(end)}, but ${namespaces} namespaces and ${records} records came before it`,
    );
  }
}

/** Refuses a namespace that ended before as many records as its line said. */
function checkComplete(source: string, line: Line, place: Place | undefined): void {
  if (place !== undefined && place.read !== place.total) {
    throw corrupt(
      source,
      line,
      `namespace ${JSON.stringify(place.name)} said ${place.total} records, but ${place.read} came`,
    );
  }
}

/** A namespace line's name and count. */
function namespaceLine(source: string, line: Line, value: Record<string, unknown>): Place {
  const { namespace, records } = value;
  if (typeof namespace !== "string" || !Number.isSafeInteger(records) || (records as number) < 0) {
    throw corrupt(source, line, "a namespace line needs a name (string) and a count of records");
  }
  return { name: namespace, total: records as number, read: 0 };
}

/**
 * The records of a version 3 `file` from its third line on, as restore events: each
 * namespace, then its records in batches. Throws at the first line out of place.
 */
export async function* readStateRecords(
  file: string,
  head: StateHead,
  source: string,
): AsyncGenerator<StateEvent> {
  let place: Place | undefined;
  let batch: unknown[] = [];
  let namespaces = 0;
  let records = 0;
  const flush = function* (): Generator<StateEvent> {
    if (place === undefined || batch.length === 0) return;
    yield {
      kind: "records",
      namespace: place.name,
      first: place.read - batch.length,
      records: batch,
    };
    batch = [];
  };
  try {
    for await (const line of fileLines(file, head.recordsStart, 3)) {
      const value = parseLine(source, line);
      if ("id" in value) {
        if (place === undefined || place.read === place.total) {
          throw corrupt(
            source,
            line,
            place === undefined
              ? "a record before any namespace line"
              : `more records than namespace ${JSON.stringify(place.name)} said (${place.total})`,
          );
        }
        batch.push(value);
        place.read++;
        records++;
        if (batch.length === BATCH) yield* flush();
        continue;
      }
      yield* flush();
      checkComplete(source, line, place);
      if ("end" in value) {
        checkEnd(source, line, value.end, namespaces, records);
        return;
      }
      if (!("namespace" in value))
        throw corrupt(source, line, "neither a record, a namespace line nor the end line");
      place = namespaceLine(source, line, value);
      namespaces++;
      yield { kind: "namespace", name: place.name, total: place.total };
    }
  } catch (error) {
    if (error instanceof LineTooLongError)
      throw new Error(`${source}: ${error.message}; ${CORRUPT}`);
    throw error;
  }
  throw cutShort(source, `before its end line (${records} records read)`);
}
