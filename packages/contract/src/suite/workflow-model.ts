// A plain model of the workflow emulator's runs on a manual clock: when each delivery,
// retry and failure call is due, what the endpoint answers, and the state each run is in.
// The service's rules it follows: Not-Before wins over Delay; a failed delivery is retried
// after the Svc-Retry-Delay expression's ms (the default backoff
// `min(86400, e^(2.5 n))` s without one), `n` the retries made so far; once the retries are
// spent the failure call goes out at once, to Svc-Failure-Callback or else the workflow URL,
// retried the same way.

/** What a run's endpoint answers: always 200, always 500, or 500 to the first delivery only. */
export type Behaviour = "ok" | "fail" | "flaky";

/** A Svc-Retry-Delay expression and what it evaluates to, or the default backoff. */
export interface RetryDelay {
  expression?: string;
  ms(retried: number): number;
}

export const DEFAULT_BACKOFF: RetryDelay = {
  ms: (n) => Math.min(86400, Math.exp(2.5 * n)) * 1000,
};

export type ModelState =
  | "scheduled"
  | "retrying"
  | "succeeded"
  | "callback-retrying"
  | "callback-succeeded"
  | "callback-failed"
  | "cancelled";

const FINAL: ModelState[] = ["succeeded", "callback-succeeded", "callback-failed", "cancelled"];

export interface TriggerPlan {
  behaviour: Behaviour;
  /** Whether the failure call has a URL of its own (else it goes to the workflow URL). */
  callback: boolean;
  /** What the failure call's endpoint answers. */
  callbackOk: boolean;
  retries: number;
  retryDelay: RetryDelay;
  /** Svc-Delay in seconds. */
  delaySeconds?: number;
  /** Svc-Not-Before, seconds after the trigger's time (rounded up to a whole second). */
  notBeforeAfter?: number;
}

interface Step {
  kind: "delivery" | "failure-call";
  retried: number;
  dueAt: number;
  /** Equal due times run in the order they were scheduled, as the clock runs them. */
  order: number;
}

export interface ModelRun {
  /** Index of the run in the sequence; its endpoint paths carry it. */
  key: number;
  plan: TriggerPlan;
  id: string;
  state: ModelState;
  step?: Step;
  deliveries: number;
  calls: number;
  /** Finished before a restart: the emulator may have dropped it since. */
  mayBeGone: boolean;
}

/** One call a run makes to its endpoint, at the clock's time. */
export interface ExpectedCall {
  key: number;
  /** A failure call carries the failure-call header; a delivery does not. */
  kind: "delivery" | "failure-call";
  /** Where it went: the run's workflow URL, or its failure callback URL. */
  to: "workflow" | "callback";
  at: number;
}

export class WorkflowModel {
  readonly runs: ModelRun[] = [];
  /** Calls the endpoint should have received since the last look. */
  expected: ExpectedCall[] = [];
  private order = 0;

  constructor(public now: number) {}

  static isFinal(state: ModelState): boolean {
    return FINAL.includes(state);
  }

  /** The Unix seconds a plan's Svc-Not-Before names, from the model's time. */
  notBeforeSeconds(plan: TriggerPlan): number | undefined {
    if (plan.notBeforeAfter === undefined) return undefined;
    return Math.ceil(this.now / 1000) + plan.notBeforeAfter;
  }

  trigger(plan: TriggerPlan, id: string): ModelRun {
    const notBefore = this.notBeforeSeconds(plan);
    const due =
      notBefore !== undefined
        ? notBefore * 1000
        : this.now + Math.ceil((plan.delaySeconds ?? 0) * 1000);
    const run: ModelRun = {
      key: this.runs.length,
      plan,
      id,
      state: "scheduled",
      deliveries: 0,
      calls: 0,
      mayBeGone: false,
    };
    this.schedule(run, "delivery", 0, Math.max(due, this.now));
    this.runs.push(run);
    return run;
  }

  cancel(run: ModelRun): void {
    delete run.step;
    run.state = "cancelled";
  }

  restarted(): void {
    for (const run of this.runs) if (WorkflowModel.isFinal(run.state)) run.mayBeGone = true;
  }

  /** Runs every step due up to `now + ms`, earliest first, each at its own due time. */
  advance(ms: number): void {
    const target = this.now + ms;
    for (;;) {
      const next = this.runs
        .filter((run) => run.step !== undefined && run.step.dueAt <= target)
        .sort((a, b) => a.step!.dueAt - b.step!.dueAt || a.step!.order - b.step!.order)[0];
      if (next === undefined) break;
      this.now = Math.max(this.now, next.step!.dueAt);
      this.attempt(next, next.step!);
    }
    this.now = target;
  }

  private schedule(run: ModelRun, kind: Step["kind"], retried: number, dueAt: number): void {
    run.step = { kind, retried, dueAt, order: this.order++ };
  }

  private attempt(run: ModelRun, step: Step): void {
    const { plan } = run;
    const failureCall = step.kind === "failure-call";
    const to = failureCall && plan.callback ? "callback" : "workflow";
    this.expected.push({ key: run.key, kind: step.kind, to, at: this.now });
    run.calls++;
    let ok: boolean;
    if (failureCall) ok = plan.callbackOk;
    else {
      run.deliveries++;
      ok = plan.behaviour === "ok" || (plan.behaviour === "flaky" && run.deliveries > 1);
    }
    if (ok) {
      delete run.step;
      run.state = failureCall ? "callback-succeeded" : "succeeded";
    } else if (step.retried < plan.retries) {
      run.state = failureCall ? "callback-retrying" : "retrying";
      const wait = Math.ceil(plan.retryDelay.ms(step.retried));
      this.schedule(run, step.kind, step.retried + 1, this.now + wait);
    } else if (failureCall) {
      delete run.step;
      run.state = "callback-failed";
    } else {
      this.schedule(run, "failure-call", 0, this.now);
    }
  }
}
