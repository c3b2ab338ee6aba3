import type { Clock, TimerHandle } from "../clock/clock.js";
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
  const driver = new RunDriver(run, deps);
  if (from === undefined) driver.start();
  else driver.resume(from);
}

/**
 * One run's driver: the run, the service it runs in and the signal it started under. Its
 * steps are methods, shared by every run, so scheduling a run allocates this one object and
 * one timer callback; a restore of 100,000 runs used to allocate eight closures for each,
 * and spent most of its time creating and collecting them.
 */
class RunDriver {
  /** A restore puts a fresh signal in `deps`; the run keeps the one it started under. */
  private readonly signal: AbortSignal;

  constructor(
    private readonly run: LiveRun,
    private readonly deps: DriverDeps,
  ) {
    this.signal = deps.signal;
  }

  start(): void {
    const { plan, view } = this.run;
    view.state = "scheduled";
    const wait = this.scaled(plan.notBefore - this.deps.clock.now());
    const labels = plan.labels.length === 0 ? "" : ` [${plan.labels.join(", ")}]`;
    this.say(`triggered${labels}, delivery to ${plan.url} in ${Math.round(wait)} ms`);
    this.next("delivery", 0, wait);
  }

  resume(from: Step): void {
    const wait = Math.max(0, from.dueAt - this.deps.clock.now());
    this.say(`resumed: ${from.kind} attempt ${from.retried + 1} in ${Math.round(wait)} ms`);
    this.next(from.kind, from.retried, wait, from.lastDelivery);
  }

  private scaled(ms: number): number {
    return Math.max(0, ms) * this.deps.timeScale;
  }

  private say(text: string): void {
    this.deps.log(`[workflow] run ${this.run.plan.id}: ${text}`);
  }

  /** A cancelled run stops where it is, as every run does when the service closes. */
  private stopped(): boolean {
    return this.signal.aborted || this.run.view.state === "cancelled";
  }

  private changed(): void {
    this.deps.watchers.changed(this.run.plan.id);
  }

  private finished(): void {
    delete this.run.step;
    this.deps.live.delete(this.run.plan.id);
  }

  private next(kind: Kind, retried: number, ms: number, lastDelivery?: Outcome): void {
    const { run, deps } = this;
    // Whole ms, as the clocks count them: the due time shown is when the attempt starts
    // (a backoff of 12,182.49 ms is due at 12,183, not 12,182.49).
    const wait = Math.ceil(ms);
    const dueAt = deps.clock.now() + wait;
    const step: Step = { kind, retried, dueAt };
    if (lastDelivery !== undefined) step.lastDelivery = lastDelivery;
    run.step = step;
    if (Number.isFinite(dueAt)) run.view.nextAttemptAt = dueAt;
    run.waitingOn = deps.clock.after(wait, () => this.attempt(step));
    this.changed();
  }

  private attempt(step: Step): void {
    if (this.stopped()) return;
    const { run, deps } = this;
    delete run.waitingOn;
    delete run.view.nextAttemptAt;
    const flow = run.plan.flowControl;
    if (step.kind === "delivery" && flow !== undefined) {
      run.view.state = "waiting";
      this.changed();
      run.waitingOn = deps.flow.run(flow.key, flow.limits, () => {
        delete run.waitingOn;
        return this.call(step);
      });
    } else {
      void this.call(step);
    }
  }

  /** Tracked, so a manual clock's advance waits for the call and what it schedules. */
  private call(step: Step): Promise<void> {
    return this.deps.clock.track(this.send(step.kind, step.retried, step.lastDelivery));
  }

  private async send(kind: Kind, retried: number, lastDelivery?: Outcome): Promise<void> {
    if (this.stopped()) return;
    const { deps } = this;
    const { plan, view } = this.run;
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
    this.changed();
    const pending = post(
      deps.fetch,
      {
        url: target,
        headers,
        body: failureCall ? reportBytes(plan, lastDelivery) : plan.body,
        signal: this.signal,
      },
      deps.timeoutMs,
      deps.maxReportBodyBytes,
    );
    deps.inFlight.add(pending);
    const outcome = await pending.finally(() => deps.inFlight.delete(pending));
    record.finishedAt = deps.clock.now();
    if (outcome.status !== undefined) record.status = outcome.status;
    if (outcome.error !== undefined) record.error = outcome.error;
    if (this.stopped()) return this.changed();
    const what = `${failureCall ? "failure call" : "delivery"} attempt ${retried + 1}/${plan.retries + 1}`;
    const answer = outcome.status === undefined ? `error (${outcome.error})` : `${outcome.status}`;
    if (outcome.ok) {
      view.state = failureCall ? "callback-succeeded" : "succeeded";
      this.finished();
      this.changed();
      this.say(`${what} -> ${answer}, ${view.state}`);
      return;
    }
    if (retried < plan.retries) {
      const wait = this.scaled(plan.retryDelayMs(retried));
      view.state = failureCall ? "callback-retrying" : "retrying";
      this.say(`${what} -> ${answer}, retry in ${Math.round(wait)} ms`);
      // A failure call keeps reporting the delivery that failed, not its own answers.
      this.next(kind, retried + 1, wait, lastDelivery);
      return;
    }
    if (failureCall) {
      view.state = "callback-failed";
      this.finished();
      this.changed();
      this.say(`${what} -> ${answer}, failure call gave up`);
      return;
    }
    const callee = plan.failureCallback ?? `the failure function at ${plan.url}`;
    this.say(`${what} -> ${answer}, retries spent; calling ${callee}`);
    this.next("failure-call", 0, 0, outcome);
  }
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
