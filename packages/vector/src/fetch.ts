import { ApiPromise, type RequestOptions } from "@x/core";
import { callOperation, checkRequestOptions } from "@x/core/internal";
import { operationsOf, stateOf, type VectorClient } from "./client";
import { listOf, resultOf } from "./envelope";
import type { FetchByIds, FetchByPrefix, VectorRecord } from "./types";
import { fetchBody } from "./validate";

/**
 * The vectors with `request.ids`, in order, `null` for an id with no vector; or up to 1000
 * vectors whose id starts with `request.prefix` (use `vectorRangeAll` for more).
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorFetch } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * const [first, second] = await vectorFetch(client, { ids: ["a", "b"], includeMetadata: true });
 * const docs = await vectorFetch(client, { prefix: "doc-", includeData: true });
 * ```
 */
export function vectorFetch<Meta>(
  client: VectorClient<Meta>,
  request: FetchByIds,
  options?: RequestOptions,
): ApiPromise<(VectorRecord<Meta> | null)[]>;
export function vectorFetch<Meta>(
  client: VectorClient<Meta>,
  request: FetchByPrefix,
  options?: RequestOptions,
): ApiPromise<VectorRecord<Meta>[]>;
export function vectorFetch<Meta>(
  client: VectorClient<Meta>,
  request: FetchByIds | FetchByPrefix,
  options?: RequestOptions,
): ApiPromise<(VectorRecord<Meta> | null)[]> {
  return ApiPromise.from(() => {
    const state = stateOf(client);
    const checked = checkRequestOptions("fetch", options);
    const body = fetchBody(request);
    // Nothing asked, nothing to send; withResponse() then gives a local 200, not the service's.
    if ((body as { ids?: string[] }).ids?.length === 0) {
      return ApiPromise.resolved([], new Response("[]"));
    }
    const sent = callOperation(state.core, operationsOf(state).fetch, { json: body }, checked);
    return sent.map((answer, response) => {
      const records = listOf(resultOf(answer, response), "records", answer, response);
      return records as (VectorRecord<Meta> | null)[];
    });
  });
}
