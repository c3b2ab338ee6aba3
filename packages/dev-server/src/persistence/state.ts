// The state file of `--state FILE` / `stateFile`: a snapshot written as lines (version 3,
// state-lines.ts), streamed both ways, so whatever the server saves it loads again. Files of
// versions 2 and 1 (one JSON document) still load. The file is written to a temporary file
// first and renamed over FILE, so a crash mid-write leaves the previous state whole.
import { randomBytes } from "node:crypto";
import { type FileHandle, open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { jsonPieces } from "../http/json-pieces.js";
import { decodeVector } from "../vector/float32-base64.js";
import type { VectorRecordInput } from "../vector/types.js";
import { readLegacyState } from "./legacy-state.js";
import type { SnapshotData, SnapshotRecord } from "./snapshot-format.js";
import { type SnapshotSource, valueSource } from "./snapshot-source.js";
import { type StateToWrite, stateLines } from "./state-lines.js";
import { isVersionLine, readStateHead, readStateRecords } from "./state-reader.js";

export {
  checkSameIndex,
  type DevSnapshot,
  newSnapshot,
  openSnapshot,
  readSnapshot,
  type SnapshotData,
  sealSnapshot,
} from "./snapshot-format.js";

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

/** Writes `pieces` to a fresh temporary file beside FILE, then renames it over FILE. */
async function writeFile(file: string, pieces: Iterable<string>): Promise<void> {
  const { path, handle } = await openTemporary(file);
  try {
    await pipeline(Readable.from(pieces), handle.createWriteStream());
    await rename(path, file);
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** Writes the state to FILE a record at a time, the records read as they are written. */
export async function writeStateFrom(file: string, state: StateToWrite): Promise<void> {
  await writeFile(file, stateLines(state));
}

/** Writes a snapshot value to FILE as `writeStateFrom` does. */
export async function writeState(file: string, snapshot: SnapshotData): Promise<void> {
  const { format: _format, version: _version, namespaces, ...header } = snapshot;
  await writeStateFrom(file, {
    header,
    namespaces: Object.entries(namespaces).map(([name, records]) => ({
      name,
      count: records.length,
      records: () => records,
    })),
  });
}

/** Writes `value` as JSON as the state file is written (`x-dev import` keeps its resume points so). */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await writeFile(file, jsonPieces(value));
}

/** The first bytes of FILE, which tell a file of lines from one JSON document; undefined when FILE does not exist. */
async function firstBytes(file: string): Promise<Buffer | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`state file ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * FILE as a snapshot to restore; undefined when FILE does not exist. A file of lines is
 * read as the restore takes its records; an older file (one JSON document) whole. Throws
 * a clear Error for a file that is not a state file this x-dev reads.
 */
export async function openState(file: string): Promise<SnapshotSource | undefined> {
  const source = `state file ${file}`;
  const start = await firstBytes(file);
  if (start === undefined) return undefined;
  const newline = start.indexOf(0x0a);
  if (newline === -1 || !isVersionLine(start.subarray(0, newline).toString("utf8"))) {
    return valueSource(await readLegacyState(file, source), source);
  }
  const head = await readStateHead(file, source);
  return { state: head.state, events: () => readStateRecords(file, head, source) };
}

/** A state read whole, its vectors as arrays of numbers, as upserts take them. */
export type StateValue = SnapshotData & { namespaces: Record<string, VectorRecordInput[]> };

/** FILE as one snapshot value, its records as saved; undefined when FILE does not exist. */
export async function readSnapshotFile(file: string): Promise<SnapshotData | undefined> {
  const opened = await openState(file);
  if (opened === undefined) return undefined;
  const namespaces: Record<string, SnapshotRecord[]> = Object.create(null);
  for await (const event of opened.events()) {
    if (event.kind === "namespace") namespaces[event.name] = [];
    else (namespaces[event.namespace] as unknown[]).push(...event.records);
  }
  return { ...opened.state, namespaces };
}

/** `record` with its saved vector (base64) as an array of numbers. */
function asInput(record: SnapshotRecord, dimension: number, where: string): VectorRecordInput {
  if (typeof record.vector !== "string") return record as VectorRecordInput;
  return { ...record, vector: Array.from(decodeVector(record.vector, dimension, where)) };
}

/**
 * The state in FILE as one value, its records held in memory as upserts take them (`x-dev
 * import` writes into them); undefined when FILE does not exist.
 */
export async function readState(file: string): Promise<StateValue | undefined> {
  const saved = await readSnapshotFile(file);
  if (saved === undefined) return undefined;
  const namespaces: Record<string, VectorRecordInput[]> = Object.create(null);
  for (const [name, records] of Object.entries(saved.namespaces)) {
    const where = (i: number) =>
      `state file ${file}, namespace ${JSON.stringify(name)}: [${i}].vector`;
    namespaces[name] = records.map((record, i) => asInput(record, saved.index.dimension, where(i)));
  }
  return { ...saved, namespaces };
}
