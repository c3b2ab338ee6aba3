// A dev server snapshot (`dev.snapshot()`, `GET /v2/dev/snapshot`) and the state file of
// `--state FILE` / `stateFile`, which is the same value written as JSON: one format. It holds
// the clock's time, every run (the unfinished ones with their next step), flow-control
// windows, the random generator's state, every namespace's records and the fault rules.
// The file is written to a temporary file first and renamed over FILE, so a crash mid-write
// leaves the previous state whole.
import { readFile, rename, writeFile } from "node:fs/promises";
import type { FaultView } from "./faults.js";
import type { IndexConfig, VectorRecordInput } from "./vector/types.js";
import type { WorkflowSnapshot } from "./workflow/snapshot.js";

const FORMAT = "x-dev-state";
const VERSION = 2;

/** Both services' state as a plain JSON value; `dev.restore` puts it back. */
export interface DevSnapshot extends WorkflowSnapshot {
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

export function newSnapshot(parts: Omit<DevSnapshot, "format" | "version">): DevSnapshot {
  return { format: FORMAT, version: VERSION, ...parts };
}

export async function writeState(file: string, snapshot: DevSnapshot): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(snapshot));
  await rename(temporary, file);
}

/** The state in FILE; `undefined` when FILE does not exist yet. Throws a clear Error otherwise. */
export async function readState(file: string): Promise<DevSnapshot | undefined> {
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
  return readSnapshot(value, `state file ${file}`);
}

/**
 * `value` as a snapshot, a version 1 state file brought up to date; throws an Error whose
 * message starts with `source` and names what is wrong.
 */
export function readSnapshot(value: unknown, source: string): DevSnapshot {
  const state = value as Partial<DevSnapshot> | null;
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
    return { ...state, version: VERSION, flowControl: [], faults: [] } as DevSnapshot;
  if (!Array.isArray(state.flowControl) || !Array.isArray(state.faults)) {
    throw new Error(`${source} is incomplete (flowControl or faults missing); it may be corrupt`);
  }
  return state as DevSnapshot;
}

/** Throws when the saved index is not the one this server runs. */
export function checkSameIndex(source: string, saved: IndexConfig, current: IndexConfig): void {
  const same =
    saved.type === current.type &&
    saved.metric === current.metric &&
    (current.type === "SPARSE" || saved.dimension === current.dimension);
  if (!same) {
    throw new Error(
      `${source} holds a ${saved.type} index (${saved.dimension} dimensions, ${saved.metric}) but this server runs ${current.type} (${current.dimension} dimensions, ${current.metric}); start with the same --type, --dimension and --metric, or another --state file`,
    );
  }
}
