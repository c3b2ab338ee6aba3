// `dev.runs`: the workflow runs of a dev server, read, awaited and cancelled from code.
import { ValidationError, XError } from "@x/core";
import type { DevClock } from "../clock/clock.js";
import { refuseUnknownOptions } from "../server/options.js";
import { isFinal, type RunState, type RunView } from "../workflow/runs.js";
import { MAX_RUNS_LIMIT, RUN_STATES, type RunsFilter, selectRuns } from "../workflow/runs-query.js";
import type { WorkflowService } from "../workflow/service.js";

/** What `dev.runs.list` narrows the listing to; the same as `GET /v2/dev/runs`' query. */
export interface RunsListOptions {
  /** Only runs in this state. */
  state?: RunState | undefined;
  /** Only runs carrying this label. */
  label?: string | undefined;
  /** Keep only the most recent runs (1 to 1000), still oldest first. */
  limit?: number | undefined;
}

/** Options of `dev.runs.waitFor`. */
export interface WaitForOptions {
  /** Real milliseconds to wait before rejecting; 5,000 by default. */
  timeoutMs?: number | undefined;
}

/** `dev.runs`: every method resolves with copies, so a view held never changes under you. */
export interface DevRuns {
  /**
   * The runs, oldest first, narrowed as `GET /v2/dev/runs` would.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * const failing = await dev.runs.list({ state: "retrying", label: "billing", limit: 20 });
   * for (const run of failing) console.log(run.workflowRunId, run.attempts.length);
   * ```
   */
  list(options?: RunsListOptions): Promise<RunView[]>;
  /**
   * The run with this id; undefined when there is none.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * const run = await dev.runs.get("wfr_123");
   * console.log(run?.state ?? "no such run");
   * ```
   */
  get(id: string): Promise<RunView | undefined>;
  /**
   * Resolves with the run once it is in `until` (a state, or a test of the view). Rejects
   * with a RunWaitError naming the state reached when the run ends elsewhere or
   * `timeoutMs` (real time) runs out.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   * import { WorkflowClient } from "@x/workflow";
   *
   * const dev = await startDevServer();
   * const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
   * const { workflowRunId } = await wf.trigger({ url: "http://127.0.0.1:3000/api/workflow" });
   * const run = await dev.runs.waitFor(workflowRunId, "succeeded", { timeoutMs: 10_000 });
   * const twice = await dev.runs.waitFor(workflowRunId, (view) => view.attempts.length >= 2);
   * ```
   */
  waitFor(
    id: string,
    until: RunState | ((run: RunView) => boolean),
    options?: WaitForOptions,
  ): Promise<RunView>;
  /**
   * Cancels an unfinished run (it is never delivered again) and resolves with its view.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * const cancelled = await dev.runs.cancel("wfr_123");
   * console.log(cancelled.state); // "cancelled"
   * ```
   */
  cancel(id: string): Promise<RunView>;
}

/** `dev.runs.waitFor` gave up: the run ended in another state, or time ran out. */
export class RunWaitError extends XError {
  /** Always `"RunWaitError"`, so logs and `error.name` checks name the class. */
  override name = "RunWaitError";
  /**
   * Made by `dev.runs.waitFor`: `message` says why the wait ended, `run` is the run then.
   *
   * @example
   * ```ts
   * import { RunWaitError, startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer();
   * try {
   *   await dev.runs.waitFor("wfr_123", "succeeded", { timeoutMs: 1_000 });
   * } catch (error) {
   *   if (error instanceof RunWaitError) console.log(error.message, error.run.state);
   * }
   * ```
   */
  constructor(
    message: string,
    /** The run as it was when the wait ended. */
    readonly run: RunView,
  ) {
    super(message);
  }
}

const DEFAULT_WAIT_MS = 5_000;
const MAX_WAIT_MS = 2 ** 31 - 1;

function checkId(id: unknown, method: string): string {
  if (typeof id !== "string" || id === "") {
    throw new ValidationError(
      "id",
      `${method} takes a run id, a non-empty string (got ${String(id)})`,
    );
  }
  return id;
}

