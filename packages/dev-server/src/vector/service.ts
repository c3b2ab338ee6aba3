import type { IncomingMessage, ServerResponse } from "node:http";
import { ValidationError } from "@x/core";
import type { Optional } from "@x/core/internal";
import { corsPolicy } from "../http/cors.js";
import { vectorErrorBody } from "../http/error-body.js";
import { DEFAULT_MAX_BODY_BYTES } from "../http/request.js";
import { type Served, serve, serviceCors } from "../http/serve.js";
import { INDEX_OPTIONS, type OptionNames, refuseUnknownOptions } from "../server/options.js";
import { deleteBody, idsToDelete } from "./delete.js";
import { InvalidInputError } from "./errors.js";
import { type CheckedRecord, eachSavedRecord, upsertBody } from "./input.js";
import { type VectorLimits, vectorAnswerLimit, vectorLimits } from "./limits.js";
import type { Namespace } from "./namespace.js";
import { output } from "./read.js";
import { VECTOR_ERROR_STATUSES, vectorRoutes } from "./routes.js";
import { type SavedRecord, savedRecord } from "./saved-records.js";
import { VectorStore } from "./store.js";
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
  upsert(records: VectorRecordInput | VectorRecordInput[], namespace?: string): void;
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
  load(records: VectorRecordInput | VectorRecordInput[], namespace?: string): void;
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
  delete(ids: string | string[], namespace?: string): number;
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

/** One namespace as it is saved: its name, how many records, and the records, read as they are taken. */
export interface SavedNamespace {
  name: string;
  count: number;
  records(): Iterable<SavedRecord>;
}

/**
 * Records loaded aside from the index: a restore loads every namespace here, then swaps
 * them in at once, so one that fails halfway leaves the index as it was.
 */
export interface VectorStaging {
  /** Creates `namespace`, with dense memory for its `total` records in one growth. */
  open(namespace: string, total: number): void;
  /** Checks saved records and loads them into `namespace`; `records[0]` is its `first`-th. */
  load(records: unknown, namespace: string, first: number): void;
  /** Replaces every namespace of the index with those loaded. */
  commit(): void;
}

/**
 * The vector service as the dev server holds it: `load` in two steps, so a restore checks
 * every namespace's records before it changes anything, and reads each record once.
 */
export interface VectorEmulator extends VectorService {
  /** Checks records as `load` does and changes nothing; throws what `load` would. */
  checkRecords(records: unknown): CheckedRecord[];
  /** Loads records `checkRecords` returned, ready at once, without checking them again. */
  loadChecked(records: CheckedRecord[], namespace: string): void;
  /** Every namespace as it is saved (a snapshot, the state file), its records read lazily. */
  savedNamespaces(): SavedNamespace[];
  /** A fresh staging area for a restore. */
  stage(): VectorStaging;
  /** The limits it enforces (an import checks the records it brings against them). */
  readonly limits: VectorLimits;
  /** Records of each namespace, the default one included. */
  namespaceSizes(): Map<string, number>;
}

const METRICS: Metric[] = ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"];
const TYPES: IndexType[] = ["DENSE", "SPARSE", "HYBRID"];

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

/** Runs a write; only a namespace past the 4 GiB of WebAssembly memory throws a RangeError, and that is the input's fault. */
function withInputErrors(write: () => void): void {
  try {
    write();
  } catch (err) {
    if (err instanceof RangeError) throw new InvalidInputError(err.message);
    throw err;
  }
}

/** Every namespace of `store` as it is saved, its records read as they are taken. */
function savedNamespaces(store: VectorStore): SavedNamespace[] {
  return store.names().map((name) => {
    const ns = store.namespace(name);
    return {
      name,
      count: ns.size,
      *records() {
        for (const id of ns.ids()) yield savedRecord(ns, ns.records.get(id)!);
      },
    };
  });
}

/** Loads saved records into `staged`, each namespace with room for all its records at once. */
function staging(staged: VectorStore, commit: () => void): VectorStaging {
  return {
    open(namespace, total) {
      withInputErrors(() => staged.open(namespace, total));
    },
    load(records, namespace, first) {
      eachSavedRecord(records, staged.config, first, (record) =>
        withInputErrors(() => staged.upsert([record], namespace, 0)),
      );
    },
    commit,
  };
}

/** `createVectorService`, with what the dev server's restore needs (`VectorEmulator`). */
export function createVectorEmulator(options: VectorServiceOptions): VectorEmulator {
  refuseUnknownOptions(options, VECTOR_SERVICE_OPTIONS);
  const config = indexConfig(options.vector);
  const limits = vectorLimits(options.limits);
  // The default namespace the last restore replaced: the next one refills its memory.
  let spare: Namespace | undefined;
  const store = new VectorStore(
    config,
    options.vector?.pendingMs ?? 50,
    options.now,
    limits.maxNamespaces,
  );
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => {});
  const served: Served = {
    name: "vector",
    errorBody: vectorErrorBody,
    log,
    logPolls: options.logPolls,
    cors: serviceCors(corsPolicy(options.corsOrigin)),
    errorStatuses: VECTOR_ERROR_STATUSES,
    maxBodyBytes,
    answerLimit: vectorAnswerLimit(limits),
  };

  /** Writes records already checked (by `upsertBody`). */
  const put = (records: CheckedRecord[], namespace: string, pendingMs?: number) =>
    withInputErrors(() => store.upsert(records, namespace, pendingMs));
  const upsert = (records: unknown, namespace: string, pendingMs?: number) =>
    put(upsertBody(records, config), namespace, pendingMs);

  /** Deletes what a delete body names (ids, a prefix or a filter); returns how many. */
  const deleteIn = (body: unknown, namespace: string): number => {
    const criterion = deleteBody(body);
    const ids = idsToDelete(store.namespace(namespace), criterion, limits);
    return store.delete(ids, namespace);
  };

  const routes = vectorRoutes({
    token: options.token,
    config,
    limits,
    store,
    maxBodyBytes,
    upsert: (records, namespace) => upsert(records, namespace),
    deleteIn,
  });

  return {
    index: config,
    handle(req, res) {
      serve(req, res, served, routes);
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
    savedNamespaces: () => savedNamespaces(store),
    stage() {
      // Ready from any time on: a restore sets a manual clock back to the snapshot's time
      // after the records are loaded, and restored records count at once.
      const always = () => Number.NEGATIVE_INFINITY;
      const staged = new VectorStore(config, 0, always, limits.maxNamespaces);
      if (spare !== undefined) staged.refill(spare);
      return staging(staged, () => {
        spare = store.adopt(staged);
      });
    },
    limits,
    namespaceSizes() {
      return new Map(store.names().map((name) => [name, store.namespace(name).size]));
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
