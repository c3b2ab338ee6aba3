import type { IncomingMessage, ServerResponse } from "node:http";
import { ValidationError } from "@x/core";
import type { Optional } from "@x/core/internal";
import { formatViolations, loadSpec, validateRequestParts } from "@x/openapi-check";
import { decodePercent } from "@x/openapi-check/internal";
import { answerPreflight, applyCors, corsPolicy, forbiddenOriginMessage } from "../http/cors.js";
import {
  DEFAULT_MAX_BODY_BYTES,
  flatHeaders,
  HttpError,
  hasBearer,
  isUnloggedPoll,
  MethodNotAllowed,
  parseJson,
  readBody,
  requestUrl,
} from "../http/request.js";
import { sendJsonSafely } from "../http/send-safely.js";
import { INDEX_OPTIONS, type OptionNames, refuseUnknownOptions } from "../server/options.js";
import { short } from "../workflow/http.js";
import { deleteBody, idsToDelete } from "./delete.js";
import { DimensionMismatchError, InvalidInputError, NamespaceNotFoundError } from "./errors.js";
import { FilterWork } from "./filter-work.js";
import { info } from "./info.js";
import { upsertBody } from "./input.js";
import { AnswerBudget, checkRequestLimits, type VectorLimits, vectorLimits } from "./limits.js";
import { parseQueryBody, runQuery } from "./query.js";
import { fetch, output, range, refuseBothFetchCriteria } from "./read.js";
import { scan, scanRequest } from "./scan.js";
import { VectorStore } from "./store.js";
import { isToleratedInfoPost, rangeWithStringCursor } from "./tolerated.js";
import type {
  Include,
  IndexConfig,
  IndexOptions,
  IndexType,
  Metric,
  VectorRecordInput,
} from "./types.js";

/** Options of `createVectorService`. */
export interface VectorServiceOptions {
  /** The one token the service accepts (`Authorization: Bearer <token>`). */
  token: string;
  /** The index; by default 384-dimensional, COSINE, DENSE, upserts pending for 50 ms. */
  vector?: IndexOptions | undefined;
  /** Largest request body accepted, in bytes (413 above it); 10 MiB by default. */
  maxBodyBytes?: number | undefined;
  /** Receives one line per request. */
  log?: ((line: string) => void) | undefined;
  /** Overrides of the limits on answers and request counts (see `DEFAULT_VECTOR_LIMITS`). */
  limits?: Optional<VectorLimits> | undefined;
  /** Browser origins allowed to call: `*` (the default) or comma-separated origins. */
  corsOrigin?: string | undefined;
  /** Whether requests marked as dashboard polls (`x-dev-poll`) are logged too; false by default. */
  logPolls?: boolean | undefined;
  /** Epoch milliseconds, for pending-to-ready; `Date.now` by default (the dev server passes its clock's). */
  now?: (() => number) | undefined;
}

// Typed as a record of the interface's keys, so an option added to the interface without
// being named here fails the typecheck instead of being refused.
const VECTOR_SERVICE_KEYS: Record<keyof VectorServiceOptions, true> = {
  token: true,
  vector: true,
  maxBodyBytes: true,
  log: true,
  limits: true,
  corsOrigin: true,
  now: true,
  logPolls: true,
};

const VECTOR_FIELDS = "vector (the same fields: dimension, metric, type, pendingMs)";

const VECTOR_SERVICE_OPTIONS: OptionNames = {
  owner: "createVectorService",
  known: Object.keys(VECTOR_SERVICE_KEYS),
  renamed: { index: VECTOR_FIELDS, pendingMs: "vector.pendingMs" },
};

