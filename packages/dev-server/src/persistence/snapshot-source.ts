// A snapshot to restore, whatever it came from: a value (`dev.restore()`, `PUT
// /v2/dev/snapshot`, a state file of version 2 or 1) or a state file of version 3, read a
// batch of records at a time. The restore takes both the same way.
import { readSnapshot, type SnapshotData } from "./snapshot-format.js";
import type { StateEvent } from "./state-lines.js";

/** The state but its records (checked), and its records as restore events. */
export interface SnapshotSource {
  /** Checked by `readSnapshot`; for a file read in lines, its `namespaces` are empty. */
  state: SnapshotData;
  events(): AsyncIterable<StateEvent> | Iterable<StateEvent>;
}

/** A snapshot value as a source: each namespace's records in one batch. */
export function valueSource(value: unknown, source: string): SnapshotSource {
  const state = readSnapshot(value, source);
  return {
    state: { ...state, namespaces: {} },
    *events() {
      for (const [name, records] of Object.entries(state.namespaces)) {
        yield { kind: "namespace", name, total: Array.isArray(records) ? records.length : 0 };
        yield { kind: "records", namespace: name, first: 0, records: records as unknown[] };
      }
    },
  };
}
