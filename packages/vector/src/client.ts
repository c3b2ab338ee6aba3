import { type PolicyLike, ValidationError } from "@x/core";
import {
  CLIENT_OPTION_KEYS,
  type CoreClient,
  checkBaseUrl,
  checkKnownKeys,
  checkObject,
  configuring,
  createCoreClient,
  definedFields,
  invalid,
  type KeyList,
  type Operation,
  operationOf,
  quote,
  readEnv,
  readLogLevel,
} from "@x/core/internal";
import type { RequestBodyJSON, SuccessResponseJSON } from "openapi-typescript-helpers";
import type { paths } from "./generated/schema";
import type { AnyMeta, VectorIndexOptions } from "./types";

// The lean client the standalone functions take (`vectorQuery(client, ...)`): the core
// client of one index (its chain, token, retries, timeouts) and one namespace's operations.

/** A POST of `Path`: the default namespace's and the others' paths take and give the same. */
type Post<Path extends "/range" | "/query" | "/fetch"> = Operation<
  RequestBodyJSON<paths[Path]["post"]>,
  SuccessResponseJSON<paths[Path]["post"]>
>;

/** The operations of one namespace, built once: their URLs and path parameters. */
export interface Operations {
  range: Post<"/range">;
  query: Post<"/query">;
  fetch: Post<"/fetch">;
  info: Operation<never, SuccessResponseJSON<paths["/info"]["get"]>>;
}

/**
 * A client of one vector index, scoped to one namespace, made by `createVectorClient`:
 * what the standalone functions (`vectorQuery`, `vectorRange`, ...) take first. `Meta` is
 * the type of each vector's metadata.
 */
export interface VectorClient<Meta = AnyMeta> {
  /** The namespace its calls work on (`""`: the default one). */
  readonly namespace: string;
  /**
   * Adds policies to every call of this client and of the clients `withNamespace` made from
   * it: a policy, `(request, next) => Promise<Response>`, or an openapi-fetch middleware
   * object. Each runs once per call, around all of the call's HTTP attempts, and never
   * sees the token.
   *
   * @example
   * ```ts
   * import { createVectorClient } from "@x/vector";
   *
   * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
   * client.use(async (request, next) => {
   *   request.headers.set("x-request-id", crypto.randomUUID());
   *   return next(request);
   * });
   * ```
   */
  use(...policies: PolicyLike[]): void;
  /**
   * Removes policies that `use()` added.
   *
   * @example
   * ```ts
   * import { createVectorClient, type Policy } from "@x/vector";
   *
   * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
   * const passThrough: Policy = (request, next) => next(request);
   * client.use(passThrough);
   * client.eject(passThrough);
   * ```
   */
  eject(...policies: PolicyLike[]): void;
  /** Never set: it carries the metadata type. */
  readonly meta?: Meta;
}

/** What the functions read of a client. */
export interface ClientState {
  core: CoreClient;
  /** A namespace that cannot be sent is reported by each call. */
  operations: Operations | ValidationError;
}

const states = new WeakMap<object, ClientState>();

const CLIENT_KEYS: KeyList<VectorIndexOptions> = {
  ...CLIENT_OPTION_KEYS,
  url: true,
  namespace: true,
};

/** The paths the client appends to `url` itself, so `url` must not end with one. */
const APPENDED_PATH = /\/(range|query|fetch|info)\/*$/i;

/**
 * A client of the vector index at `options.url`, authenticated with `options.token`, for
 * the standalone functions. Nothing is sent until a function is called; bad options throw
 * a `ConfigurationError`.
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorQuery } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * const hits = await vectorQuery(client, { vector: [0.1, 0.2, 0.3], topK: 5 });
 * ```
 */
export function createVectorClient<Meta = AnyMeta>(
  options: VectorIndexOptions,
): VectorClient<Meta> {
  const core = configuring(() => {
    checkObject(options, "options", '{ url: "https://...", token: "..." }');
    checkKnownKeys("VectorIndex", options, CLIENT_KEYS);
    return createCoreClient({
      ...options,
      baseUrl: checkBaseUrl(options.url, "url", APPENDED_PATH),
      hints: {
        401: "Check the token: the client sends it as Authorization: Bearer <token>, and it must be this index's token (VECTOR_TOKEN) with access to it.",
        404: "Check the index URL and the namespace.",
        410: "This index was deleted: create an index and use its URL and token (VECTOR_URL, VECTOR_TOKEN).",
      },
    });
  });
  return clientOf<Meta>(core, options.namespace ?? "");
}

