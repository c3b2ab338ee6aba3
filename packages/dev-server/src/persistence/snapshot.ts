// `dev.snapshot()` and `dev.restore()`: both services' state as one plain JSON value, and
// putting it back; the state file holds the same, written as lines. A restore checks
// everything it holds (the format, the index, the fault rules, every record and every run)
// and loads the records aside before it changes anything, so a snapshot edited by hand that
// fails, or a state file cut short, leaves the state as it was.

import { FaultSet } from "../faults/faults.js";
import type { VectorEmulator } from "../vector/service.js";
import type { WorkflowService } from "../workflow/service.js";
import { openWorkflowSnapshot, sealWorkflowState } from "../workflow/snapshot.js";
import {
  checkSameIndex,
  newSnapshot,
  type SnapshotData,
  type SnapshotRecord,
} from "./snapshot-format.js";
import type { SnapshotSource } from "./snapshot-source.js";
import type { StateHeader, StateToWrite } from "./state-lines.js";

/** What a snapshot is taken of and restored into. */
export interface SnapshotParts {
  vector: VectorEmulator;
  workflow: WorkflowService;
  faults: FaultSet;
}

/** Everything but the records, taken now. */
function takeHeader({ vector, workflow, faults }: SnapshotParts): StateHeader {
  return {
    ...openWorkflowSnapshot(workflow.snapshot()),
    index: vector.index,
    faults: faults.list(),
  };
}

/** Both services' state as one value, each vector as base64 of its float32 values. */
export function takeDevSnapshot(parts: SnapshotParts): SnapshotData {
  const namespaces: Record<string, SnapshotRecord[]> = Object.create(null);
  for (const ns of parts.vector.savedNamespaces()) namespaces[ns.name] = [...ns.records()];
  return newSnapshot({ ...takeHeader(parts), namespaces });
}

/**
 * The state to write to the state file: everything but the records taken now, the records
 * read as they are written (a copy of them all took as much memory again).
 */
export function takeStateToWrite(parts: SnapshotParts): StateToWrite {
  return { header: takeHeader(parts), namespaces: parts.vector.savedNamespaces() };
}

/** What a restore put back. */
export interface Restored {
  state: SnapshotData;
  namespaces: number;
  records: number;
}

/**
 * Puts a snapshot back into both services: deliveries in flight are cancelled first, a
 * manual clock goes to the snapshot's time (or `at`, when given). Throws an Error whose
 * message starts with `source` and names what is wrong.
 */
export async function restoreDevSnapshot(
  parts: SnapshotParts,
  from: SnapshotSource,
  source: string,
  at?: number,
): Promise<Restored> {
  const { state } = from;
  checkSameIndex(source, state.index, parts.vector.index);
  const inPart = (part: string, error: unknown) =>
    new Error(`${source}, ${part}: ${(error as Error).message}`);
  try {
    new FaultSet().load(state.faults);
  } catch (error) {
    throw inPart("faults", error);
  }
  const staging = parts.vector.stage();
  let namespaces = 0;
  let records = 0;
  for await (const event of from.events()) {
    const name = event.kind === "namespace" ? event.name : event.namespace;
    try {
      if (event.kind === "namespace") staging.open(event.name, event.total);
      else staging.load(event.records, event.namespace, event.first);
    } catch (error) {
      throw inPart(`namespace ${JSON.stringify(name)}`, error);
    }
    if (event.kind === "namespace") namespaces++;
    else records += event.records.length;
  }
  // The workflow service checks every run before it replaces any.
  try {
    await parts.workflow.restore(
      sealWorkflowState(at === undefined ? state : { ...state, savedAt: at }),
    );
  } catch (error) {
    throw inPart("runs", error);
  }
  staging.commit();
  parts.faults.load(state.faults);
  return { state, namespaces, records };
}
