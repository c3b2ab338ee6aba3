import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ValidationError } from "@x/core";
import { createClock, type DevClock } from "../clock/clock.js";
import { createDashboard } from "../dashboard/index.js";
import { type FaultService, FaultSet } from "../faults/faults.js";
import { faultGate } from "../faults/play.js";
import { vectorErrorBody, workflowErrorBody } from "../http/error-body.js";
import { type Handler, listen, stop, urlOf } from "../http/listen.js";
import type { Served } from "../http/serve.js";
import { ResumePoints } from "../import/resume.js";
import { dashboardOrigins, kitCors, kitCorsPolicy } from "../kit/cors.js";
import { type DevFaults, devFaults } from "../kit/faults.js";
import { kitAnswerLimit, kitLimits } from "../kit/limits.js";
import { devRoutes } from "../kit/routes.js";
import { type DevRuns, devRuns } from "../kit/runs.js";
import { type DevVector, devVector } from "../kit/vector.js";
import { seedEntries } from "../persistence/seed.js";
import {
  restoreDevSnapshot,
  type SnapshotParts,
  takeDevSnapshot,
  takeStateToWrite,
} from "../persistence/snapshot.js";
import { valueSource } from "../persistence/snapshot-source.js";
import {
  type DevSnapshot,
  openState,
  prepareStateFile,
  sealSnapshot,
  writeStateFrom,
} from "../persistence/state.js";
import type { StateToWrite } from "../persistence/state-lines.js";
import { plural } from "../plural.js";
import { createVectorEmulator } from "../vector/service.js";
import { isFinal } from "../workflow/runs.js";
import { isUnfinished } from "../workflow/saved-runs.js";
import { createWorkflowService } from "../workflow/service.js";
import { refuseUnknownOptions } from "./options.js";
import { DEV_SERVER_OPTIONS, type DevServerOptions, startTime } from "./server-options.js";
import { chooseIndex, describeState, loadSeed } from "./startup.js";
import { warmUp } from "./warm-up.js";