function checkListOptions(options: RunsListOptions): RunsFilter {
  if (typeof options !== "object" || options === null) {
    throw new ValidationError("options", "runs.list takes an object { state?, label?, limit? }");
  }
  refuseUnknownOptions(options, { owner: "runs.list", known: ["state", "label", "limit"] });
  const { state, label, limit } = options;
  if (state !== undefined && !RUN_STATES.includes(state)) {
    throw new ValidationError(
      "state",
      `must be one of ${RUN_STATES.join(", ")} (got ${String(state)})`,
    );
  }
  if (label !== undefined && (typeof label !== "string" || label === "")) {
    throw new ValidationError("label", "must be a non-empty string");
  }
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_RUNS_LIMIT)) {
    throw new ValidationError(
      "limit",
      `must be an integer from 1 to ${MAX_RUNS_LIMIT} (got ${String(limit)})`,
    );
  }
  return options;
}

function checkUntil(until: unknown): (run: RunView) => boolean {
  if (typeof until === "function") return until as (run: RunView) => boolean;
  if (typeof until === "string" && RUN_STATES.includes(until as RunState)) {
    return (run) => run.state === until;
  }
  throw new ValidationError(
    "until",
    `must be a run state (${RUN_STATES.join(", ")}) or a function of the run (got ${String(until)})`,
  );
}

function checkTimeout(options: WaitForOptions | undefined): number {
  if (options === undefined) return DEFAULT_WAIT_MS;
  refuseUnknownOptions(options, { owner: "runs.waitFor", known: ["timeoutMs"] });
  const ms = options.timeoutMs ?? DEFAULT_WAIT_MS;
  if (!(Number.isInteger(ms) && ms >= 1 && ms <= MAX_WAIT_MS)) {
    throw new ValidationError(
      "timeoutMs",
      `must be an integer from 1 to ${MAX_WAIT_MS} (got ${String(ms)})`,
    );
  }
  return ms;
}

export function devRuns(workflow: WorkflowService, clock: DevClock): DevRuns {
  const unknownRun = (id: string) => new ValidationError("id", `no run with id "${id}"`);
  const stillWaiting = (run: RunView) =>
    clock.mode === "manual" && (run.state === "scheduled" || run.state.endsWith("retrying"))
      ? "; the clock is manual: advance it (dev.clock.advance) to bring the next attempt"
      : "";

  return {
    async list(options = {}) {
      return selectRuns(workflow.runs(), checkListOptions(options));
    },
    async get(id) {
      return workflow.run(checkId(id, "runs.get"));
    },
    async waitFor(id, until, options) {
      checkId(id, "runs.waitFor");
      const reached = checkUntil(until);
      const wanted = typeof until === "string" ? `"${until}"` : "the condition";
      const timeoutMs = checkTimeout(options);
      // Looks at the run now and after each change of it; undefined while it is still on its way.
      const verdict = (): RunView | Error | undefined => {
        const run = workflow.run(id);
        if (run === undefined) return unknownRun(id);
        if (reached(run)) return run;
        if (isFinal(run.state)) {
          return new RunWaitError(
            `run ${id} ended in state "${run.state}" without reaching ${wanted}`,
            run,
          );
        }
        return undefined;
      };
      const first = verdict();
      if (first instanceof Error) throw first;
      if (first !== undefined) return first;
      return new Promise<RunView>((resolve, reject) => {
        const settle = (outcome: RunView | Error) => {
          clearTimeout(timer);
          unwatch();
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        };
        const unwatch = workflow.watch(id, () => {
          // A condition that throws rejects the wait rather than the service's own work.
          let outcome: RunView | Error | undefined;
          try {
            outcome = verdict();
          } catch (error) {
            outcome = error instanceof Error ? error : new Error(String(error));
          }
          if (outcome !== undefined) settle(outcome);
        });
        const timer = setTimeout(() => {
          const run = workflow.run(id);
          if (run === undefined) return settle(unknownRun(id));
          settle(
            new RunWaitError(
              `run ${id} is still "${run.state}" after ${timeoutMs} ms of waiting for ${wanted}${stillWaiting(run)}`,
              run,
            ),
          );
        }, timeoutMs);
      });
    },
    async cancel(id) {
      const run = workflow.cancel(checkId(id, "runs.cancel"));
      if (run === undefined) throw unknownRun(id);
      return run;
    },
  };
}
