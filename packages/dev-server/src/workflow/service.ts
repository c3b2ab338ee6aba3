/**
 * The workflow service's emulator. Wire choices the interface document leaves open, in
 * one place:
 *
 * - Trigger: `POST /v2/trigger/<url>` with the token as `Authorization: Bearer` or
 *   `?svc_token=`. Every request is checked by @x/openapi-check against the spec, after
 *   the semantic rules of `headers.ts` (their messages name the header first).
 * - A run id names one run: a trigger repeating a run's request exactly (URL, body,
 *   content type, every `Svc-*` header) is answered 200 with that run, so a client may
 *   retry a trigger whose answer it lost; a different request under a used
 *   `Svc-Workflow-RunId` is a 400 ("... is taken").
 * - Deliveries POST the body bytes with their `Content-Type`, the `Svc-Forward-*` headers
 *   without the prefix, and these service headers (set last, so never spoofed by a
 *   forwarded one): `Svc-Workflow-RunId`, `Svc-Workflow-CreatedAt` (ms),
 *   `Svc-Attempt` (1-based), `Svc-Retried` (0-based), `Svc-Max-Retries`, and `Svc-Label`
 *   (comma-joined) when the run has labels. Redirects are not followed.
 * - The failure call, after the last retry, POSTs the spec's `FailureReport` JSON (plus
 *   `error` when no answer arrived) with the `Svc-Failure-Callback-Forward-*` headers,
 *   the service headers above and `Svc-Failure-Call: true`, to `Svc-Failure-Callback`
 *   or, without one, to the workflow URL. It is retried like the run; it is not held by
 *   flow control, which gates deliveries (first attempts and retries) only.
 * - Its routes, the dev-only ones included, are in `routes.ts`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ValidationError } from "@x/core";
import type { Optional } from "@x/core/internal";
import { loadSpec } from "@x/openapi-check";
import { type Clock, createClock } from "../clock/clock.js";
import { corsPolicy } from "../http/cors.js";
import { workflowErrorBody } from "../http/error-body.js";
import { short } from "../http/request.js";
import { type Served, serve, serviceCors } from "../http/serve.js";
import { FlowControl } from "./flow-control.js";
import { type WorkflowLimits, workflowAnswerLimit, workflowLimits } from "./limits.js";
import { lookalikeWarner } from "./lookalike-headers.js";
import { createRandom } from "./random.js";
import { WORKFLOW_ERROR_STATUSES, workflowCorsMethods, workflowRoutes } from "./routes.js";
import { RunWatchers } from "./run-watch.js";
import { RunStore, type RunView } from "./runs.js";
import { cancelRun, type DriverDeps } from "./scheduler.js";
import {
  checkSnapshot,
  openWorkflowSnapshot,
  restoreSnapshot,
  sealWorkflowState,
  takeSnapshot,
  type WorkflowSnapshot,
} from "./snapshot.js";
import type { TriggerContext } from "./trigger.js";

/** Options of `createWorkflowService`. */
export interface WorkflowServiceOptions {
  /** The one token the service accepts. */
  token: string;
  /** Multiplies every wait (delays, not-before, retry delays, rate periods); 0.001 turns 1 s into 1 ms. */
  timeScale?: number | undefined;
  /**
   * The clock every wait and run time follows (`createClock("manual")` for one a test
   * moves); the real clock by default.
   */
  clock?: Clock | undefined;
  /** Whether requests marked as dashboard polls (`x-dev-poll`) are logged too; false by default. */
  logPolls?: boolean | undefined;
  /** Receives one line per event of a run (attempt, retry, failure call). */
  log?: ((line: string) => void) | undefined;
  /** Used for deliveries and failure calls; the global fetch by default. */
  fetch?: typeof fetch | undefined;
  /**
   * How long one delivery or failure-call attempt may take, headers and body, before it is
   * cut and counted as failed (then retried as the run says); 30,000 ms by default. Real
   * time: neither `timeScale` nor a manual clock changes it, as it bounds real I/O.
   */
  deliveryTimeoutMs?: number | undefined;
  /** Browser origins allowed to call: `*` (the default) or comma-separated origins. */
  corsOrigin?: string | undefined;
  /** Overrides of `Svc-Retries`' maximum and the failure report's body size (see `DEFAULT_WORKFLOW_LIMITS`). */
  limits?: Optional<WorkflowLimits> | undefined;
  /** Makes run ids a function of this seed and the order of triggers; random ones without it. */
  randomSeed?: number | undefined;
}

