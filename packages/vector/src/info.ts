import { ApiPromise, type RequestOptions } from "@x/core";
import { callOperation, checkRequestOptions } from "@x/core/internal";
import { operationsOf, stateOf, type VectorClient } from "./client";
import { resultOf } from "./envelope";
import type { IndexInfo } from "./types";

/**
 * Counts and configuration of the whole index, with per-namespace counts.
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorInfo } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * const { vectorCount, dimension, similarityFunction } = await vectorInfo(client);
 * ```
 */
export function vectorInfo(
  client: VectorClient<unknown>,
  options?: RequestOptions,
): ApiPromise<IndexInfo> {
  return ApiPromise.from(() => {
    const state = stateOf(client);
    const checked = checkRequestOptions("info", options);
    return callOperation(state.core, operationsOf(state).info, {}, checked).map(resultOf);
  });
}
