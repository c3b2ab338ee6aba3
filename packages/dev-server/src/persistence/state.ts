// A dev server snapshot (`dev.snapshot()`, `GET /v2/dev/snapshot`) and the state file of
// `--state FILE` / `stateFile`, which is the same value written as JSON: one format. It holds
// the clock's time, every run (the unfinished ones with their next step), flow-control
// windows, the random generator's state, every namespace's records and the fault rules.
// The file is written to a temporary file first and renamed over FILE, so a crash mid-write
// leaves the previous state whole.
import { constants } from "node:buffer";
import { randomBytes } from "node:crypto";
import { type FileHandle, open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FaultView } from "../faults/faults.js";
import { jsonPieces } from "../http/json-pieces.js";
import { JsonShape } from "../http/json-shape.js";
import { plural } from "../plural.js";
import type { IndexConfig, VectorRecordInput } from "../vector/types.js";
import type { WorkflowState } from "../workflow/snapshot.js";

const FORMAT = "x-dev-state";
const VERSION = 2;

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

/** What a `DevSnapshot` holds: the state file's format. */
export interface SnapshotData extends WorkflowState {
  /** Always `"x-dev-state"`: what a restore and a state file check first. */
  format: "x-dev-state";
  /** The format's version; a restore also reads version 1 state files. */
  version: 2;
  /** The vector index the records belong to; a restore needs the same one. */
  index: IndexConfig;
  /** Every namespace's records, empty namespaces included ("" is the default one). */
  namespaces: Record<string, VectorRecordInput[]>;
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

/**
 * A fresh temporary file beside FILE, created exclusively (`wx`: a file or symlink planted
 * under the name is never followed) and readable by its owner only (mode 600: the state
 * holds forwarded secrets). Its name is random, so it cannot be planted in advance.
 */
async function openTemporary(file: string): Promise<{ path: string; handle: FileHandle }> {
  const path = join(dirname(file), `${basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
  return { path, handle: await open(path, "wx", 0o600) };
}

/** Whether `name` is a temporary file of FILE's writer, this one's or an older x-dev's (`.<pid>.tmp`). */
function isTemporaryOf(file: string, name: string): boolean {
  const base = basename(file);
  return name.startsWith(`${base}.`) && /^\.[0-9a-f]+\.tmp$/.test(name.slice(base.length));
}

/**
 * Before the state is read at start: removes temporary files a writer that was killed
 * mid-write left beside FILE, and proves FILE's directory can be written, so a state that
 * could never be saved fails the start instead of being lost at stop.
 */
export async function prepareStateFile(file: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dirname(file));
  } catch (error) {
    throw unwritable(file, error);
  }
  for (const name of names) {
    if (isTemporaryOf(file, name)) await rm(join(dirname(file), name), { force: true });
  }
  try {
    const { path, handle } = await openTemporary(file);
    await handle.close();
    await rm(path, { force: true });
  } catch (error) {
    throw unwritable(file, error);
  }
}

function unwritable(file: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new Error(
    `state file ${file} cannot be written (${code} in ${dirname(file)}); create the directory, make it writable, or pass another --state file`,
  );
}

/**
 * Writes the snapshot to a fresh temporary file, streamed in pieces (so its size is not
 * bounded by the longest string V8 can build), then renames it over FILE.
 */
export async function writeState(file: string, snapshot: SnapshotData): Promise<void> {
  await writeJsonFile(file, snapshot);
}

/** Writes `value` as JSON as the state file is written (`x-dev import` keeps its resume points so). */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  const { path, handle } = await openTemporary(file);
  try {
    await pipeline(Readable.from(jsonPieces(value)), handle.createWriteStream());
    await rename(path, file);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/**
 * The largest state file read: its text becomes one string for JSON.parse, and V8's strings
 * stop at this many characters (a UTF-8 byte is at most one character).
 */
const MAX_STATE_BYTES = constants.MAX_STRING_LENGTH;

/** The state in FILE; `undefined` when FILE does not exist yet. Throws a clear Error otherwise. */
export async function readState(file: string): Promise<SnapshotData | undefined> {
  let text: string;
  try {
    const bytes = await readChecked(file);
    if (bytes === undefined) return undefined;
    text = bytes.toString("utf8");
  } catch (error) {
    throw new Error(`state file ${file} cannot be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `state file ${file} is not valid JSON (${(error as Error).message}); it may be corrupt: move it away or pass another --state file`,
    );
  }
  return readSnapshot(value, `state file ${file}`);
}

/**
 * FILE's bytes, their shape checked chunk by chunk as they are read (as an upload is), before
 * anything parses them; undefined when FILE does not exist.
 */
async function readChecked(file: string): Promise<Buffer | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_STATE_BYTES) {
      throw new Error(`it is ${size} bytes, more than the ${MAX_STATE_BYTES} x-dev can parse`);
    }
    // Only the depth: the file is the snapshot this server saved, of however many records.
    const shape = new JsonShape(Number.POSITIVE_INFINITY);
    const chunks: Buffer[] = [];
    for await (const chunk of handle.createReadStream({ autoClose: false })) {
      const broken = shape.feed(chunk as Buffer);
      if (broken !== undefined) throw new Error(`it ${broken}; it may be corrupt`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

/**
 * `value` as a snapshot, a version 1 state file brought up to date; throws an Error whose
 * message starts with `source` and names what is wrong.
 */
export function readSnapshot(value: unknown, source: string): SnapshotData {
  const state = value as Partial<SnapshotData> | null;
  if (typeof state !== "object" || state === null || state.format !== FORMAT) {
    throw new Error(
      `${source} is not an x-dev state file or snapshot (format "${FORMAT}"); pass what dev.snapshot() or GET /v2/dev/snapshot gave, or a state file x-dev wrote`,
    );
  }
  // Version 1 (state files before snapshots) held the unfinished runs alone.
  const version = state.version as number | undefined;
  if (version !== VERSION && version !== 1) {
    throw new Error(
      `${source} has version ${String(version)}; this x-dev reads ${VERSION} (and 1)`,
    );
  }
  if (
    typeof state.index !== "object" ||
    state.index === null ||
    typeof state.namespaces !== "object" ||
    state.namespaces === null ||
    Array.isArray(state.namespaces) ||
    !Array.isArray(state.runs) ||
    !Number.isInteger(state.savedAt)
  ) {
    throw new Error(
      `${source} is incomplete (savedAt, index, namespaces or runs missing); it may be corrupt`,
    );
  }
  if (version === 1)
    return { ...state, version: VERSION, flowControl: [], faults: [] } as SnapshotData;
  if (!Array.isArray(state.flowControl) || !Array.isArray(state.faults)) {
    throw new Error(`${source} is incomplete (flowControl or faults missing); it may be corrupt`);
  }
  return state as SnapshotData;
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