/** A workflow service to mount on your own `node:http` server. */
export interface WorkflowService {
  /**
   * Node request listener for everything under the service's address.
   *
   * @example
   * ```ts
   * import { createServer } from "node:http";
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * const server = createServer(workflow.handle);
   * ```
   */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Cancels timers and waiting runs, aborts calls in flight; resolves when they settled.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * await workflow.close(); // no delivery starts after this
   * ```
   */
  close(): Promise<void>;
  /**
   * Every run so far, oldest first.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * for (const run of workflow.runs()) console.log(run.workflowRunId, run.state, run.url);
   * ```
   */
  runs(): RunView[];
  /**
   * The run with this id; undefined when there is none.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * console.log(workflow.run("wfr_123")?.state ?? "no such run");
   * ```
   */
  run(id: string): RunView | undefined;
  /**
   * Every run (the unfinished ones with their next step), each flow-control key's window and
   * the random generator's state, as a plain JSON value; `restore` puts it back.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const before = createWorkflowService({ token: "dev-token" });
   * const saved = before.snapshot();
   * await before.close();
   * await createWorkflowService({ token: "dev-token" }).restore(saved);
   * ```
   */
  snapshot(): WorkflowSnapshot;
  /**
   * Cancels what the service is doing (timers, flow-control queues, calls in flight), then
   * puts a snapshot's runs back, each resuming at its next step. Throws (a TypeError or
   * ValidationError naming the part) for a malformed snapshot before anything changes.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * const clean = workflow.snapshot();
   * // ... a test triggers runs
   * await workflow.restore(clean); // no runs again
   * ```
   */
  restore(snapshot: WorkflowSnapshot): Promise<void>;
  /** The clock the service runs on. */
  readonly clock: Clock;
  /**
   * Calls `listener` after each change of run `id` (its state, an attempt, its next step);
   * returns the function that stops it.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * const stop = workflow.watch("wfr_123", () => console.log(workflow.run("wfr_123")?.state));
   * stop();
   * ```
   */
  watch(id: string, listener: () => void): () => void;
  /**
   * Cancels an unfinished run: it is never delivered again. Returns its view; undefined for
   * an unknown id. Throws a ValidationError for a run that already ended.
   *
   * @example
   * ```ts
   * import { createWorkflowService } from "@x/dev-server";
   *
   * const workflow = createWorkflowService({ token: "dev-token" });
   * const cancelled = workflow.cancel("wfr_123"); // undefined: no such run
   * ```
   */
  cancel(id: string): RunView | undefined;
}

// Real endpoints answer in seconds; a hung one must not hold a run (or close()) forever.
const DEFAULT_DELIVERY_TIMEOUT_MS = 30_000;
// setTimeout fires at once for anything longer.
const MAX_DELIVERY_TIMEOUT_MS = 2 ** 31 - 1;

function deliveryTimeout(ms: number | undefined): number {
  if (ms === undefined) return DEFAULT_DELIVERY_TIMEOUT_MS;
  if (!(Number.isInteger(ms) && ms >= 1 && ms <= MAX_DELIVERY_TIMEOUT_MS)) {
    throw new ValidationError(
      "deliveryTimeoutMs",
      `must be an integer from 1 to ${MAX_DELIVERY_TIMEOUT_MS} (got ${ms})`,
    );
  }
  return ms;
}

