// Runs one scenario: builds the client it drew, scripts the server, makes the call with
// its abort, and gathers everything observable about it once it settles.
import type { ReadableSpan, Span } from "@opentelemetry/sdk-trace-base";
import type { Middleware } from "@x/core";
import { tracing } from "@x/otel";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { budgetMs, effective } from "./budget";
import type { Reason, Scenario } from "./draw";
import type { HostileServer, Served } from "./hostile-server";
import { type HookRecord, makeMiddleware } from "./middleware";
import { type ClientTimers, type LogLine, recordingLogger, type SpanLedger } from "./observe";
import {
  BODY_UNREAD,
  type CallPlan,
  callVector,
  callWorkflow,
  isApi,
  type Returned,
} from "./operations";

/** Characters that percent-encoding and JSON escaping both change, around a unique core. */
export const TOKEN = 'sk"Q7zP4wX9/live+a&b=1';
/** What a workflow URL's query carries in the scenarios that put a secret there. */
export const URL_SECRET = "BYPASS-7f3k9Qz2";

// The two bounds below only end a wait that a defect would make endless: a call that never
// settles, a socket never closed. A sound run stops waiting as soon as the call settles and
// its sockets close, so the bounds are generous: a loaded 2-core machine running the suite
// beside other stages once took over 2 s to close a socket, and failed a sound run.

/** How long past its budget a call may run before its scenario stops waiting for it. */
const WATCHDOG_MS = 10_000;

/** How long the sockets of a settled call may take to close before they count as left open. */
const SOCKET_GRACE_MS = 10_000;

/** The machinery one test file shares across its scenarios. */
export interface Rig {
  server: HostileServer;
  ledger: SpanLedger;
  timers: ClientTimers;
  /** Rejections nobody handled, as the process reports them. */
  unhandled: unknown[];
}

export interface Observation {
  returned?: Returned;
  /** What the call rejected with; `rejected` tells an `undefined` rejection apart. */
  error?: unknown;
  rejected: boolean;
  settledMs: number;
  /** The call had not settled when the watchdog gave up on it. */
  unsettled: boolean;
  served: Served[];
  hooks: HookRecord[];
  logs: LogLine[];
  started: Span[];
  ended: ReadableSpan[];
  complaints: string[];
  /** The signal's reason, when the abort happened. */
  abort?: { reason: unknown };
  timersLeft: number;
  socketsLeft: number;
  unhandled: unknown[];
}

function reasonOf(kind: Reason): unknown {
  if (kind === "error") return new Error("the user cancelled");
  if (kind === "string") return "the user cancelled";
  return undefined;
}

const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

/** The client a scenario drew, its middleware registered, reporting to the rig. */
function buildClient(rig: Rig, scenario: Scenario, hooks: HookRecord[], logs: LogLine[]) {
  const { client, call } = scenario;
  const common = {
    token: TOKEN,
    maxRetries: client.maxRetries,
    timeoutMs: client.timeoutMs,
    logger: recordingLogger(logs),
    logLevel: client.logLevel,
    ...(client.defaultHeaders ? { defaultHeaders: client.defaultHeaders } : {}),
    ...(client.tracing ? { tracing: tracing({ tracerProvider: rig.ledger.provider }) } : {}),
  };
  const target =
    scenario.service === "workflow"
      ? new WorkflowClient({ ...common, baseUrl: rig.server.url, tokenIn: client.tokenIn })
      : new VectorIndex({ ...common, url: rig.server.url }).namespace(call.namespace);
  for (const kind of client.middleware) target.use(makeMiddleware(kind, hooks));
  if (client.failingUse) {
    try {
      target.use(makeMiddleware("pass", hooks), {} as Middleware);
    } catch {
      // Expected: the second one is no middleware. What the first one then sees is checked.
    }
  }
  return target;
}

