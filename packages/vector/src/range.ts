import { ApiPromise, type RequestOptions, XError } from "@x/core";
import { callOperation, checkRequestOptions, quote } from "@x/core/internal";
import { operationsOf, stateOf, type VectorClient } from "./client";
import { listOf, resultOf } from "./envelope";
import type { RangeAllRequest, RangeIterable, RangePage, RangeRequest } from "./types";
import { rangeAllRequest, rangeBody } from "./validate";

/**
 * One page of vectors from `cursor` (`"0"` first, then `nextCursor` until it is `""`).
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorRange } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * let cursor = "0";
 * do {
 *   const page = await vectorRange(client, { cursor, limit: 100, includeMetadata: true });
 *   for (const record of page.vectors) console.log(record.id, record.metadata);
 *   cursor = page.nextCursor;
 * } while (cursor !== "");
 * ```
 */
export function vectorRange<Meta>(
  client: VectorClient<Meta>,
  request: RangeRequest,
  options?: RequestOptions,
): ApiPromise<RangePage<Meta>> {
  return ApiPromise.from(() => {
    const state = stateOf(client);
    const checked = checkRequestOptions("range", options);
    const json = rangeBody(request);
    const sent = callOperation(state.core, operationsOf(state).range, { json }, checked);
    return sent.map((body, response) => {
      const result = resultOf(body, response);
      listOf(result?.vectors, "vectors", body, response);
      // The metadata typed as `Meta`: the caller's statement of its shape, as with a typed JSON.parse.
      return result as RangePage<Meta>;
    });
  });
}

/**
 * Every vector (with `prefix`, every matching one), fetched `pageSize` at a time as the
 * loop asks for them. `pages()` yields whole pages instead of records. Bad input is
 * reported by the first `next()`; `options` apply to every page's request.
 *
 * @example
 * ```ts
 * import { createVectorClient, vectorRangeAll } from "@x/vector";
 *
 * const client = createVectorClient({ url: "https://my-index.example.com", token: "my-token" });
 * for await (const record of vectorRangeAll(client, { prefix: "doc-", pageSize: 500 })) {
 *   console.log(record.id);
 * }
 * ```
 */
export function vectorRangeAll<Meta>(
  client: VectorClient<Meta>,
  request: RangeAllRequest = {},
  options?: RequestOptions,
): RangeIterable<Meta> {
  async function* pages(): AsyncGenerator<RangePage<Meta>> {
    const { pageSize, cursor: start, ...rest } = rangeAllRequest(request);
    checkRequestOptions("rangeAll", options);
    // A cursor seen before, the one just sent or an older one, would loop forever.
    const seen = new Set<string>();
    for (let cursor = start; cursor !== ""; ) {
      seen.add(cursor);
      // An aborted signal ends the loop here: each page's call checks it before sending.
      const page = await vectorRange(client, { ...rest, cursor, limit: pageSize }, options);
      yield page;
      cursor = page.nextCursor;
      if (seen.has(cursor)) {
        throw new XError(
          `rangeAll: got cursor ${quote(cursor)} twice, so pages would repeat; stopped.`,
        );
      }
    }
  }
  return {
    pages,
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* page.vectors;
    },
  };
}
