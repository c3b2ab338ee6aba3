// The state file of `--state FILE` / `stateFile`: every vector, namespace and unfinished run,
// written on stop and read on start, as local emulators do (`--import`/`--export-on-exit`).
// Written to a temporary file first and renamed over FILE, so a crash mid-write leaves the
// previous state whole.
import { readFile, rename, writeFile } from "node:fs/promises";
import type { IndexConfig, VectorRecordInput } from "./vector/types.js";
import type { SavedRun } from "./workflow/saved-runs.js";

const FORMAT = "x-dev-state";
const VERSION = 1;

export interface DevState {
  format: typeof FORMAT;
  version: typeof VERSION;
  savedAt: number;
  index: IndexConfig;
  namespaces: Record<string, VectorRecordInput[]>;
  runs: SavedRun[];
}

/** @param savedAt the dev server's clock time, from which a manual clock resumes */
export function newState(
  index: IndexConfig,
  namespaces: Record<string, VectorRecordInput[]>,
  runs: SavedRun[],
  savedAt: number,
): DevState {
  return { format: FORMAT, version: VERSION, savedAt, index, namespaces, runs };
}

export async function writeState(file: string, state: DevState): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(state));
  await rename(temporary, file);
}

/** The state in FILE; `undefined` when FILE does not exist yet. Throws a clear Error otherwise. */
export async function readState(file: string): Promise<DevState | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
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
  const state = value as Partial<DevState> | null;
  if (typeof state !== "object" || state === null || state.format !== FORMAT) {
    throw new Error(
      `${file} is not an x-dev state file; pass a file x-dev wrote, or a path that does not exist yet`,
    );
  }
  if (state.version !== VERSION) {
    throw new Error(
      `state file ${file} has version ${String(state.version)}; this x-dev reads ${VERSION}`,
    );
  }
  if (
    typeof state.index !== "object" ||
    typeof state.namespaces !== "object" ||
    state.namespaces === null ||
    !Array.isArray(state.runs)
  ) {
    throw new Error(
      `state file ${file} is incomplete (index, namespaces or runs missing); it may be corrupt`,
    );
  }
  return state as DevState;
}

/** Throws when the saved index is not the one this server runs. */
export function checkSameIndex(file: string, saved: IndexConfig, current: IndexConfig): void {
  const same =
    saved.type === current.type &&
    saved.metric === current.metric &&
    (current.type === "SPARSE" || saved.dimension === current.dimension);
  if (!same) {
    throw new Error(
      `state file ${file} holds a ${saved.type} index (${saved.dimension} dimensions, ${saved.metric}) but this server runs ${current.type} (${current.dimension} dimensions, ${current.metric}); start with the same --type, --dimension and --metric, or another --state file`,
    );
  }
}