/** A vector service to mount on your own `node:http` server. */
export interface VectorService {
  /**
   * Node request listener for everything under the service's address.
   *
   * @example
   * ```ts
   * import { createServer } from "node:http";
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token" });
   * // Under a path of a server that also answers other routes.
   * const server = createServer((req, res) => {
   *   if (req.url?.startsWith("/health")) res.end("ok");
   *   else vector.handle(req, res);
   * });
   * ```
   */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Nothing outlives a request (no timers, no calls out), so there is nothing to stop.
   *
   * @example
   * ```ts
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token" });
   * await vector.close();
   * ```
   */
  close(): Promise<void>;
  /**
   * Upserts records as the dev-only `/upsert` route would; throws InvalidInputError (or its
   * DimensionMismatchError) naming what was wrong.
   *
   * @example
   * ```ts
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token", vector: { dimension: 2 } });
   * vector.upsert([
   *   { id: "a", vector: [1, 0], metadata: { genre: "sci-fi" } },
   *   { id: "b", vector: [0, 1] },
   * ]);
   * vector.upsert({ id: "c", vector: [1, 1] }, "movies");
   * ```
   */
  upsert(records: unknown, namespace?: string): void;
  /**
   * Upserts as `upsert` does, but the records are ready at once (seed and state file).
   *
   * @example
   * ```ts
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token", vector: { dimension: 2 } });
   * vector.load([{ id: "a", vector: [1, 0] }]); // ready at once, not pending
   * ```
   */
  load(records: unknown, namespace?: string): void;
  /**
   * Deletes what exists of `ids`; returns how many were deleted. NamespaceNotFoundError for an unknown namespace.
   *
   * @example
   * ```ts
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token", vector: { dimension: 2 } });
   * vector.upsert([{ id: "a", vector: [1, 0] }]);
   * vector.delete(["a", "b"]); // 1
   * ```
   */
  delete(ids: unknown, namespace?: string): number;
  /**
   * Drops one namespace (the default one is emptied), or with no name every namespace.
   *
   * @example
   * ```ts
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token", vector: { dimension: 2 } });
   * vector.upsert({ id: "c", vector: [1, 1] }, "movies");
   * vector.reset("movies");
   * vector.reset(); // every namespace
   * ```
   */
  reset(namespace?: string): void;
  /**
   * Every record of every namespace (empty ones too), in the form `upsert` takes.
   *
   * @example
   * ```ts
   * import { createVectorService } from "@x/dev-server";
   *
   * const vector = createVectorService({ token: "dev-token", vector: { dimension: 2 } });
   * vector.upsert({ id: "c", vector: [1, 1] }, "movies");
   * const { movies } = vector.exportRecords();
   * console.log(movies); // [{ id: "c", vector: [1, 1] }]
   * ```
   */
  exportRecords(): Record<string, VectorRecordInput[]>;
  /** The index the service holds, with the defaults filled in. */
  readonly index: IndexConfig;
}

/**
 * The vector service as the dev server holds it: `load` in two steps, so a restore checks
 * every namespace's records before it changes anything, and reads each record once.
 */
export interface VectorEmulator extends VectorService {
  /** Checks records as `load` does and changes nothing; throws what `load` would. */
  checkRecords(records: unknown): VectorRecordInput[];
  /** Loads records `checkRecords` returned, ready at once, without checking them again. */
  loadChecked(records: VectorRecordInput[], namespace: string): void;
}

const METRICS: Metric[] = ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"];
const TYPES: IndexType[] = ["DENSE", "SPARSE", "HYBRID"];
const SPEC_ROUTES = new Set(["range", "query", "fetch", "info"]);
/** The dev server's own writes and reads beside the spec's, each at `/<name>` and `/<name>/<namespace>`. */
export const DEV_ROUTE_NAMES = ["upsert", "delete", "reset", "scan"] as const;
const DEV_ROUTES = new Set<string>(DEV_ROUTE_NAMES);

function indexConfig(index: IndexOptions = {}): IndexConfig {
  refuseUnknownOptions(index, INDEX_OPTIONS);
  const config: IndexConfig = {
    dimension: index.dimension ?? 384,
    metric: index.metric ?? "COSINE",
    type: index.type ?? "DENSE",
  };
  if (!METRICS.includes(config.metric)) {
    throw new ValidationError(
      "metric",
      `must be one of ${METRICS.join(", ")} (got ${String(config.metric)})`,
    );
  }
  if (!TYPES.includes(config.type)) {
    throw new ValidationError(
      "type",
      `must be one of ${TYPES.join(", ")} (got ${String(config.type)})`,
    );
  }
  const d = config.dimension;
  if (config.type !== "SPARSE" && !(Number.isInteger(d) && d >= 1 && d <= 65_536)) {
    throw new ValidationError("dimension", `must be an integer from 1 to 65536 (got ${String(d)})`);
  }
  return config;
}

interface Route {
  name: string;
  method: "GET" | "POST";
  /** The namespace segment as sent (percent-encoded), if any. */
  segment: string | undefined;
}

