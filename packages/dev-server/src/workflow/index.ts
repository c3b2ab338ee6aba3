import type { IncomingMessage, ServerResponse } from "node:http";
import { loadSpec } from "@x/contract";
import { isAuthorized, UNAUTHORIZED } from "./auth.js";
import { FlowControl } from "./flow-control.js";
import { sendError, sendJson, splitTarget } from "./http.js";
import { RunStore, type RunView } from "./runs.js";
import type { DriverDeps } from "./scheduler.js";
import { Timers } from "./timers.js";
import { handleTrigger, TRIGGER_PREFIX, type TriggerContext } from "./trigger.js";

export { FAILURE_CALL_HEADER, type FailureReport } from "./failure-callback.js";
export type { AttemptView, RunState, RunView } from "./runs.js";

export interface WorkflowServiceOptions {
  /** The one token the service accepts. */
  token: string;
  /** Multiplies every wait (delays, not-before, retry delays, rate periods); 0.001 turns 1 s into 1 ms. */
  timeScale?: number;
  /** Receives one line per event of a run (attempt, retry, failure call). */
  log?: (line: string) => void;
  /** Used for deliveries and failure calls; the global fetch by default. */
  fetch?: typeof fetch;
}

export interface WorkflowService {
  /** Node request listener for everything under the service's address. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Cancels timers and waiting runs, aborts calls in flight; resolves when they settled. */
  close(): Promise<void>;
  /** Every run so far, oldest first. */
  runs(): RunView[];
}

const DEV_RUNS = "/v2/dev/runs";
// Real endpoints answer in seconds; a hung one must not hold a run (or close()) forever.
const CALL_TIMEOUT_MS = 30_000;

/** The workflow service's emulator: trigger, scheduled delivery, retries, failure calls. */
export function createWorkflowService(options: WorkflowServiceOptions): WorkflowService {
  const timeScale = options.timeScale ?? 1;
  if (!(Number.isFinite(timeScale) && timeScale >= 0)) {
    throw new RangeError(`timeScale must be a finite number >= 0 (got ${timeScale})`);
  }
  const closing = new AbortController();
  const timers = new Timers();
  const store = new RunStore();
  const deps: DriverDeps = {
    timers,
    flow: new FlowControl(timers, timeScale),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeScale,
    log: options.log ?? (() => {}),
    signal: closing.signal,
    inFlight: new Set(),
    timeoutMs: CALL_TIMEOUT_MS,
  };
  const ctx: TriggerContext = { spec: loadSpec("workflow"), store, deps };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const { path, query } = splitTarget(req);
    const known =
      path.startsWith(TRIGGER_PREFIX) || path === DEV_RUNS || path.startsWith(`${DEV_RUNS}/`);
    if (!known) return sendError(res, 404, `no route for ${req.method} ${short(path)}`);
    if (!isAuthorized(req, query, options.token)) return sendError(res, 401, UNAUTHORIZED);
    if (path.startsWith(TRIGGER_PREFIX)) {
      if (req.method !== "POST") return notAllowed(res, "POST");
      if (closing.signal.aborted) return sendError(res, 500, "the service is shutting down");
      return handleTrigger(req, res, path, ctx);
    }
    if (req.method !== "GET") return notAllowed(res, "GET");
    if (path === DEV_RUNS) return sendJson(res, 200, { runs: store.list() });
    const id = decode(path.slice(DEV_RUNS.length + 1));
    const run = id === undefined ? undefined : store.get(id);
    if (run === undefined) return sendError(res, 404, `no run with id "${short(id ?? path)}"`);
    return sendJson(res, 200, run);
  };

  return {
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        // Only a bug lands here; bad input is answered with a 4xx above.
        deps.log(
          `[workflow] internal error: ${error instanceof Error ? error.stack : String(error)}`,
        );
        sendError(res, 500, "internal server error");
      });
    },
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      timers.clearAll();
      deps.flow.clear();
      for (const run of store.unfinished()) run.state = "cancelled";
      await Promise.allSettled([...deps.inFlight]);
    },
    runs: () => store.list(),
  };
}

function notAllowed(res: ServerResponse, allowed: string): void {
  res.setHeader("allow", allowed);
  sendError(res, 405, `method not allowed; use ${allowed}`);
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function short(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
