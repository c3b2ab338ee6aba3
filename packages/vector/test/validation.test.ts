import { ValidationError, type VectorIndex } from "@x/vector";
import { describe, expect, it } from "vitest";
import { index } from "./stub";

type Call = (client: VectorIndex) => unknown;
const bad = (value: unknown) => value as never;
const firstPage = (pages: AsyncIterable<unknown>) => pages[Symbol.asyncIterator]().next();

// Each call breaks one rule; the error must name this field, and nothing may be sent.
const cases: [string, Call, string][] = [
  ["range without a request", (c) => c.range(bad(undefined)), "range"],
  ["range without cursor", (c) => c.range(bad({ limit: 1 })), "cursor"],
  ["range with a numeric cursor", (c) => c.range(bad({ cursor: 0, limit: 1 })), "cursor"],
  ["range with a null cursor", (c) => c.range(bad({ cursor: null, limit: 1 })), "cursor"],
  ["range without limit", (c) => c.range(bad({ cursor: "0" })), "limit"],
  ["range with limit 0", (c) => c.range({ cursor: "0", limit: 0 }), "limit"],
  ["range with limit -3", (c) => c.range({ cursor: "0", limit: -3 }), "limit"],
  ["range with limit 1.5", (c) => c.range({ cursor: "0", limit: 1.5 }), "limit"],
  ["range with limit NaN", (c) => c.range({ cursor: "0", limit: Number.NaN }), "limit"],
  ["range with limit '10'", (c) => c.range(bad({ cursor: "0", limit: "10" })), "limit"],
  ["rangeAll with pageSize 0", (c) => firstPage(c.rangeAll({ pageSize: 0 })), "pageSize"],
  ["rangeAll with pageSize 2.5", (c) => firstPage(c.rangeAll({ pageSize: 2.5 })), "pageSize"],
  ["query without a request", (c) => c.query(bad(undefined)), "query"],
  ["query without vectors", (c) => c.query(bad({ topK: 3 })), "vector"],
  ["query with NaN", (c) => c.query({ vector: [0.1, Number.NaN] }), "vector[1]"],
  ["query with Infinity", (c) => c.query({ vector: [Number.POSITIVE_INFINITY] }), "vector[0]"],
  ["query with a string number", (c) => c.query({ vector: bad(["1"]) }), "vector[0]"],
  ["query with a non-array vector", (c) => c.query({ vector: bad("1,2") }), "vector"],
  ["query with topK 0", (c) => c.query({ vector: [1], topK: 0 }), "topK"],
  ["query with topK 2.5", (c) => c.query({ vector: [1], topK: 2.5 }), "topK"],
  [
    "query with more indices than values",
    (c) => c.query({ sparseVector: { indices: [1, 2], values: [1] } }),
    "sparseVector",
  ],
  [
    "query with a negative index",
    (c) => c.query({ sparseVector: { indices: [0, -1], values: [1, 2] } }),
    "sparseVector.indices[1]",
  ],
  [
    "query with a fractional index",
    (c) => c.query({ sparseVector: { indices: [1.5], values: [1] } }),
    "sparseVector.indices[0]",
  ],
  [
    "query with a NaN sparse value",
    (c) => c.query({ sparseVector: { indices: [1], values: [Number.NaN] } }),
    "sparseVector.values[0]",
  ],
  [
    "query with sparse values missing",
    (c) => c.query({ sparseVector: bad({ indices: [1] }) }),
    "sparseVector.values",
  ],
  [
    "query with an unknown weightingStrategy",
    (c) => c.query({ vector: [1], weightingStrategy: bad("BM25") }),
    "weightingStrategy",
  ],
  [
    "query with a lower-case fusionAlgorithm",
    (c) => c.query({ vector: [1], fusionAlgorithm: bad("rrf") }),
    "fusionAlgorithm",
  ],
  [
    "query with a filter object not built with filter",
    (c) => c.query({ vector: [1], filter: bad({ toString: () => "a = 1" }) }),
    "filter",
  ],
  ["queryMany with no queries", (c) => c.queryMany([]), "queries"],
  ["queryMany with a non-array", (c) => c.queryMany(bad({ vector: [1] })), "queries"],
  [
    "queryMany with a bad second query",
    (c) => c.queryMany([{ vector: [1] }, bad({ topK: 1 })]),
    "queries[1].vector",
  ],
  ["queryMany with a bad topK", (c) => c.queryMany([{ vector: [1], topK: -1 }]), "queries[0].topK"],
  ["fetch without a request", (c) => c.fetch(bad(undefined)), "fetch"],
  ["fetch with neither ids nor prefix", (c) => c.fetch(bad({ includeData: true })), "ids"],
  ["fetch with one id as a string", (c) => c.fetch(bad("doc-1")), "fetch"],
  ["fetch with ids that are not strings", (c) => c.fetch({ ids: bad([1]) }), "ids[0]"],
];

describe("invalid input is rejected before sending", () => {
  it.each(cases)("%s", async (_, call, field) => {
    const { client, seen } = index([{ result: [] }]);
    const error = await (async () => call(client))().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field });
    expect((error as Error).message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, "\\$&")}: `));
    expect(seen).toEqual([]);
  });

  it("accepts the edge values those rules allow", async () => {
    const { client, seen } = index([{ result: [] }]);
    await client.query({ vector: [0, -1, 1e300], topK: 1 });
    await client.query({ sparseVector: { indices: [], values: [] } });
    await client.query({ sparseVector: { indices: [0, 7], values: [-2, 0] }, filter: "" });
    await client.fetch({ prefix: "" });
    expect(seen).toHaveLength(4);
  });
});