/** `/op` or `/op/<percent-encoded namespace>`; undefined when no route has that shape. */
function route(pathname: string): Route | undefined {
  const match = /^\/([a-z]+)(?:\/([^/]*))?$/.exec(pathname);
  if (!match) return undefined;
  const name = match[1]!;
  if (!SPEC_ROUTES.has(name) && !DEV_ROUTES.has(name)) return undefined;
  const segment = match[2];
  if (segment !== undefined && name === "info") return undefined;
  return { name, method: name === "info" ? "GET" : "POST", segment };
}

function namespaceOf(segment: string | undefined): string {
  if (segment === undefined) return "";
  const namespace = decodePercent(segment);
  if (namespace === undefined) {
    throw new HttpError(400, `namespace: malformed percent-encoding in "${segment}"`);
  }
  return namespace;
}

/** The one place a failure becomes a status; undefined for a bug (answered 500). */
function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (error instanceof NamespaceNotFoundError) return 404;
  if (error instanceof DimensionMismatchError) return 422;
  if (error instanceof InvalidInputError) return 400;
  return undefined;
}

/**
 * The vector service's emulator: the spec's reads plus dev-only writes, over one index.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { createVectorService } from "@x/dev-server";
 *
 * // The vector emulator alone, on a server of your own.
 * const vector = createVectorService({ token: "dev-token", vector: { dimension: 3 } });
 * const server = createServer(vector.handle).listen(8081, "127.0.0.1");
 * ```
 */
export function createVectorService(options: VectorServiceOptions): VectorService {
  return createVectorEmulator(options);
}