/** The call a scenario drew, with `signal` where the call takes it when it may abort. */
function planCall(scenario: Scenario, signal: AbortSignal, hooks: HookRecord[]): CallPlan {
  const { call } = scenario;
  const query = call.secretInUrl ? `?x-vercel-protection-bypass=${URL_SECRET}` : "";
  const plan: CallPlan = {
    op: call.op,
    take: call.take,
    options: { ...call.options },
    api: {},
    bodyMs: effective(scenario).timeoutMs,
    workflowUrl: `https://app.example.com/api/wf${query}`,
    ...(call.runId ? { runId: "run-scenario-1" } : {}),
  };
  if (isApi(call.op)) {
    plan.api.parseAs = call.parseAs;
    if (call.perRequest) plan.api.middleware = [makeMiddleware(call.perRequest, hooks)];
  }
  if (scenario.abort.when !== "none") {
    if (isApi(call.op)) plan.api.signal = signal;
    else plan.options.signal = signal;
  }
  return plan;
}

export async function runScenario(rig: Rig, scenario: Scenario): Promise<Observation> {
  const { server, ledger, timers } = rig;
  ledger.reset();
  rig.unhandled.length = 0;
  const hooks: HookRecord[] = [];
  const logs: LogLine[] = [];
  const target = buildClient(rig, scenario, hooks, logs);
  const controller = new AbortController();
  const plan = planCall(scenario, controller.signal, hooks);
  const exchange = server.begin(scenario.behaviours);

  // The abort, when drawn: before the call, as the server takes request n, or as the
  // transport starts a backoff wait.
  let abort: { reason: unknown } | undefined;
  const planned = scenario.abort;
  if (planned.when !== "none") {
    const fire = () => {
      if (abort) return;
      controller.abort(reasonOf(planned.reason));
      abort = { reason: controller.signal.reason };
    };
    if (planned.when === "before") fire();
    if (planned.when === "attempt") {
      exchange.hold.add(planned.request);
      exchange.onRequest = (index) => index === planned.request && fire();
    }
    if (planned.when === "backoff") timers.onBackoff = fire;
  }

  const started = performance.now();
  let returned: Returned | undefined;
  let error: unknown;
  let rejected = false;
  let unsettled = false;
  const pending =
    scenario.service === "workflow"
      ? callWorkflow(target as WorkflowClient, plan)
      : callVector(target as VectorIndex, plan);
  // An abort the server sets off as a request arrives can come after the call gave up on
  // that request (its timeout fired first); it aborted nothing, so it does not count.
  let settledFirst = false;
  const stamp = () => {
    settledFirst = abort === undefined;
  };
  pending.then(stamp, stamp);
  // A call that never settles must fail its scenario, not hang the run.
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const watchdog = new Promise<"unsettled">((resolve) => {
    giveUp = setTimeout(() => resolve("unsettled"), budgetMs(scenario) + WATCHDOG_MS);
  });
  try {
    const first = await Promise.race([pending, watchdog]);
    if (first === "unsettled") {
      unsettled = true;
      pending.catch(() => {});
    } else returned = first;
  } catch (caught) {
    error = caught;
    rejected = true;
  }
  clearTimeout(giveUp);
  const settledMs = performance.now() - started;
  timers.onBackoff = undefined;

  // A timer the call left behind is still pending once the loop has turned.
  await nextMacrotask();
  const timersLeft = timers.pending.size;
  for (const timer of timers.pending) clearTimeout(timer as Parameters<typeof clearTimeout>[0]);
  // A raw body the caller cancelled may keep its socket a while (see the invariant).
  const grace = returned?.value === BODY_UNREAD ? 0 : SOCKET_GRACE_MS;
  const closeBy = Date.now() + grace;
  while (server.openSockets() > 0 && Date.now() < closeBy) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await nextMacrotask();
  return {
    ...(returned ? { returned } : {}),
    error,
    rejected,
    settledMs,
    unsettled,
    served: exchange.served,
    hooks,
    logs,
    started: [...ledger.started],
    ended: [...ledger.ended],
    complaints: [...ledger.complaints],
    ...(abort && !settledFirst ? { abort } : {}),
    timersLeft,
    // Counted by the run's last sweep when the caller gave up on a raw body.
    socketsLeft: grace === 0 ? 0 : server.openSockets(),
    unhandled: [...rig.unhandled],
  };
}
