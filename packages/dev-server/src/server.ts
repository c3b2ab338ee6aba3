import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { type ClockMode, createClock, type DevClock } from "./clock.js";
import { createDashboard } from "./dashboard/index.js";
import { type DevRuns, devRuns } from "./dev-runs.js";
import { type DevVector, devVector } from "./dev-vector.js";
import { type Handler, listen, stop, urlOf } from "./listen.js";
import { type OptionNames, refuseUnknownOptions } from "./options.js";
import { type SeedRecord, seedEntries } from "./seed.js";
import { chooseIndex, describeState, loadSeed, loadState } from "./startup.js";
import { newState, readState, writeState } from "./state.js";
import type { VectorLimits } from "./vector/limits.js";
import { createVectorService } from "./vector/service.js";
import type { IndexOptions } from "./vector/types.js";
import { createWorkflowService } from "./workflow/index.js";
import type { WorkflowLimits } from "./workflow/limits.js";

/** Options of `startDevServer`; every one is optional. */
export interface DevServerOptions {
  /** Interface to bind; loopback (127.0.0.1) unless told otherwise. */
  host?: string;
  /** 0 (the default) picks a free port. */
  workflowPort?: number;
  /** 0 (the default) picks a free port. */
  vectorPort?: number;
  /** The token both services accept; a random one when absent. */
  token?: string;
  /**
   * `"real"` (the default): waits take real time. `"manual"`: time stands still until
   * `dev.clock.advance` (or `POST /v2/dev/clock`) moves it; for tests of delays and retries.
   */
  clock?: ClockMode;
  /** Multiplies workflow waits (delays, backoff, rate periods): 0.01 makes 1 s last 10 ms. Real clock only. */
  timeScale?: number;
  /**
   * The vector index: 384 dimensions, COSINE, DENSE by default (fields left out are taken
   * from the state file when there is one); `pendingMs` how long upserts stay pending (50).
   */
  vector?: IndexOptions;
  /** Records upserted at start, ready at once (each may name its `namespace`), or the path of a JSON / JSONL file of them. */
  seed?: SeedRecord[] | string;
  /** Receives one line per request and per workflow event. */
  log?: (line: string) => void;
  /** Whether the dashboard's polls are logged too (`--log-polls`); false by default. */
  logPolls?: boolean;
  /** How long one delivery attempt may take before it is cut and counted as failed; 30,000 ms by default, real time under either clock. */
  deliveryTimeoutMs?: number;
  /** Browser origins allowed to call either service: `*` (the default) or comma-separated origins. */
  corsOrigin?: string;
  /** Overrides of either service's limits (`DEFAULT_VECTOR_LIMITS`, `DEFAULT_WORKFLOW_LIMITS`). */
  limits?: Partial<VectorLimits & WorkflowLimits>;
  /**
   * A state file: loaded at start when it exists (vectors, namespaces, unfinished runs in
   * their states, which resume at their next step), written atomically by `close()`.
   * Without it, `close()` logs how many unfinished runs it dropped.
   */
  stateFile?: string;
}

// Typed as a record of the interface's keys, so an option added to the interface without
// being named here fails the typecheck instead of being refused.
const DEV_SERVER_KEYS: Record<keyof DevServerOptions, true> = {
  host: true,
  workflowPort: true,
  vectorPort: true,
  token: true,
  timeScale: true,
  vector: true,
  seed: true,
  log: true,
  limits: true,
  corsOrigin: true,
  deliveryTimeoutMs: true,
  stateFile: true,
  clock: true,
  logPolls: true,
};

const DEV_SERVER_OPTIONS: OptionNames = {
  owner: "startDevServer",
  known: Object.keys(DEV_SERVER_KEYS),
};

/** Both running services, as `startDevServer` resolves them. */
export interface DevServer {
  /** Base URL of the workflow service, e.g. `http://127.0.0.1:8080` (the client's `baseUrl`). */
  workflowUrl: string;
  /** Base URL of the vector service (the `VectorIndex` client's `url`). */
  vectorUrl: string;
  /** The token both services accept. */
  token: string;
  /** The clock every wait follows: `now()`, and `advance(by)` under the manual clock. */
  clock: DevClock;
  /** The workflow runs: list, get, waitFor, cancel. */
  runs: DevRuns;
  /** The vector data: upsert, delete, reset. */
  vector: DevVector;
  /** How many seed records were loaded at start. */
  seeded: number;
  /**
   * Stops both services and closes every connection.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ stateFile: ".x-dev-state.json" });
   * try {
   *   // ... the tests or the app against dev.workflowUrl and dev.vectorUrl
   * } finally {
   *   await dev.close(); // also writes the state file
   * }
   * ```
   */
  close(): Promise<void>;
}

