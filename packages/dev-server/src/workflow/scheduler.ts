import type { Clock, TimerHandle } from "../clock.js";
import { type Bytes, type Outcome, post } from "./delivery.js";
import { FAILURE_CALL_HEADER, failureReport } from "./failure-callback.js";
import type { FlowControl, FlowLimits } from "./flow-control.js";
import type { RunWatchers } from "./run-watch.js";
import type { AttemptView, RunView } from "./runs.js";

/** Everything a run needs from its trigger request, already validated. */
export interface RunPlan {
  id: string;
  createdAt: number;
  url: string;
  body: Bytes;
  contentType?: string;
  /** Svc-Forward-* headers with the prefix removed. */
  forward: Record<string, string>;
  /** Svc-Failure-Callback-Forward-* headers with the prefix removed. */
  callbackForward: Record<string, string>;
  retries: number;
  /** Wait before retry number `retried + 1`, in unscaled ms. */
  retryDelayMs: (retried: number) => number;
  /** Unix ms of the first delivery, before scaling. */
  notBefore: number;
  labels: string[];
  flowControl?: { key: string; limits: FlowLimits };
  failureCallback?: string;
}

export interface DriverDeps {
  clock: Clock;
  flow: FlowControl;
  fetch: typeof fetch;
  timeScale: number;
  log: (line: string) => void;
  /**
   * Aborted by close() and by a restore: cancels in-flight calls and stops every run where
   * it is. A restore puts a fresh signal here; each run keeps the one it started under.
   */
  signal: AbortSignal;
  /** Calls in flight, so close() can wait for them to settle. */
  inFlight: Set<Promise<unknown>>;
  timeoutMs: number;
  /** Bytes of an endpoint's answer kept; the rest is not read. */
  maxReportBodyBytes: number;
  /** Unfinished runs by id; a run leaves when it finishes. */
  live: Map<string, LiveRun>;
  /** Told of every change of a run's view. */
  watchers: RunWatchers;
}

type Kind = AttemptView["kind"];

/**
 * The attempt a run makes next and when (epoch ms on the service's clock, after time scaling), kept up to date
 * while the run is unfinished, so a stopped service can save the run and resume it there.
 * An attempt in flight stays the next step until it has an outcome.
 */
export interface Step {
  kind: Kind;
  retried: number;
  dueAt: number;
  /** The delivery a failure call reports. */
  lastDelivery?: Outcome;
}

/** An unfinished run as the service holds it: what it was asked, where it is, what comes next. */
export interface LiveRun {
  plan: RunPlan;
  view: RunView;
  /** The trigger's `Svc-*` and content-type headers, from which the plan is rebuilt. */
  headers: Record<string, string>;
  /** Absent once the run is finished. */
  step?: Step;
  /** What the run waits on for its next step: a timer, or its place in a flow-control queue. */
  waitingOn?: TimerHandle;
}

/**
 * Moves one run through delivery, retries and the failure call; mutates its view and keeps
 * `run.step` current. `from` resumes a saved run at its step instead of starting it.
 */
