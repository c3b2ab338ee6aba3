import createClient, { type Client } from "openapi-fetch";
import type { HttpMethod } from "openapi-typescript-helpers";
import type { ApiPromise, PolicyLike, RequestOptions, WithResponse } from "../src/index";
import {
  type CallInit,
  type CoreClientConfig,
  callOperation,
  createApiFetch,
  createCoreClient,
  type DataOf,
  type JsonOf,
  jsonAnswers,
  type Operation,
  operationOf,
} from "../src/internal";

// The core as the clients use it, for operations described here by method and path rather
// than by a client: `operation` and `call` (what the standalone functions do), `api`
// (what the clients' `/api` entries make), and `use`/`eject`.

/** The paths of the test fixtures (fixtures/empty-answers.openapi.yaml). */
const TEMPLATES = ["/items/{id}", "/ping", "/items"];

export interface TestClient<Paths extends {}> {
  api: Client<Paths>;
  use(...policies: PolicyLike[]): void;
  eject(...policies: PolicyLike[]): void;
  operation<Path extends keyof Paths & string, Method extends HttpMethod & keyof Paths[Path]>(
    name: string,
    method: Method,
    path: Path,
    params?: { path?: Record<string, string> },
  ): Operation<JsonOf<Paths[Path][Method]>, DataOf<Paths[Path][Method]>>;
  call<Json, Data>(
    operation: Operation<Json, Data>,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
  ): ApiPromise<Data>;
}

/** A core client with the ways to call it the tests use. */
export function createClientCore<Paths extends {}>(config: CoreClientConfig): TestClient<Paths> {
  const core = createCoreClient(config);
  const api = createClient<Paths>({
    baseUrl: core.baseUrl,
    headers: core.defaultHeaders,
    pathSerializer: core.pathSerializer,
    fetch: createApiFetch(core, TEMPLATES),
  });
  api.use(jsonAnswers(core));
  return {
    api,
    use: (...policies) => core.policies.use(...policies),
    eject: (...policies) => core.policies.eject(...policies),
    operation: (name, method, path, params) => operationOf(core, name, method, path, params?.path),
    call: (operation, init, options) => callOperation(core, operation, init, options),
  };
}

/** One call: a method, a path (with its query), and its body and own headers. */
export interface TestCall {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD";
  path: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as given. */
  body?: string | Uint8Array | Blob;
  /** The request's own headers: they win over the call options' headers. */
  headers?: Record<string, string>;
}

// Any path with any method: these tests are about the chain, not a spec's types.
// biome-ignore lint/suspicious/noExplicitAny: a test-only map of every path.
type AnyPaths = Record<string, any>;

/** A core client over any path, and a `send(call, options)` that runs one call. */
export function createTransport(config: CoreClientConfig) {
  const core = createClientCore<AnyPaths>(config);
  return (call: TestCall, options?: RequestOptions): Promise<WithResponse<unknown>> => {
    const method = call.method.toLowerCase() as "get";
    const operation = core.operation(`test ${call.method}`, method, call.path);
    const contentType: Record<string, string> =
      call.body === undefined ? {} : { "content-type": "text/plain" };
    return core
      .call(
        operation,
        { json: call.json, body: call.body, headers: { ...contentType, ...call.headers } },
        options,
      )
      .withResponse();
  };
}
