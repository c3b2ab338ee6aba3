import { randomBytes } from "node:crypto";
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createDashboard } from "./dashboard/index.js";
import { DEV_SERVER_OPTIONS, refuseUnknownOptions } from "./options.js";
import { byNamespace, readSeedFile, type SeedRecord } from "./seed.js";
import { checkSameIndex, newState, readState, writeState } from "./state.js";
import type { VectorLimits } from "./vector/limits.js";
import { createVectorService, type VectorService } from "./vector/service.js";
import type { IndexOptions } from "./vector/types.js";
import { createWorkflowService, type WorkflowService } from "./workflow/index.js";
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
  /** Multiplies workflow waits (delays, backoff, rate periods): 0.01 makes 1 s last 10 ms. */
  timeScale?: number;
  /** The vector index: 384 dimensions, COSINE, DENSE by default; `pendingMs` how long upserts stay pending (50). */
  vector?: IndexOptions;
  /** Records upserted at start (each may name its `namespace`), or the path of a JSON / JSONL file of them. */
  seed?: SeedRecord[] | string;
  /** Receives one line per request and per workflow event. */
  log?: (line: string) => void;
  /** How long one delivery attempt may take before it is cut and counted as failed; 30,000 ms by default. */
  deliveryTimeoutMs?: number;
  /** Browser origins allowed to call either service: `*` (the default) or comma-separated origins. */
  corsOrigin?: string;
  /** Overrides of either service's limits (`DEFAULT_VECTOR_LIMITS`, `DEFAULT_WORKFLOW_LIMITS`). */
  limits?: Partial<VectorLimits & WorkflowLimits>;
  /**
   * A state file: loaded at start when it exists (vectors, namespaces, unfinished runs, which
   * resume at their next step), written atomically by `close()`. Without it, `close()` logs
   * how many unfinished runs it dropped.
   */
  stateFile?: string;
}

/** Both running services, as `startDevServer` resolves them. */
export interface DevServer {
  /** Base URL of the workflow service, e.g. `http://127.0.0.1:8080` (the client's `baseUrl`). */
  workflowUrl: string;
  /** Base URL of the vector service (the `VectorIndex` client's `url`). */
  vectorUrl: string;
  /** The token both services accept. */
  token: string;
  /** Stops both services and closes every connection. */
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** The service's error object for a status and message. */
type ErrorBody = (status: number, error: string) => object;

// Requests node:http cannot parse (an unknown method, a malformed header) never reach a
// handler; Node would answer a bare 400. Answer them with the service's error body instead.
const PARSE_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "request headers are over the size limit"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "the request took too long to arrive"],
};

function answerParseError(err: NodeJS.ErrnoException, socket: Duplex, errorBody: ErrorBody) {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = err.code ?? "parse error";
  const [status, message] = PARSE_ERRORS[code] ?? [400, `malformed HTTP request (${code})`];
  const text = JSON.stringify(errorBody(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

function listen(
  handler: Handler,
  errorBody: ErrorBody,
  port: number,
  host: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.on("clientError", (err, socket) => answerParseError(err, socket, errorBody));
    server.once("error", (err: NodeJS.ErrnoException) => {
      const why =
        err.code === "EADDRINUSE" ? "is already in use" : `failed (${err.code ?? err.message})`;
      reject(new Error(`listening on ${host}:${port} ${why}`));
    });
    server.listen(port, host, () => resolve(server));
  });
}

function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  // A wildcard bind is reachable on loopback; print an address a client can use.
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

function describeState(namespaces: Record<string, unknown[]>, runs: number): string {
  const names = Object.keys(namespaces);
  const vectors = names.reduce((sum, name) => sum + (namespaces[name]?.length ?? 0), 0);
  return `${vectors} vectors in ${names.length} namespaces and ${runs} unfinished runs`;
}

/** Loads FILE into the services; a missing FILE starts empty, anything unreadable is thrown. */
async function loadState(
  file: string,
  vector: VectorService,
  workflow: WorkflowService,
  log: ((line: string) => void) | undefined,
): Promise<void> {
  const state = await readState(file);
  if (state === undefined) {
    log?.(`x-dev: no state file at ${file} yet; it will be written on stop`);
    return;
  }
  checkSameIndex(file, state.index, vector.index);
  for (const [name, records] of Object.entries(state.namespaces)) {
    try {
      vector.upsert(records, name);
    } catch (error) {
      throw new Error(`state file ${file}, namespace "${name}": ${(error as Error).message}`);
    }
  }
  try {
    workflow.resume(state.runs);
  } catch (error) {
    throw new Error(`state file ${file}, runs: ${(error as Error).message}`);
  }
  log?.(`x-dev: loaded ${describeState(state.namespaces, state.runs.length)} from ${file}`);
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Starts the workflow and vector emulators; resolves once both listen. */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const host = options.host ?? "127.0.0.1";
  const token = options.token ?? `dev_${randomBytes(18).toString("base64url")}`;
  const log = options.log;
  refuseUnknownOptions(options, DEV_SERVER_OPTIONS);
  const { maxRetries, maxReportBodyBytes, ...vectorLimits } = options.limits ?? {};
  const vector = createVectorService({
    token,
    ...(options.vector !== undefined ? { vector: options.vector } : {}),
    ...(options.corsOrigin !== undefined ? { corsOrigin: options.corsOrigin } : {}),
    limits: vectorLimits,
    ...(log ? { log } : {}),
  });
  const seed =
    typeof options.seed === "string" ? await readSeedFile(options.seed) : (options.seed ?? []);
  for (const [namespace, records] of byNamespace(seed)) vector.upsert(records, namespace);
  const workflow = createWorkflowService({
    token,
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

  if (options.stateFile !== undefined) {
    await loadState(options.stateFile, vector, workflow, log);
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
    close() {
      if (closing !== undefined) return closing;
      // Taken before closing: closing cancels the runs. Vectors are copied only to be saved.
      const runs = workflow.pendingRuns();
      const namespaces = options.stateFile === undefined ? {} : vector.exportRecords();
      closing = Promise.all([
        workflow.close(),
        vector.close(),
        stop(workflowServer),
        stop(vectorServer),
      ]).then(async () => {
        if (options.stateFile === undefined) {
          if (runs.length > 0) {
            log?.(
              `x-dev: dropped ${runs.length} unfinished runs (start with --state FILE to keep them)`,
            );
          }
          return;
        }
        await writeState(options.stateFile, newState(vector.index, namespaces, runs));
        log?.(`x-dev: saved ${describeState(namespaces, runs.length)} to ${options.stateFile}`);
      });
      return closing;
    },
  };
}