export function drive(run: LiveRun, deps: DriverDeps, from?: Step): void {
  const { plan, view } = run;
  const scaled = (ms: number) => Math.max(0, ms) * deps.timeScale;
  const say = (text: string) => deps.log(`[workflow] run ${plan.id}: ${text}`);
  const { signal } = deps;
  // A cancelled run stops where it is, as every run does when the service closes.
  const stopped = () => signal.aborted || view.state === "cancelled";
  const changed = () => deps.watchers.changed(plan.id);

  const next = (kind: Kind, retried: number, ms: number, lastDelivery?: Outcome) => {
    // Whole ms, as the clocks count them: the due time shown is when the attempt starts
    // (a backoff of 12,182.49 ms is due at 12,183, not 12,182.49).
    const wait = Math.ceil(ms);
    const dueAt = deps.clock.now() + wait;
    run.step = { kind, retried, dueAt, ...(lastDelivery === undefined ? {} : { lastDelivery }) };
    if (Number.isFinite(dueAt)) view.nextAttemptAt = dueAt;
    run.waitingOn = deps.clock.after(wait, () => attempt(kind, retried, lastDelivery));
    changed();
  };
  const finished = () => {
    delete run.step;
    deps.live.delete(plan.id);
  };

  const attempt = (kind: Kind, retried: number, lastDelivery?: Outcome) => {
    if (stopped()) return;
    delete run.waitingOn;
    delete view.nextAttemptAt;
    // Tracked, so a manual clock's advance waits for the call and what it schedules.
    const call = () => deps.clock.track(send(kind, retried, lastDelivery));
    if (kind === "delivery" && plan.flowControl !== undefined) {
      view.state = "waiting";
      changed();
      run.waitingOn = deps.flow.run(plan.flowControl.key, plan.flowControl.limits, () => {
        delete run.waitingOn;
        return call();
      });
    } else {
      void call();
    }
  };

  const send = async (kind: Kind, retried: number, lastDelivery?: Outcome) => {
    if (stopped()) return;
    const failureCall = kind === "failure-call";
    const target = failureCall ? (plan.failureCallback ?? plan.url) : plan.url;
    view.state = failureCall ? "callback-delivering" : "delivering";
    const headers = failureCall ? failureHeaders(plan, retried) : deliveryHeaders(plan, retried);
    const record: AttemptView = {
      kind,
      attempt: retried + 1,
      url: target,
      startedAt: deps.clock.now(),
      headers,
    };
    view.attempts.push(record);
    changed();
    const pending = post(
      deps.fetch,
      {
        url: target,
        headers,
        body: failureCall ? reportBytes(plan, lastDelivery) : plan.body,
        signal,
      },
      deps.timeoutMs,
      deps.maxReportBodyBytes,
    );
    deps.inFlight.add(pending);
    const outcome = await pending.finally(() => deps.inFlight.delete(pending));
    record.finishedAt = deps.clock.now();
    if (outcome.status !== undefined) record.status = outcome.status;
    if (outcome.error !== undefined) record.error = outcome.error;
    if (stopped()) return changed();
    const what = `${failureCall ? "failure call" : "delivery"} attempt ${retried + 1}/${plan.retries + 1}`;
    const answer = outcome.status === undefined ? `error (${outcome.error})` : `${outcome.status}`;
    if (outcome.ok) {
      view.state = failureCall ? "callback-succeeded" : "succeeded";
      finished();
      changed();
      say(`${what} -> ${answer}, ${view.state}`);
      return;
    }
    if (retried < plan.retries) {
      const wait = scaled(plan.retryDelayMs(retried));
      view.state = failureCall ? "callback-retrying" : "retrying";
      say(`${what} -> ${answer}, retry in ${Math.round(wait)} ms`);
      // A failure call keeps reporting the delivery that failed, not its own answers.
      next(kind, retried + 1, wait, lastDelivery);
      return;
    }
    if (failureCall) {
      view.state = "callback-failed";
      finished();
      changed();
      say(`${what} -> ${answer}, failure call gave up`);
      return;
    }
    const callee = plan.failureCallback ?? `the failure function at ${plan.url}`;
    say(`${what} -> ${answer}, retries spent; calling ${callee}`);
    next("failure-call", 0, 0, outcome);
  };

  if (from !== undefined) {
    const wait = Math.max(0, from.dueAt - deps.clock.now());
    say(`resumed: ${from.kind} attempt ${from.retried + 1} in ${Math.round(wait)} ms`);
    next(from.kind, from.retried, wait, from.lastDelivery);
    return;
  }
  view.state = "scheduled";
  const wait = scaled(plan.notBefore - deps.clock.now());
  const labels = plan.labels.length === 0 ? "" : ` [${plan.labels.join(", ")}]`;
  say(`triggered${labels}, delivery to ${plan.url} in ${Math.round(wait)} ms`);
  next("delivery", 0, wait);
}

/**
 * Stops an unfinished run for good: its timer is dropped, it leaves a flow-control queue it
 * waits in (using none of the key's starts), and a call in flight is recorded but not
 * followed up.
 */
export function cancelRun(run: LiveRun, deps: DriverDeps): void {
  run.waitingOn?.cancel();
  delete run.waitingOn;
  delete run.step;
  delete run.view.nextAttemptAt;
  run.view.state = "cancelled";
  deps.live.delete(run.plan.id);
  deps.watchers.changed(run.plan.id);
  deps.log(`[workflow] run ${run.plan.id}: cancelled`);
}

function deliveryHeaders(plan: RunPlan, retried: number): Record<string, string> {
  return {
    ...(plan.contentType === undefined ? {} : { "content-type": plan.contentType }),
    ...plan.forward,
    ...serviceHeaders(plan, retried),
  };
}

function failureHeaders(plan: RunPlan, retried: number): Record<string, string> {
  return {
    "content-type": "application/json",
    ...plan.callbackForward,
    ...serviceHeaders(plan, retried),
    [FAILURE_CALL_HEADER]: "true",
  };
}

// Set last, so a forwarded header can never pose as the service's own.
function serviceHeaders(plan: RunPlan, retried: number): Record<string, string> {
  return {
    "svc-workflow-runid": plan.id,
    "svc-workflow-createdat": String(plan.createdAt),
    "svc-attempt": String(retried + 1),
    "svc-retried": String(retried),
    "svc-max-retries": String(plan.retries),
    ...(plan.labels.length === 0 ? {} : { "svc-label": plan.labels.join(",") }),
  };
}

function reportBytes(plan: RunPlan, last: Outcome | undefined): Bytes {
  const report = failureReport({
    last: last ?? { ok: false, headers: {}, body: new Uint8Array(), error: "no attempt was made" },
    url: plan.url,
    workflowRunId: plan.id,
    workflowCreatedAt: plan.createdAt,
    retried: plan.retries,
    maxRetries: plan.retries,
  });
  return new TextEncoder().encode(JSON.stringify(report));
}
