// `dev.snapshot()` and `dev.restore()`: both services' state as one plain JSON value, and
// putting it back (the state file is the same value). A restore checks everything it holds
// (the format, the index, the fault rules, every record and every run) before it changes
// anything, so a snapshot edited by hand that fails leaves the state as it was (short of a
// namespace outgrowing the 4 GiB of WebAssembly memory as it loads).

import { FaultSet } from "../faults/faults.js";
import type { VectorEmulator } from "../vector/service.js";
import type { WorkflowService } from "../workflow/service.js";
import { openWorkflowSnapshot, sealWorkflowState } from "../workflow/snapshot.js";
import { checkSameIndex, newSnapshot, readSnapshot, type SnapshotData } from "./state.js";

/** What a snapshot is taken of and restored into. */
export interface SnapshotParts {
  vector: VectorEmulator;
  workflow: WorkflowService;
  faults: FaultSet;
}

export function takeDevSnapshot({ vector, workflow, faults }: SnapshotParts): SnapshotData {
  return newSnapshot({
    ...openWorkflowSnapshot(workflow.snapshot()),
    index: vector.index,
    namespaces: vector.exportRecords(),
    faults: faults.list(),
  });
}

/**
 * Puts `value` back into both services: deliveries in flight are cancelled first, a manual
 * clock goes to the snapshot's time (or `at`, when given). Throws an Error whose message
 * starts with `source` and names what is wrong.
 */
export async function restoreDevSnapshot(
  parts: SnapshotParts,
  value: unknown,
  source: string,
  at?: number,
): Promise<SnapshotData> {
  const snapshot = readSnapshot(value, source);
  checkSameIndex(source, snapshot.index, parts.vector.index);
  const inPart = (part: string, error: unknown) =>
    new Error(`${source}, ${part}: ${(error as Error).message}`);
  try {
    new FaultSet().load(snapshot.faults);
  } catch (error) {
    throw inPart("faults", error);
  }
  const namespaces = Object.entries(snapshot.namespaces).map(([name, records]) => {
    try {
      return { name, records: parts.vector.checkRecords(records) };
    } catch (error) {
      throw inPart(`namespace "${name}"`, error);
    }
  });
  // The workflow service checks every run before it replaces any.
  try {
    await parts.workflow.restore(
      sealWorkflowState(at === undefined ? snapshot : { ...snapshot, savedAt: at }),
    );
  } catch (error) {
    throw inPart("runs", error);
  }
  parts.vector.reset();
  for (const { name, records } of namespaces) parts.vector.loadChecked(records, name);
  parts.faults.load(snapshot.faults);
  return snapshot;
}
