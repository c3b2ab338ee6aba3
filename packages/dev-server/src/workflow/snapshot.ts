// The workflow service's part of a dev server snapshot: every run in creation order (the
// unfinished ones with their next step), each key's flow-control window and the random
// generator's state; and putting one back, after cancelling what the service was doing.

import type { SavedFlowKey } from "./flow-control.js";
import { isRandomState, type RandomState } from "./random.js";
import { isFinal } from "./runs.js";
import { type BodyCache, isUnfinished, loadRun, type SnapshotRun, saveRun } from "./saved-runs.js";
import { drive } from "./scheduler.js";
import type { TriggerContext } from "./trigger.js";

/** What makes `WorkflowSnapshot` its own type: a type only, never a value. */
declare const workflowSnapshot: unique symbol;

/**
 * The workflow service's state, as `snapshot()` gives it and `restore()` takes it back: a
 * plain JSON value. What it holds is the service's own, and may change from one version to
 * the next; keep it, write it as JSON, and hand it back.
 */
export interface WorkflowSnapshot {
  /** Marks the type; a snapshot has no such field at run time. */
  readonly [workflowSnapshot]: "WorkflowSnapshot";
}

/** What a `WorkflowSnapshot` holds. */
export interface WorkflowState {
  /** The clock's time when it was taken (Unix ms); a manual clock is set back to it. */
  savedAt: number;
  /** Every run in creation order; the unfinished ones with their next step. */
  runs: SnapshotRun[];
  /** Each flow-control key's limits and the starts inside its rate window. */
  flowControl: SavedFlowKey[];
  /** The seeded generator's state; absent without `randomSeed`. */
  random?: RandomState;
}

export function takeSnapshot(ctx: TriggerContext): WorkflowState {
  const { deps, store } = ctx;
  const runs: SnapshotRun[] = store.list().map((view) => {
    const id = view.workflowRunId;
    const fingerprint = ctx.fingerprints.get(id) ?? "";
    const live = deps.live.get(id);
    if (live?.step !== undefined) return saveRun(live, live.step, fingerprint);
    return { id, fingerprint, view };
  });
  const random = ctx.random.save();
  return {
    savedAt: deps.clock.now(),
    runs,
    flowControl: deps.flow.save(),
    ...(random === undefined ? {} : { random }),
  };
}

/** The state handed out as the snapshot users keep and pass back. */
export function sealWorkflowState(state: WorkflowState): WorkflowSnapshot {
  return state as unknown as WorkflowSnapshot;
}

/** What a snapshot handed back holds, unchecked: `checkSnapshot` checks it before use. */
export function openWorkflowSnapshot(snapshot: WorkflowSnapshot): WorkflowState {
  return snapshot as unknown as WorkflowState;
}

/** An unfinished run of a snapshot, rebuilt and ready to resume; undefined for a finished one. */
export type LoadedRun = ReturnType<typeof loadRun> | undefined;

/**
 * The snapshot's runs rebuilt, in its order. Throws (a TypeError, a HeaderError) for a
 * malformed snapshot, before anything is replaced.
 */
export function checkSnapshot(snapshot: WorkflowState): LoadedRun[] {
  if (!Array.isArray(snapshot.runs) || !Array.isArray(snapshot.flowControl)) {
    throw new TypeError("runs and flowControl must be arrays");
  }
  if (!Number.isInteger(snapshot.savedAt)) throw new TypeError("savedAt must be Unix ms");
  if (snapshot.random !== undefined && !isRandomState(snapshot.random)) {
    throw new TypeError("random must be four 32-bit words, as a snapshot holds it");
  }
  const bodies: BodyCache = new Map();
  return snapshot.runs.map((run) => {
    const view = (run as Partial<SnapshotRun> | null)?.view;
    if (
      typeof run?.id !== "string" ||
      typeof view !== "object" ||
      view === null ||
      typeof view.state !== "string" ||
      !Array.isArray(view.attempts)
    ) {
      throw new TypeError(
        "each run must be an object with its id and view, as a snapshot holds it",
      );
    }
    if (isUnfinished(run)) return loadRun(run, bodies);
    if (!isFinal(run.view.state)) {
      throw new TypeError(`run ${String(run.id)} is unfinished but has no next step`);
    }
    return undefined;
  });
}

/**
 * Puts `snapshot` back, the clock at its time (a manual one). Deliveries in flight were
 * aborted by the caller (through the old `deps.signal`), so they change nothing.
 */
export function restoreSnapshot(
  ctx: TriggerContext,
  snapshot: WorkflowState,
  loaded: LoadedRun[],
): void {
  const { deps, store } = ctx;
  deps.clock.restart(snapshot.savedAt);
  deps.flow.clear();
  deps.live.clear();
  store.clear();
  ctx.fingerprints.clear();
  deps.flow.load(snapshot.flowControl);
  if (snapshot.random !== undefined) ctx.random.load(snapshot.random);
  for (let i = 0; i < snapshot.runs.length; i++) {
    const saved = snapshot.runs[i] as SnapshotRun;
    ctx.fingerprints.set(saved.id, saved.fingerprint);
    const live = loaded[i];
    if (live === undefined) {
      store.add(structuredClone(saved.view));
      continue;
    }
    const { run, step } = live;
    store.add(run.view);
    deps.live.set(run.plan.id, run);
    drive(run, deps, step);
  }
  deps.watchers.changedAll();
}
