// What a dev server snapshot holds (`dev.snapshot()`, `GET /v2/dev/snapshot`), and the
// checks a snapshot handed back goes through, whatever it came from: a value, an upload or
// the state file (written as lines, state-lines.ts, but the same fields). It holds the
// clock's time, every run (the unfinished ones with their next step), flow-control windows,
// the random generator's state, every namespace's records and the fault rules.
import type { FaultView } from "../faults/faults.js";
import { plural } from "../plural.js";
import type { SavedRecord } from "../vector/saved-records.js";
import type { IndexConfig, VectorRecordInput } from "../vector/types.js";
import type { WorkflowState } from "../workflow/snapshot.js";

export const FORMAT = "x-dev-state";
/**
 * 3: dense vectors as base64 of float32, and the state file as lines (state-lines.ts).
 * 2: every value as one JSON document, vectors as arrays of numbers. 1: the runs alone.
 */
export const VERSION = 3;
const READS = `${VERSION} (and 2 and 1)`;

/** What makes `DevSnapshot` its own type: a type only, never a value. */
declare const devSnapshot: unique symbol;

/**
 * Both services' state, as `dev.snapshot()` gives it and `dev.restore()` takes it back: a
 * plain JSON value (the state file and `GET /v2/dev/snapshot` hold the same). What it holds
 * is the dev server's own, and may change from one version to the next (a restore reads the
 * older versions); keep it, write it as JSON, and hand it back.
 */
export interface DevSnapshot {
  /** Marks the type; a snapshot has no such field at run time. */
  readonly [devSnapshot]: "DevSnapshot";
}

/** A record as a snapshot holds it: its vector as x-dev saves it, or as an array of numbers. */
export type SnapshotRecord = SavedRecord | VectorRecordInput;

/** What a `DevSnapshot` holds: the state file's format. */
export interface SnapshotData extends WorkflowState {
  /** Always `"x-dev-state"`: what a restore and a state file check first. */
  format: "x-dev-state";
  /** The format's version; a restore also reads versions 2 and 1. */
  version: 3;
  /** The vector index the records belong to; a restore needs the same one. */
  index: IndexConfig;
  /** Every namespace's records, empty namespaces included ("" is the default one). */
  namespaces: Record<string, SnapshotRecord[]>;
  /** The fault rules, with their ids, hits and the uses left. */
  faults: FaultView[];
}

export function newSnapshot(parts: Omit<SnapshotData, "format" | "version">): SnapshotData {
  return { format: FORMAT, version: VERSION, ...parts };
}

/** The state handed out as the snapshot users keep and pass back. */
export function sealSnapshot(data: SnapshotData): DevSnapshot {
  return data as unknown as DevSnapshot;
}

/** What a snapshot holds, for reading it here (a snapshot handed back is checked by `readSnapshot`). */
export function openSnapshot(snapshot: DevSnapshot): SnapshotData {
  return snapshot as unknown as SnapshotData;
}

/** Refuses a version this x-dev does not read, naming the versions it does. */
export function checkVersion(version: unknown, source: string): void {
  if (version !== VERSION && version !== 2 && version !== 1) {
    throw new Error(
      `${source} has version ${JSON.stringify(version) ?? "undefined"}; this x-dev reads ${READS}: it was written by another x-dev version, or is not a state file`,
    );
  }
}

/** Refuses a value that is not a snapshot at all. */
function checkFormat(state: Partial<SnapshotData> | null, source: string): void {
  if (typeof state !== "object" || state === null || state.format !== FORMAT) {
    throw new Error(
      `${source} is not an x-dev state file or snapshot (format "${FORMAT}"); pass what dev.snapshot() or GET /v2/dev/snapshot gave, or a state file x-dev wrote`,
    );
  }
}

/**
 * `value` as a snapshot, an older version brought up to date; throws an Error whose message
 * starts with `source` and names what is wrong.
 */
export function readSnapshot(value: unknown, source: string): SnapshotData {
  const state = value as Partial<SnapshotData> | null;
  checkFormat(state, source);
  const version = (state as { version?: unknown }).version;
  checkVersion(version, source);
  const whole = state as Partial<SnapshotData>;
  if (
    typeof whole.index !== "object" ||
    whole.index === null ||
    typeof whole.namespaces !== "object" ||
    whole.namespaces === null ||
    Array.isArray(whole.namespaces) ||
    !Array.isArray(whole.runs) ||
    !Number.isInteger(whole.savedAt)
  ) {
    throw new Error(
      `${source} is incomplete (savedAt, index, namespaces or runs missing); it may be corrupt`,
    );
  }
  // Version 1 (state files before snapshots) held the unfinished runs alone.
  if (version === 1) {
    return { ...whole, version: VERSION, flowControl: [], faults: [] } as SnapshotData;
  }
  if (!Array.isArray(whole.flowControl) || !Array.isArray(whole.faults)) {
    throw new Error(`${source} is incomplete (flowControl or faults missing); it may be corrupt`);
  }
  // Version 2 differs in how vectors are written, and a restore reads both ways.
  return { ...whole, version: VERSION } as SnapshotData;
}

/** Throws when the saved index is not the one this server runs. */
export function checkSameIndex(source: string, saved: IndexConfig, current: IndexConfig): void {
  const same =
    saved.type === current.type &&
    saved.metric === current.metric &&
    (current.type === "SPARSE" || saved.dimension === current.dimension);
  if (!same) {
    throw new Error(
      `${source} holds a ${saved.type} index (${plural(saved.dimension, "dimension")}, ${saved.metric}) but this server runs ${current.type} (${plural(current.dimension, "dimension")}, ${current.metric}); start with the same --type, --dimension and --metric, or another --state file`,
    );
  }
}
