/**
 * openapi-fetch's own client of the vector spec, over the same core as `VectorIndex`: its
 * chain of policies, token, retries, timeouts and redaction. An entry point of its own, so
 * a bundle that never imports it holds no openapi-fetch.
 *
 * @module @x/vector/api
 */
import { createApiFetch, jsonAnswers } from "@x/core/internal";
import createClient, { type Client } from "openapi-fetch";
import { createVectorClient, isVectorClient, stateOf, type VectorClient } from "./client";
import { pathTemplates } from "./generated/paths";
import type { paths } from "./generated/schema";
import type { VectorIndexOptions } from "./types";
import type { VectorIndex } from "./vector-index";

export type { paths } from "./generated/schema";

/**
 * openapi-fetch's client of the vector spec's `paths`, sending through the chain of
 * `source`: a `VectorIndex`, a client from `createVectorClient`, or the options to make
 * one. It answers as openapi-fetch does, `{ data, error, response }`, with `error` typed
 * from the spec's error responses; a call that got no answer throws a `ConnectionError`,
 * `TimeoutError` or `AbortError`. The index's policies (`use`) run on every call;
 * openapi-fetch middleware goes on with openapi-fetch's own `api.use`.
 *
 * @example
 * ```ts
 * import { VectorIndex } from "@x/vector";
 * import { createVectorApi } from "@x/vector/api";
 *
 * const index = VectorIndex.fromEnv();
 * const api = createVectorApi(index);
 * const { data, error } = await api.POST("/range/{namespace}", {
 *   params: { path: { namespace: "docs" } },
 *   body: { cursor: "0", limit: 10 },
 * });
 * if (error) console.error(error.error);
 * else console.log(data.result.nextCursor);
 * ```
 */
export function createVectorApi(
  source: VectorIndex<unknown> | VectorClient<unknown> | VectorIndexOptions,
): Client<paths> {
  const client = isVectorClient(source) ? source : createVectorClient(source as VectorIndexOptions);
  const { core } = stateOf(client);
  const api = createClient<paths>({
    baseUrl: core.baseUrl,
    headers: core.defaultHeaders,
    pathSerializer: core.pathSerializer,
    fetch: createApiFetch(core, pathTemplates),
  });
  api.use(jsonAnswers(core));
  return api;
}
