import { ApiPromise, type RequestOptions } from "@x/core";
import { callOperation, checkRequestOptions, invalid } from "@x/core/internal";
import { type ClientState, operationsOf, stateOf, type VectorClient } from "./client";
import { listOf, resultOf } from "./envelope";
import type { components } from "./generated/schema";
import type { Query, ScoreRecord } from "./types";
import { queryBody } from "./validate";

type QueryRequest = components["schemas"]["QueryRequest"];
type QueryResult = components["schemas"]["QueryResult"];
type ScoreList = components["schemas"]["ScoreList"];

/**
 * The `topK` (default 10) nearest vectors, highest score first.
 *
 * @example
 * ```ts
 * import { createVectorClient, filter, vectorQuery } from "@x/vector";
 *
 * const client = createVectorClient<{ genre: string }>({ url: "https://my-index.example.com", token: "my-token" });
 * const hits = await vectorQuery(client, {
 *   vector: [0.1, 0.2, 0.3],
 *   topK: 3,
 *   includeMetadata: true,
 *   filter: filter.eq("genre", "sci-fi"),
 * });
 * for (const hit of hits) console.log(hit.id, hit.score, hit.metadata?.genre);
 * ```
 */
export function vectorQuery<Meta>(
  client: VectorClient<Meta>,
  query: Query,
  options?: RequestOptions,
): ApiPromise<ScoreRecord<Meta>[]> {
  return ApiPromise.from(() => {
    const state = stateOf(client);
    const checked = checkRequestOptions("query", options);
    return sendQuery<Meta>(state, queryBody(query), checked).map((lists) => lists[0] ?? []);
  });
}

/**
 * Several queries in one request: one list of results per query, in order.
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorQueryMany } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * const [near, far] = await vectorQueryMany(client, [
 *   { vector: [0.1, 0.2, 0.3], topK: 2 },
 *   { vector: [0.9, 0.8, 0.7], topK: 2 },
 * ]);
 * ```
 */
export function vectorQueryMany<Meta>(
  client: VectorClient<Meta>,
  queries: Query[],
  options?: RequestOptions,
): ApiPromise<ScoreRecord<Meta>[][]> {
  return ApiPromise.from(() => {
    const state = stateOf(client);
    const checked = checkRequestOptions("queryMany", options);
    if (!Array.isArray(queries) || queries.length === 0) {
      invalid("queries", "must be a non-empty array");
    }
    const body = queries.map((query, i) =>
      queryBody(query, `queries[${i}].`, `queryMany queries[${i}]`),
    );
    return sendQuery<Meta>(state, body, checked);
  });
}

/** One query or a batch; the service answers a single query, or a batch of one, with one list. */
function sendQuery<Meta>(
  state: ClientState,
  body: QueryRequest | QueryRequest[],
  options: RequestOptions | undefined,
): ApiPromise<ScoreRecord<Meta>[][]> {
  const sent = callOperation(state.core, operationsOf(state).query, { json: body }, options);
  return sent.map((answer, response) => {
    const result = listOf(resultOf(answer, response), "score", answer, response);
    const lists = isListOfLists(result) ? result : [result];
    // The metadata typed as `Meta`: the caller's statement of its shape, as with a typed JSON.parse.
    return lists as ScoreRecord<Meta>[][];
  });
}

/** A batch's answer (one list per query) rather than a single query's list. */
function isListOfLists(result: QueryResult): result is ScoreList[] {
  return Array.isArray(result[0]);
}