/**
 * The workflow service's emulator: trigger, scheduled delivery, retries, failure calls.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { createWorkflowService } from "@x/dev-server";
 *
 * // The workflow emulator alone: delays and backoff ten times shorter.
 * const workflow = createWorkflowService({ token: "dev-token", timeScale: 0.1 });
 * const server = createServer(workflow.handle).listen(8080, "127.0.0.1");
 * ```
 */
export function createWorkflowService(options: WorkflowServiceOptions): WorkflowService {
  const timeScale = options.timeScale ?? 1;
  if (!(Number.isFinite(timeScale) && timeScale >= 0)) {
    throw new ValidationError("timeScale", `must be a finite number >= 0 (got ${timeScale})`);
  }
  const limits = workflowLimits(options.limits);
  const closing = new AbortController();
  // Aborted by close() and by each restore: ends the runs and calls of what came before.
  let generation = new AbortController();
  const clock = options.clock ?? createClock("real");
  if (clock.mode === "manual" && timeScale !== 1) {
    throw new ValidationError(
      "timeScale",
      "cannot be combined with a manual clock; advance the clock instead",
    );
  }
  const store = new RunStore();
  const deps: DriverDeps = {
    clock,
    flow: new FlowControl(clock, timeScale),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeScale,
    log: options.log ?? (() => {}),
    signal: generation.signal,
    inFlight: new Set(),
    timeoutMs: deliveryTimeout(options.deliveryTimeoutMs),
    maxReportBodyBytes: limits.maxReportBodyBytes,
    live: new Map(),
    watchers: new RunWatchers(),
  };
  const served: Served = {
    name: "workflow",
    errorBody: workflowErrorBody,
    log: deps.log,
    logPolls: options.logPolls,
    cors: serviceCors(corsPolicy(options.corsOrigin), workflowCorsMethods),
    errorStatuses: WORKFLOW_ERROR_STATUSES,
    answerLimit: workflowAnswerLimit(limits),
  };
  const spec = loadSpec("workflow");
  const ctx: TriggerContext = {
    spec,
    limits,
    store,
    deps,
    fingerprints: new Map(),
    random: createRandom(options.randomSeed),
    warnLookalikes: lookalikeWarner(spec, deps.log),
  };

  const cancel = (id: string): RunView | undefined => {
    const live = deps.live.get(id);
    if (live !== undefined) {
      cancelRun(live, deps);
      return store.get(id);
    }
    const ended = store.get(id);
    if (ended === undefined) return undefined;
    throw new ValidationError(
      "id",
      `run "${short(id)}" already ended (${ended.state}); only an unfinished run can be cancelled`,
    );
  };

  const routes = workflowRoutes({
    token: options.token,
    ctx,
    clock,
    closing: closing.signal,
    cancel: (id) => cancel(id),
  });

  return {
    handle(req, res) {
      serve(req, res, served, routes);
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      generation.abort();
      clock.clearAll();
      deps.flow.clear();
      for (const run of store.unfinished()) run.state = "cancelled";
      deps.watchers.changedAll();
      await Promise.allSettled([...deps.inFlight]);
    },
    clock,
    cancel,
    watch: (id, listener) => deps.watchers.watch(id, listener),
    runs: () => store.list(),
    run: (id) => store.get(id),
    snapshot: () => sealWorkflowState(takeSnapshot(ctx)),
    async restore(snapshot) {
      const state = openWorkflowSnapshot(snapshot);
      const loaded = checkSnapshot(state);
      generation.abort();
      generation = new AbortController();
      deps.signal = generation.signal;
      // The old runs stop waiting; once their calls settled, the clock drops their timers.
      for (const run of deps.live.values()) run.waitingOn?.cancel();
      await Promise.allSettled([...deps.inFlight]);
      restoreSnapshot(ctx, state, loaded);
    },
  };
}