/**
 * Starts the workflow and vector emulators; resolves once both listen.
 *
 * @example
 * ```ts
 * import { startDevServer } from "@x/dev-server";
 * import { VectorIndex } from "@x/vector";
 * import { WorkflowClient } from "@x/workflow";
 *
 * const dev = await startDevServer({ vector: { dimension: 3 } });
 * const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
 * const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
 * console.log(await index.info());
 * await dev.close();
 * ```
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const host = options.host ?? "127.0.0.1";
  const token = options.token ?? `dev_${randomBytes(18).toString("base64url")}`;
  const log = options.log;
  refuseUnknownOptions(options, DEV_SERVER_OPTIONS);
  const { stateFile } = options;
  const saved = stateFile === undefined ? undefined : await readState(stateFile);
  // A manual clock goes on from the saved time, so saved runs keep their place in it.
  const clock = createClock(options.clock ?? "real", Math.max(Date.now(), saved?.savedAt ?? 0));
  const index = chooseIndex(options.vector, saved, stateFile);
  const { maxRetries, maxReportBodyBytes, ...vectorLimits } = options.limits ?? {};
  const vector = createVectorService({
    token,
    vector: index.options,
    ...(options.corsOrigin !== undefined ? { corsOrigin: options.corsOrigin } : {}),
    limits: vectorLimits,
    now: () => clock.now(),
    logPolls: options.logPolls === true,
    ...(log ? { log } : {}),
  });
  const seeded = loadSeed(await seedEntries(options.seed), vector, index);
  const workflow = createWorkflowService({
    token,
    clock,
    logPolls: options.logPolls === true,
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
    ...(options.deliveryTimeoutMs !== undefined
      ? { deliveryTimeoutMs: options.deliveryTimeoutMs }
      : {}),
    ...(options.corsOrigin !== undefined ? { corsOrigin: options.corsOrigin } : {}),
    limits: {
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(maxReportBodyBytes !== undefined ? { maxReportBodyBytes } : {}),
    },
    ...(log ? { log } : {}),
  });

  if (stateFile !== undefined) {
    if (saved === undefined)
      log?.(`x-dev: no state file at ${stateFile} yet; it will be written on stop`);
    else loadState(stateFile, saved, vector, workflow, log);
  }

  let workflowUrl = "";
  const dashboard = createDashboard(vector, () => workflowUrl);
  const onWorkflowPort: Handler = (req, res) => {
    if (!dashboard.onWorkflowPort(req, res)) workflow.handle(req, res);
  };
  const onVectorPort: Handler = (req, res) => {
    if (!dashboard.onVectorPort(req, res)) vector.handle(req, res);
  };

  const servers: Server[] = [];
  try {
    servers.push(
      await listen(onWorkflowPort, (_, error) => ({ error }), options.workflowPort ?? 0, host),
    );
    servers.push(
      await listen(
        onVectorPort,
        (status, error) => ({ error, status }),
        options.vectorPort ?? 0,
        host,
      ),
    );
  } catch (err) {
    await Promise.all([...servers.map(stop), workflow.close(), vector.close()]);
    throw err;
  }
  const [workflowServer, vectorServer] = servers as [Server, Server];
  workflowUrl = urlOf(workflowServer, host);
  let closing: Promise<void> | undefined;
  return {
    workflowUrl,
    vectorUrl: urlOf(vectorServer, host),
    token,
    clock: { mode: clock.mode, now: () => clock.now(), advance: (by) => clock.advance(by) },
    runs: devRuns(workflow, clock),
    vector: devVector(vector),
    seeded,
    close() {
      if (closing !== undefined) return closing;
      // Taken before closing: closing cancels the runs. Vectors are copied only to be saved.
      const runs = workflow.pendingRuns();
      const namespaces = stateFile === undefined ? {} : vector.exportRecords();
      const savedAt = clock.now();
      closing = Promise.all([
        workflow.close(),
        vector.close(),
        stop(workflowServer),
        stop(vectorServer),
      ]).then(async () => {
        if (stateFile === undefined) {
          if (runs.length > 0) {
            log?.(
              `x-dev: dropped ${runs.length} unfinished runs (start with --state FILE to keep them)`,
            );
          }
          return;
        }
        await writeState(stateFile, newState(vector.index, namespaces, runs, savedAt));
        log?.(`x-dev: saved ${describeState(namespaces, runs.length)} to ${stateFile}`);
      });
      return closing;
    },
  };
}