/** `createVectorService`, with what the dev server's restore needs (`VectorEmulator`). */
export function createVectorEmulator(options: VectorServiceOptions): VectorEmulator {
  refuseUnknownOptions(options, VECTOR_SERVICE_OPTIONS);
  const config = indexConfig(options.vector);
  const limits = vectorLimits(options.limits);
  const store = new VectorStore(
    config,
    options.vector?.pendingMs ?? 50,
    options.now,
    limits.maxNamespaces,
  );
  const spec = loadSpec("vector");
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => {});
  const cors = corsPolicy(options.corsOrigin);
  const budget = () => new AnswerBudget(limits.maxAnswerBytes, config.dimension);

  /** Writes records already checked (by `upsertBody`). */
  const put = (records: VectorRecordInput[], namespace: string, pendingMs?: number) => {
    try {
      store.upsert(records, namespace, pendingMs);
    } catch (err) {
      // Only a namespace past the 4 GiB of WebAssembly memory lands here.
      if (err instanceof RangeError) throw new InvalidInputError(err.message);
      throw err;
    }
  };
  const upsert = (records: unknown, namespace: string, pendingMs?: number) =>
    put(upsertBody(records, config), namespace, pendingMs);

  /** Deletes what a delete body names (ids, a prefix or a filter); returns how many. */
  const deleteIn = (body: unknown, namespace: string): number => {
    const criterion = deleteBody(body);
    const ids = idsToDelete(store.namespace(namespace), criterion, limits);
    return store.delete(ids, namespace);
  };

  const answer = async (req: IncomingMessage): Promise<{ status: number; body: unknown }> => {
    const url = requestUrl(req);
    const found = route(url.pathname);
    if (!found) throw new HttpError(404, `no route for ${req.method} ${url.pathname}`);
    if (!hasBearer(req, options.token)) throw new HttpError(401, "Unauthorized");
    const infoPost = isToleratedInfoPost(found.name, req);
    const method = infoPost ? "POST" : found.method;
    if (req.method !== method) {
      // /info takes the tolerated POST as well as the spec's GET.
      const allow = found.name === "info" ? "GET, POST" : method;
      throw new MethodNotAllowed(
        allow,
        `${req.method} is not allowed on /${found.name}; use ${allow}`,
      );
    }
    const ns = namespaceOf(found.segment);
    const sent = method === "POST" ? parseJson(await readBody(req, limit)) : undefined;
    // What the spec would have: a tolerated POST /info is checked as the GET it stands for.
    const body = found.name === "range" ? rangeWithStringCursor(sent) : infoPost ? undefined : sent;
    // In the service's words, which the spec validator's account of its oneOf would not be.
    if (found.name === "fetch") refuseBothFetchCriteria(body);
    if (SPEC_ROUTES.has(found.name)) {
      const check = validateRequestParts(spec, {
        method: infoPost ? "GET" : req.method,
        url: url.pathname + url.search,
        headers: flatHeaders(req),
        body,
      });
      const security = check.violations.some((v) => v.where === "security");
      if (check.violations.length > 0)
        throw new HttpError(security ? 401 : 400, formatViolations(check.violations));
      checkRequestLimits(found.name, body, limits);
    }
    switch (found.name) {
      case "info":
        return { status: 200, body: { result: info(config, store.counts()) } };
      case "range":
        return { status: 200, body: { result: range(store.namespace(ns), body, budget()) } };
      case "fetch":
        return { status: 200, body: { result: fetch(store.namespace(ns), body, budget()) } };
      case "query": {
        const space = store.namespace(ns);
        const { queries, batch } = parseQueryBody(body, config, limits);
        // One budget of answer bytes and one of filter work for the whole batch: it is one
        // request and one answer.
        const shared = budget();
        const work = new FilterWork(limits.maxFilterSteps);
        const lists = queries.map((q) => runQuery(space, config, q, shared, work));
        return { status: 200, body: { result: batch ? lists : lists[0] } };
      }
      case "upsert":
        upsert(body, ns);
        return { status: 200, body: { result: "Success" } };
      case "delete":
        return { status: 200, body: { result: { deleted: deleteIn(body, ns) } } };
      case "scan":
        return {
          status: 200,
          body: {
            result: scan(
              store.namespace(ns),
              scanRequest(body, limits),
              new FilterWork(limits.maxFilterSteps),
            ),
          },
        };
      default:
        // `/reset?all` empties every namespace, `/reset/<ns>` one, `/reset` the default one;
        // emptied namespaces stay listed in info, as on the service.
        if (url.searchParams.has("all")) store.emptyAll();
        else store.empty(ns);
        return { status: 200, body: { result: "Success" } };
    }
  };

  return {
    index: config,
    handle(req, res) {
      const started = performance.now();
      const quiet = isUnloggedPoll(req, options.logPolls);
      // The path only: the query may carry the token (`?svc_token=`).
      const pathOnly = short((req.url ?? "/").split("?")[0] as string);
      const logAnswer = (status: number) => {
        if (quiet) return;
        log(
          `[vector] ${req.method} ${pathOnly} ${status} ${(performance.now() - started).toFixed(1)} ms`,
        );
      };
      const finish = (status: number, body: unknown) => {
        const errorBody = (code: number, error: string) => ({ error, status: code });
        const sent = sendJsonSafely(res, status, body, errorBody, (line) =>
          log(`[vector] ${line}`),
        );
        logAnswer(sent);
      };
      const verdict = applyCors(req, res, cors);
      if (verdict === "preflight") {
        answerPreflight(res);
        logAnswer(204);
        return;
      }
      if (verdict === "forbidden") {
        finish(403, { error: forbiddenOriginMessage(req), status: 403 });
        return;
      }
      answer(req).then(
        ({ status, body }) => finish(status, body),
        (err: unknown) => {
          const status = statusOf(err);
          if (status !== undefined && err instanceof Error) {
            if (err instanceof MethodNotAllowed) res.setHeader("allow", err.allow);
            if (status === 413) res.setHeader("connection", "close");
            finish(status, { error: err.message, status });
            return;
          }
          // Only a bug lands here; bad input is answered with a 4xx above.
          log(`[vector] internal error: ${err instanceof Error ? err.stack : String(err)}`);
          finish(500, { error: "internal server error", status: 500 });
        },
      );
    },
    async close() {},
    exportRecords() {
      const all: Include = { metadata: true, vectors: true, data: true };
      // Without a prototype, so a namespace named "__proto__" is saved as a key like any other
      // (a plain object takes that name as its prototype, and the snapshot lost its records).
      const saved: Record<string, VectorRecordInput[]> = Object.create(null);
      for (const name of store.names()) {
        const ns = store.namespace(name);
        saved[name] = ns.ids().map((id) => output(ns, ns.records.get(id)!, all));
      }
      return saved;
    },
    upsert(records, namespace = "") {
      upsert(records, namespace);
    },
    load(records, namespace = "") {
      upsert(records, namespace, 0);
    },
    checkRecords(records) {
      return upsertBody(records, config);
    },
    loadChecked(records, namespace) {
      put(records, namespace, 0);
    },
    delete(ids, namespace = "") {
      return deleteIn(ids, namespace);
    },
    reset(namespace) {
      if (namespace === undefined) store.reset();
      else store.resetNamespace(namespace);
    },
  };
}
