// `dev.snapshot()` and `dev.restore()`: both services' state as one plain JSON value, and
// putting it back (the state file is the same value). A restore checks the format, the
// index, the fault rules and the runs before it changes anything; records that fail to load
// then (a snapshot edited by hand) leave the namespaces before them loaded.

import { FaultSet } from "./faults.js";
import { checkSameIndex, type DevSnapshot, newSnapshot, readSnapshot } from "./state.js";
import type { VectorService } from "./vector/service.js";
import type { WorkflowService } from "./workflow/index.js";

/** What a snapshot is taken of and restored into. */
export interface SnapshotParts {
  vector: VectorService;
  workflow: WorkflowService;
  faults: FaultSet;
}

export function takeDevSnapshot({ vector, workflow, faults }: SnapshotParts): DevSnapshot {
  return newSnapshot({
    ...workflow.snapshot(),
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
): Promise<DevSnapshot> {
  const snapshot = readSnapshot(value, source);
  checkSameIndex(source, snapshot.index, parts.vector.index);
  const inPart = (part: string, error: unknown) =>
    new Error(`${source}, ${part}: ${(error as Error).message}`);
  try {
    new FaultSet().load(snapshot.faults);
  } catch (error) {
    throw inPart("faults", error);
  }
  // The workflow service checks every run before it replaces any.
  try {
    await parts.workflow.restore(at === undefined ? snapshot : { ...snapshot, savedAt: at });
  } catch (error) {
    throw inPart("runs", error);
  }
  parts.vector.reset();
  for (const [name, records] of Object.entries(snapshot.namespaces)) {
    try {
      parts.vector.load(records, name);
    } catch (error) {
      throw inPart(`namespace "${name}"`, error);
    }
  }
  parts.faults.load(snapshot.faults);
  return snapshot;
}