export type { DevServerOptions };

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
  /** The vector data: upsert, delete, reset, and importFrom a live index. */
  vector: DevVector;
  /** Fault rules: make requests to either service fail on purpose (add, list, clear). */
  faults: DevFaults;
  /**
   * Both services' state as a plain JSON value: the clock's time, every run (the unfinished
   * ones with their due times), flow-control windows, every namespace's records, the fault
   * rules and the random generator's state. The state file holds the same value.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ clock: "manual" });
   * const clean = await dev.snapshot();
   * // ... a test
   * await dev.restore(clean); // back to where the test started
   * ```
   */
  snapshot(): Promise<DevSnapshot>;
  /**
   * Puts a snapshot back: deliveries in flight are cancelled first, a manual clock goes back
   * to the snapshot's time, unfinished runs resume at their next step. Throws a
   * ValidationError naming what is wrong with a snapshot it cannot take.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ clock: "manual" });
   * const before = await dev.snapshot();
   * await dev.clock.advance("1d");
   * await dev.restore(before);
   * ```
   */
  restore(snapshot: DevSnapshot): Promise<void>;
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
  const log = options.log;
  refuseUnknownOptions(options, DEV_SERVER_OPTIONS);
  if (options.logPolls === true && options.log === undefined) {
    // Alone it would change nothing, in silence.
    throw new ValidationError(
      "logPolls",
      "adds the dashboard's polls to the log, and no log is given; pass log as well",
    );
  }
  const workflowPort = portOption("workflowPort", options.workflowPort);
  const vectorPort = portOption("vectorPort", options.vectorPort);
  // Never from the random seed: a seed is a small guessable number, and the token guards
  // every record and the kit's routes.
  const token = options.token ?? `dev_${randomBytes(18).toString("base64url")}`;
  const { stateFile } = options;
  if (stateFile !== undefined) await prepareStateFile(stateFile);
  const saved = stateFile === undefined ? undefined : await openState(stateFile);
  const clock = createClock(options.clock ?? "real", clockStart(options, saved?.state.savedAt));
  const index = chooseIndex(options.vector, saved?.state, stateFile);
  const { maxRetries, maxReportBodyBytes, maxKitBytes, ...vectorLimits } = options.limits ?? {};
  const kit = kitLimits(maxKitBytes === undefined ? {} : { maxKitBytes });
  const kitPolicy = kitCorsPolicy(options.kitOrigins);
  const vector = createVectorEmulator({
    token,
    vector: index.options,
    ...(options.corsOrigin !== undefined ? { corsOrigin: options.corsOrigin } : {}),
    limits: vectorLimits,
    now: () => clock.now(),
    logPolls: options.logPolls === true,
    ...(log ? { log } : {}),
  });
  const workflow = createWorkflowService({
    token,
    clock,
    logPolls: options.logPolls === true,
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
    ...(options.randomSeed !== undefined ? { randomSeed: options.randomSeed } : {}),
    ...(options.deliveryTimeoutMs !== undefined
      ? { deliveryTimeoutMs: options.deliveryTimeoutMs }
      : {}),
    ...(options.corsOrigin !== undefined ? { corsOrigin: options.corsOrigin } : {}),
    limits: {
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(maxReportBodyBytes !== undefined ? { maxReportBodyBytes } : {}),
      // One answer limit for both ports (--max-answer-bytes).
      ...(vectorLimits.maxAnswerBytes !== undefined
        ? { maxAnswerBytes: vectorLimits.maxAnswerBytes }
        : {}),
    },
    ...(log ? { log } : {}),
  });

  const faults = new FaultSet();
  const parts: SnapshotParts = { vector, workflow, faults };
  // Where interrupted `dev.vector.importFrom` calls stopped; a restore replaces the records they describe.
  const imports = new ResumePoints();
  if (stateFile !== undefined) {
    if (saved === undefined) {
      log?.(`x-dev: no state file at ${stateFile} yet; it will be written on stop`);
    } else {
      // The clock keeps the start chosen above; saved runs keep their due times.
      const { state, namespaces, records } = await restoreDevSnapshot(
        parts,
        saved,
        `state file ${stateFile}`,
        clock.now(),
      );
      const runs = state.runs.filter(isUnfinished).length;
      log?.(`x-dev: loaded ${describeState(records, namespaces, runs)} from ${stateFile}`);
    }
  }
  // After the state file, so seed records are there on every start.
  const seeded = loadSeed(await seedEntries(options.seed), vector, index);

  const say = log ?? (() => {});
  const logPolls = options.logPolls === true;
  // Each port as the kit's routes and rule answer on it: the service's error body and name.
  const answerLimit = kitAnswerLimit(kit);
  const served: Record<FaultService, Served> = {
    workflow: { name: "workflow", errorBody: workflowErrorBody, log: say, logPolls, answerLimit },
    vector: { name: "vector", errorBody: vectorErrorBody, log: say, logPolls, answerLimit },
  };
  const gate = faultGate({ faults, token, now: () => clock.now(), log: say });
  const kitRoutes = devRoutes({
    token,
    served,
    faults,
    limits: kit,
    snapshot: () => takeDevSnapshot(parts),
    restore: async (value) => {
      await restoreDevSnapshot(parts, valueSource(value, "the snapshot"), "the snapshot");
      imports.clear();
    },
  });

  let workflowUrl = "";
  const dashboard = createDashboard(vector, () => workflowUrl, say);
  // Before anything else on either port: the kit's one origin rule, for every kit route.
  const onWorkflowPort: Handler = (req, res) => {
    if (kitCors(kitPolicy, req, res, served.workflow)) return;
    if (dashboard.onWorkflowPort(req, res) || kitRoutes("workflow", req, res)) return;
    gate("workflow", req, res, () => workflow.handle(req, res));
  };
  const onVectorPort: Handler = (req, res) => {
    if (kitCors(kitPolicy, req, res, served.vector)) return;
    if (dashboard.onVectorPort(req, res) || kitRoutes("vector", req, res)) return;
    gate("vector", req, res, () => vector.handle(req, res));
  };

  // Before listening: the first request then finds everything compiled.
  warmUp();
  const servers: Server[] = [];
  try {
    servers.push(await listen(onWorkflowPort, workflowErrorBody, workflowPort, host));
    servers.push(await listen(onVectorPort, vectorErrorBody, vectorPort, host));
  } catch (err) {
    await Promise.all([...servers.map(stop), workflow.close(), vector.close()]);
    throw err;
  }
  const [workflowServer, vectorServer] = servers as [Server, Server];
  workflowUrl = urlOf(workflowServer, host);
  if (!kitPolicy.anyOrigin) {
    const { port } = workflowServer.address() as AddressInfo;
    for (const origin of dashboardOrigins(host, port)) kitPolicy.origins.add(origin);
  }
  let closing: Promise<void> | undefined;
  return {
    workflowUrl,
    vectorUrl: urlOf(vectorServer, host),
    token,
    clock: { mode: clock.mode, now: () => clock.now(), advance: (by) => clock.advance(by) },
    runs: devRuns(workflow, clock),
    vector: devVector(vector, imports),
    seeded,
    faults: devFaults(faults),
    async snapshot() {
      return sealSnapshot(takeDevSnapshot(parts));
    },
    async restore(snapshot) {
      try {
        await restoreDevSnapshot(parts, valueSource(snapshot, "the snapshot"), "the snapshot");
        imports.clear();
      } catch (error) {
        throw new ValidationError("snapshot", (error as Error).message);
      }
    },
    close() {
      if (closing !== undefined) return closing;
      // Taken before closing, which cancels the runs; records are copied only to be saved.
      const save =
        stateFile === undefined ? undefined : { file: stateFile, last: takeStateToWrite(parts) };
      const dropped = workflow.runs().filter((run) => !isFinal(run.state)).length;
      closing = Promise.all([
        workflow.close(),
        vector.close(),
        stop(workflowServer),
        stop(vectorServer),
      ]).then(async () => {
        if (save === undefined) {
          if (dropped > 0) {
            log?.(
              `x-dev: dropped ${plural(dropped, "unfinished run")} (start with --state FILE to keep them)`,
            );
          }
          return;
        }
        await writeStateFrom(save.file, save.last);
        log?.(`x-dev: saved ${describeSnapshot(save.last)} to ${save.file}`);
      });
      return closing;
    },
  };
}

/** A port option: 0 (the default) picks a free port. */
function portOption(name: string, port: number | undefined): number {
  if (port === undefined) return 0;
  if (!(Number.isInteger(port) && port >= 0 && port <= 65_535)) {
    throw new ValidationError(name, `must be an integer from 0 to 65535 (got ${String(port)})`);
  }
  return port;
}

function describeSnapshot({ header, namespaces }: StateToWrite): string {
  let records = 0;
  let names = 0;
  for (const ns of namespaces) {
    records += ns.count;
    names++;
  }
  return describeState(records, names, header.runs.filter(isUnfinished).length);
}

/** The manual clock's start: `startAt`, else the later of now and the state file's time. */
function clockStart(options: DevServerOptions, savedAt: number | undefined): number {
  if (options.startAt === undefined) {
    // A manual clock goes on from the saved time, so saved runs keep their place in it.
    return Math.max(Date.now(), savedAt ?? 0);
  }
  if (options.clock !== "manual") {
    throw new ValidationError(
      "startAt",
      'sets where the manual clock starts; start with clock: "manual" (--clock manual) as well',
    );
  }
  return startTime(options.startAt);
}
