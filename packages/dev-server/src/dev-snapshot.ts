// `dev.snapshot()` and `dev.restore()`: both services' state as one plain JSON value, and
// putting it back (the state file is the same value). A restore checks what it can before it
// changes anything: the format, the index, the runs and the fault rules.

import { FaultSet } from "./faults.js";
import { checkSameIndex, type DevSnapshot, newSnapshot, readSnapshot } from "./state.js";
import type { VectorService } from "./vector/service.js";
import type { WorkflowService } from "./workflow/index.js";
import { checkSnapshot } from "./workflow/snapshot.js";

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
    checkSnapshot(snapshot);
  } catch (error) {
    throw inPart("runs", error);
  }
  try {
    new FaultSet().load(snapshot.faults);
  } catch (error) {
    throw inPart("faults", error);
  }
  parts.vector.reset();
  for (const [name, records] of Object.entries(snapshot.namespaces)) {
    try {
      parts.vector.load(records, name);
    } catch (error) {
      throw inPart(`namespace "${name}"`, error);
    }
  }
  await parts.workflow.restore(at === undefined ? snapshot : { ...snapshot, savedAt: at });
  parts.faults.load(snapshot.faults);
  return snapshot;
}