/**
 * The same client scoped to namespace `name` (`""` is the default namespace): it shares
 * the policies of `client`. A name that cannot be sent is reported by each call.
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorInfo, withNamespace } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * const movies = withNamespace(client, "movies");
 * ```
 */
export function withNamespace<Meta>(client: VectorClient<Meta>, name: string): VectorClient<Meta> {
  return clientOf<Meta>(stateOf(client).core, name);
}

/**
 * A client configured from `VECTOR_URL`, `VECTOR_TOKEN` and `X_LOG` (the log level), read
 * from `env` (any object, such as a Worker's `Env`: only its string values are read) or
 * else `process.env`; `options` win over them. A missing one is a `ConfigurationError`.
 *
 * @example
 * ```ts
 * import { vectorClientFromEnv } from "@x/vector";
 *
 * const client = vectorClientFromEnv({ VECTOR_URL: "http://127.0.0.1:8081", VECTOR_TOKEN: "dev-token" });
 * ```
 */
export function vectorClientFromEnv<Meta = AnyMeta>(
  env?: object,
  options?: Omit<VectorIndexOptions, "url" | "token">,
): VectorClient<Meta> {
  return createVectorClient<Meta>(optionsFromEnv(env, options));
}

/** The options `fromEnv` makes a client from. */
export function optionsFromEnv(
  env: object | undefined,
  options: Omit<VectorIndexOptions, "url" | "token"> | undefined,
): VectorIndexOptions {
  return configuring(() => {
    const need = (name: string) => readEnv(name, env) ?? invalid(name, "is not set");
    const logLevel = readLogLevel(env);
    return {
      ...(logLevel === undefined ? {} : { logLevel }),
      // An option given as undefined leaves the environment's value in place.
      ...(options && definedFields(options)),
      url: need("VECTOR_URL"),
      token: need("VECTOR_TOKEN"),
    };
  });
}

/** Whether `value` is a client of the functions, or a `VectorIndex` (which shares its client's state). */
export function isVectorClient(value: unknown): value is VectorClient<unknown> {
  return typeof value === "object" && value !== null && states.has(value);
}

/** Lets `holder` (a `VectorIndex`) stand for `client` wherever a client is taken. */
export function shareClient(holder: object, client: VectorClient<unknown>): void {
  states.set(holder, stateOf(client));
}

/** What the functions read of `client`; a ValidationError for what no function made. */
export function stateOf(client: VectorClient<unknown>): ClientState {
  const state = typeof client === "object" && client !== null ? states.get(client) : undefined;
  if (state === undefined) {
    invalid("client", "must be a client made by createVectorClient (or a VectorIndex's)");
  }
  return state;
}

/** The operations of `client`'s namespace, or the ValidationError of one that cannot be sent. */
export function operationsOf(state: ClientState): Operations {
  if (state.operations instanceof ValidationError) throw state.operations;
  return state.operations;
}

function clientOf<Meta>(core: CoreClient, namespace: string): VectorClient<Meta> {
  const client: VectorClient<Meta> = {
    namespace,
    use: (...policies) => core.policies.use(...policies),
    eject: (...policies) => core.policies.eject(...policies),
  };
  let operations: Operations | ValidationError;
  try {
    operations = buildOperations(core, namespace);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    operations = error;
  }
  states.set(client, { core, operations });
  return client;
}

/**
 * The operations of `namespace`: the default one (`""`) has paths of its own, without the
 * segment; "." and ".." cannot be sent, as URLs resolve them as dot segments.
 */
function buildOperations(core: CoreClient, namespace: unknown): Operations {
  if (typeof namespace !== "string" || namespace === "." || namespace === "..") {
    invalid(
      "namespace",
      `${quote(namespace)} cannot be sent: give a string other than "." or ".."`,
    );
  }
  const info = operationOf<never, SuccessResponseJSON<paths["/info"]["get"]>>(
    core,
    "VectorIndex.info",
    "get",
    "/info",
  );
  const path = namespace === "" ? undefined : { namespace };
  const suffix = namespace === "" ? "" : "/{namespace}";
  return {
    range: operationOf(core, "VectorIndex.range", "post", `/range${suffix}`, path),
    query: operationOf(core, "VectorIndex.query", "post", `/query${suffix}`, path),
    fetch: operationOf(core, "VectorIndex.fetch", "post", `/fetch${suffix}`, path),
    info,
  };
}
