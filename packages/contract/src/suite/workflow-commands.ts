// fast-check commands over the workflow emulator (on its manual clock, with a state file)
// and its model (workflow-model.ts). After each command the endpoint's calls since the last
// one and every run's view must be what the model says.
import { type DevServer, startDevServer } from "@x/dev-server";
import { checkResponse, formatViolations, loadSpec } from "@x/openapi-check";
import type fc from "fast-check";
import { expect } from "vitest";
import type { WorkflowEndpoint } from "./workflow-endpoint.js";
import { type ExpectedCall, type TriggerPlan, WorkflowModel } from "./workflow-model.js";

export interface WorkflowReal {
  dev: DevServer;
  endpoint: WorkflowEndpoint;
  stateFile: string;
}

type Command = fc.AsyncCommand<WorkflowModel, WorkflowReal>;

/** The dev server as every start and restart of a sequence starts it. */
export function startWorkflowDev(stateFile: string): Promise<DevServer> {
  return startDevServer({ clock: "manual", stateFile, vector: { dimension: 2 } });
}

const callKey = (call: ExpectedCall) => `${call.at} ${call.key} ${call.kind} to ${call.to}`;

async function expectAgreement(model: WorkflowModel, real: WorkflowReal): Promise<void> {
  // Calls at one instant may arrive in any order; each call's time and run are what count.
  const received = real.endpoint.take().map(callKey).sort();
  const expected = model.expected.map(callKey).sort();
  model.expected = [];
  expect(received, "the calls the endpoint received").toEqual(expected);
  expect(real.dev.clock.now()).toBe(model.now);
  const views = new Map((await real.dev.runs.list()).map((view) => [view.workflowRunId, view]));
  const known = new Set(model.runs.map((run) => run.id));
  expect(
    [...views.keys()].filter((id) => !known.has(id)),
    "runs nobody triggered",
  ).toEqual([]);
  for (const run of model.runs) {
    const view = views.get(run.id);
    if (view === undefined && run.mayBeGone) continue;
    expect(view?.state, `state of run ${run.key}`).toBe(run.state);
    expect(view?.nextAttemptAt, `next attempt of run ${run.key}`).toBe(run.step?.dueAt);
    expect(view?.attempts.length, `calls of run ${run.key}`).toBe(run.calls);
  }
}

function triggerHeaders(model: WorkflowModel, plan: TriggerPlan, callback: string) {
  const headers: Record<string, string> = { "Svc-Retries": String(plan.retries) };
  if (plan.retryDelay.expression !== undefined)
    headers["Svc-Retry-Delay"] = plan.retryDelay.expression;
  if (plan.delaySeconds !== undefined) headers["Svc-Delay"] = `${plan.delaySeconds}s`;
  const notBefore = model.notBeforeSeconds(plan);
  if (notBefore !== undefined) headers["Svc-Not-Before"] = String(notBefore);
  if (plan.callback) headers["Svc-Failure-Callback"] = callback;
  return headers;
}

export class Trigger implements Command {
  constructor(readonly plan: TriggerPlan) {}
  check = () => true;
  async run(model: WorkflowModel, real: WorkflowReal) {
    const key = model.runs.length;
    const { behaviour, callbackOk } = this.plan;
    real.endpoint.answer(key, {
      delivery: (n) => (behaviour === "ok" || (behaviour === "flaky" && n > 1) ? 200 : 500),
      failureCall: callbackOk ? 200 : 500,
    });
    const workflowUrl = `${real.endpoint.url}/wf/${key}`;
    const response = await fetch(`${real.dev.workflowUrl}/v2/trigger/${workflowUrl}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${real.dev.token}`,
        "content-type": "application/json",
        ...triggerHeaders(model, this.plan, `${real.endpoint.url}/cb/${key}`),
      },
      body: "{}",
    });
    const violations = await checkResponse(loadSpec("workflow"), "triggerWorkflow", response);
    expect(formatViolations(violations)).toBe("");
    expect(response.status).toBe(200);
    const { workflowRunId } = (await response.json()) as { workflowRunId: string };
    model.trigger(this.plan, workflowRunId);
    // A run due now is delivered at once; let it happen before looking.
    await real.dev.clock.advance(0);
    model.advance(0);
    await expectAgreement(model, real);
  }
  toString = () =>
    `trigger(${JSON.stringify({ ...this.plan, retryDelay: this.plan.retryDelay.expression ?? "default" })})`;
}

export class Advance implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: WorkflowModel, real: WorkflowReal) {
    await real.dev.clock.advance(this.ms);
    model.advance(this.ms);
    await expectAgreement(model, real);
  }
  toString = () => `advance(${this.ms})`;
}

export class Cancel implements Command {
  /** `pick` chooses among the runs triggered so far, whatever their number. */
  constructor(readonly pick: number) {}
  check = (model: Readonly<WorkflowModel>) => model.runs.length > 0;
  async run(model: WorkflowModel, real: WorkflowReal) {
    const run = model.runs[this.pick % model.runs.length]!;
    if (WorkflowModel.isFinal(run.state)) {
      // An ended run cannot be cancelled (and one ended before a restart may be gone).
      await expect(real.dev.runs.cancel(run.id)).rejects.toThrow();
    } else {
      const view = await real.dev.runs.cancel(run.id);
      expect(view.state).toBe("cancelled");
      model.cancel(run);
    }
    await expectAgreement(model, real);
  }
  toString = () => `cancel(#${this.pick})`;
}

/** Stops the dev server (writing its state file) and starts it again from the file. */
export class Restart implements Command {
  check = () => true;
  async run(model: WorkflowModel, real: WorkflowReal) {
    await real.dev.close();
    real.dev = await startWorkflowDev(real.stateFile);
    model.restarted();
    await expectAgreement(model, real);
  }
  toString = () => "restart()";
}
