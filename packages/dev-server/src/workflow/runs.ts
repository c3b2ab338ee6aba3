import type { FlowLimits } from "./flow-control.js";

/**
 * Where a run is. The delivery states come first; once the retries are spent, the run
 * moves to the failure call (to `Svc-Failure-Callback`, or the workflow URL itself).
 */
export type RunState =
  | "scheduled" // waiting for Svc-Not-Before / Svc-Delay
  | "waiting" // held back by its flow-control key
  | "delivering"
  | "retrying" // a delivery attempt failed; the next one is scheduled
  | "succeeded"
  | "callback-delivering"
  | "callback-retrying"
  | "callback-succeeded"
  | "callback-failed"
  | "cancelled"; // cancelled (dev.runs.cancel, DELETE), or the service closed before the run finished

/** The states a run never leaves: no attempt follows them. */
export const FINAL_STATES: readonly RunState[] = [
  "succeeded",
  "callback-succeeded",
  "callback-failed",
  "cancelled",
];

export function isFinal(state: RunState): boolean {
  return FINAL_STATES.includes(state);
}

/** One HTTP call a run made: a delivery attempt or a failure call. */
export interface AttemptView {
  /** "delivery" to the workflow URL, or "failure-call" after the retries were spent. */
  kind: "delivery" | "failure-call";
  /** 1-based within its kind. */
  attempt: number;
  /** Where the call went. */
  url: string;
  /** Unix ms on the dev server's clock when the call started. */
  startedAt: number;
  /** Unix ms on the dev server's clock when its outcome was known; absent while in flight. */
  finishedAt?: number;
  /** HTTP status of the answer; absent when none arrived (see `error`). */
  status?: number;
  /** Why no answer arrived (connection error, timeout). */
  error?: string;
  /** The headers the attempt was sent with (lower-case names). */
  headers: Record<string, string>;
}

/** A workflow run as the dev server shows it (`dev.runs`, `GET /v2/dev/runs`, the dashboard). */
export interface RunView {
  /** The run's id, as the trigger answered it. */
  workflowRunId: string;
  /** Unix ms on the dev server's clock when the run was triggered. */
  workflowCreatedAt: number;
  /** The workflow URL the run delivers to. */
  url: string;
  /** Where the run is. */
  state: RunState;
  /** Svc-Label, split at commas. */
  labels: string[];
  /** Svc-Retries. */
  retries: number;
  /** Svc-Retry-Delay, as sent; absent for the default backoff. */
  retryDelay?: string;
  /** Unix ms at which the first delivery was due (before time scaling). */
  notBefore: number;
  /** The flow-control key and limits the run was triggered with. */
  flowControl?: {
    /** Svc-Flow-Control-Key. */
    key: string;
  } & FlowLimits;
  /** Where the failure call goes: the Svc-Failure-Callback URL, or the workflow URL. */
  failureCallback: string;
  /** The trigger's Content-Type, sent with each delivery. */
  contentType?: string;
  /** Size of the body each delivery carries. */
  bodyBytes: number;
  /** Every call so far, deliveries then failure calls, oldest first. */
  attempts: AttemptView[];
  /**
   * Unix ms (on the dev server's clock) at which the next attempt is due while the run waits
   * for one: the first delivery of a scheduled run, or the next retry of a delivery or a
   * failure call. Absent while an attempt is in flight, held by flow control, or when done.
   */
  nextAttemptAt?: number;
  /** The W3C trace context the run was triggered with (`Svc-Forward-Traceparent`), delivered as `traceparent`. */
  traceparent?: string;
}

/** Every run of the service, in creation order. */
export class RunStore {
  private readonly byId = new Map<string, RunView>();

  has(id: string): boolean {
    return this.byId.has(id);
  }

  clear(): void {
    this.byId.clear();
  }

  add(run: RunView): void {
    this.byId.set(run.workflowRunId, run);
  }

  get(id: string): RunView | undefined {
    const run = this.byId.get(id);
    return run === undefined ? undefined : snapshot(run);
  }

  list(): RunView[] {
    return [...this.byId.values()].map(snapshot);
  }

  /** Runs that have not reached a final state. */
  unfinished(): RunView[] {
    return [...this.byId.values()].filter((run) => !isFinal(run.state));
  }
}

// Callers get copies, so a view they hold never changes under them.
function snapshot(run: RunView): RunView {
  return {
    ...run,
    labels: [...run.labels],
    ...(run.flowControl === undefined ? {} : { flowControl: { ...run.flowControl } }),
    attempts: run.attempts.map((attempt) => ({ ...attempt, headers: { ...attempt.headers } })),
  };
}
