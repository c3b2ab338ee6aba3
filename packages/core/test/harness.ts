import type { RequestOptions, WithResponse } from "../src/index";
import { type ClientCoreConfig, createClientCore } from "../src/internal";

// The pipeline as the clients' methods use it (`operation` and `call`), for operations
// described here by method and path rather than by a spec.

/** One call: a method, a path (with its query), and its body and own headers. */
export interface TestCall {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD";
  path: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as given. */
  body?: string | Uint8Array | ArrayBuffer | Blob;
  /** The request's own headers: they win over the call options' headers. */
  headers?: Record<string, string>;
}

// Any path with any method: these tests are about the transport, not a spec's types.
// biome-ignore lint/suspicious/noExplicitAny: a test-only map of every path.
type AnyPaths = Record<string, any>;

/** `createClientCore` over any path, and a `send(call, options)` that runs one call. */
export function createTransport(config: Omit<ClientCoreConfig, "baseUrl"> & { baseUrl: string }) {
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
