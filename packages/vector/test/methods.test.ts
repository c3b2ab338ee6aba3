import { type FetchByIds, filter, ValidationError, VectorIndex } from "@x/vector";
import { describe, expect, it } from "vitest";
import { index, stub, TOKEN, URL_BASE } from "./stub";

const page = {
  nextCursor: "2",
  vectors: [{ id: "doc-1", metadata: { genre: "sf" } }, { id: "doc-2" }],
};
const scores = [
  { id: "doc-1", score: 0.97 },
  { id: "doc-7", score: 0.81 },
];
const info = {
  vectorCount: 7,
  pendingVectorCount: 1,
  indexSize: 4096,
  dimension: 3,
  similarityFunction: "COSINE",
  indexType: "DENSE",
  denseIndex: { dimension: 3, similarityFunction: "COSINE", embeddingModel: "BGE_SMALL_EN_V1_5" },
  namespaces: {
    "": { vectorCount: 5, pendingVectorCount: 0 },
    products: { vectorCount: 2, pendingVectorCount: 1 },
  },
};

const flags = [
  {},
  { includeMetadata: true },
  { includeVectors: true },
  { includeData: true },
  { includeMetadata: true, includeVectors: false, includeData: true },
];

// Each namespace and the path segment it must travel as.
const scopes: [string | undefined, string][] = [
  [undefined, ""],
  ["", ""],
  ["products", "/products"],
  ["my ns/1?#%", "/my%20ns%2F1%3F%23%25"],
  ["ünï", "/%C3%BCn%C3%AF"],
];

describe("every call", () => {
  it("posts JSON with the bearer token to the base URL", async () => {
    const { client, seen } = index([{ result: page }], { url: `${URL_BASE}/` });
    await client.range({ cursor: "0", limit: 2 });
    const [sent] = seen;
    expect(sent?.method).toBe("POST");
    expect(sent?.request.url).toBe(`${URL_BASE}/range`);
    expect(sent?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(sent?.headers.get("content-type")).toBe("application/json");
  });

  it("never puts the signal into the body", async () => {
    const { client, seen } = index([{ result: page }]);
    await client.range({ cursor: "0", limit: 2 }, { signal: new AbortController().signal });
    expect(seen[0]?.body).toEqual({ cursor: "0", limit: 2 });
  });
});

describe.each(scopes)("namespace %j", (namespace, segment) => {
  const viaOption = () => index([{ result: page }], namespace === undefined ? {} : { namespace });
  const viaMethod = () => {
    const made = index([{ result: page }]);
    return namespace === undefined ? made : { ...made, client: made.client.namespace(namespace) };
  };

  it.each([
    ["option", viaOption],
    ["namespace()", viaMethod],
  ])("range goes to /range%s via %s", async (_, make) => {
    const { client, seen } = make();
    await client.range({ cursor: "0", limit: 2 });
    expect(seen[0]?.path).toBe(`/range${segment}`);
  });

  it("query, queryMany and fetch go to the namespaced path; info does not", async () => {
    const answer = index(
      [{ result: scores }, { result: scores }, { result: [null] }, { result: info }],
      {
        ...(namespace === undefined ? {} : { namespace }),
      },
    );
    await answer.client.query({ vector: [0.1, 0.2, 0.3] });
    await answer.client.queryMany([{ vector: [0.1, 0.2, 0.3] }]);
    await answer.client.fetch({ ids: ["x"] });
    await answer.client.info();
    expect(answer.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `POST /query${segment}`,
      `POST /query${segment}`,
      `POST /fetch${segment}`,
      "GET /info",
    ]);
  });
});

describe("namespace()", () => {
  it("returns a new index and leaves the original on its namespace", async () => {
    const { fetch, seen } = stub({ result: page });
    const root = new VectorIndex({ url: URL_BASE, token: TOKEN, fetch, namespace: "a" });
    const other = root.namespace("b");
    expect(other).not.toBe(root);
    await root.range({ cursor: "0", limit: 1 });
    await other.range({ cursor: "0", limit: 1 });
    await other.namespace("").range({ cursor: "0", limit: 1 });
    expect(seen.map((s) => s.path)).toEqual(["/range/a", "/range/b", "/range"]);
  });

  it.each([".", ".."])(
    "rejects %j, which a URL would resolve away, from each call",
    async (name) => {
      const { client, seen } = index([{ result: page }]);
      const scoped = client.namespace(name);
      const error = await scoped.range({ cursor: "0", limit: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ field: "namespace" });
      expect(seen).toEqual([]);
    },
  );

  it("rejects a namespace that is not a string, from each call", async () => {
    const { client } = index([{ result: page }]);
    const scoped = client.namespace(7 as unknown as string);
    await expect(scoped.query({ vector: [1] })).rejects.toMatchObject({ field: "namespace" });
  });
});

describe("range", () => {
  it.each(flags)("sends cursor, limit, prefix and the include flags %j", async (include) => {
    const { client, seen } = index([{ result: page }]);
    const result = await client.range({ cursor: "5", limit: 2, prefix: "doc-", ...include });
    expect(seen[0]?.body).toEqual({ cursor: "5", limit: 2, prefix: "doc-", ...include });
    expect(result).toEqual(page);
  });
});

describe("query", () => {
  it.each(flags)(
    "sends a dense query with include flags %j and unwraps the list",
    async (include) => {
      const { client, seen } = index([{ result: scores }]);
      const result = await client.query({ vector: [0.1, 0.2, 0.3], topK: 2, ...include });
      expect(seen[0]?.body).toEqual({ vector: [0.1, 0.2, 0.3], topK: 2, ...include });
      expect(result).toEqual(scores);
    },
  );

  it("sends sparse and hybrid queries with their options", async () => {
    const { client, seen } = index([{ result: scores }]);
    const sparseVector = { indices: [3, 17, 42], values: [0.5, 0.25, 1] };
    await client.query({ sparseVector, weightingStrategy: "IDF", topK: 5 });
    await client.query({ vector: [0.1, 0.2, 0.3], sparseVector, fusionAlgorithm: "DBSF" });
    await client.query({ vector: [0.1, 0.2, 0.3], sparseVector, fusionAlgorithm: "RRF" });
    expect(seen.map((s) => s.body)).toEqual([
      { sparseVector, weightingStrategy: "IDF", topK: 5 },
      { vector: [0.1, 0.2, 0.3], sparseVector, fusionAlgorithm: "DBSF" },
      { vector: [0.1, 0.2, 0.3], sparseVector, fusionAlgorithm: "RRF" },
    ]);
  });

  it("sends a built filter as its text and a string filter unchanged", async () => {
    const { client, seen } = index([{ result: scores }]);
    const built = filter.and(filter.eq("genre", "sci-fi"), filter.gte("year", 2000));
    await client.query({ vector: [1, 0, 0], filter: built });
    await client.query({ vector: [1, 0, 0], filter: "genre = 'drama'" });
    expect(seen.map((s) => (s.body as { filter: string }).filter)).toEqual([
      "(genre = 'sci-fi') AND (year >= 2000)",
      "genre = 'drama'",
    ]);
  });
});

describe("queryMany", () => {
  const queries = [
    { vector: [0.1, 0.2, 0.3], topK: 1 },
    { vector: [0.9, 0.1, 0], topK: 2, includeVectors: true },
  ];

  it("sends the queries as an array and returns one list per query", async () => {
    const lists = [[scores[0]], scores];
    const { client, seen } = index([{ result: lists }]);
    expect(await client.queryMany(queries)).toEqual(lists);
    expect(seen[0]?.body).toEqual(queries);
  });

  it("wraps the bare list the service answers a batch of one with", async () => {
    const { client, seen } = index([{ result: scores }]);
    expect(await client.queryMany([queries[0]!])).toEqual([scores]);
    expect(seen[0]?.body).toEqual([queries[0]]);
  });

  it("wraps an empty answer to a batch of one as one empty list", async () => {
    const { client } = index([{ result: [] }]);
    expect(await client.queryMany([queries[0]!])).toEqual([[]]);
  });

  it("keeps a batch of one answered as a list of lists", async () => {
    const { client } = index([{ result: [scores] }]);
    expect(await client.queryMany([queries[0]!])).toEqual([scores]);
  });

  it("returns empty lists per query in a larger batch", async () => {
    const { client } = index([{ result: [[], []] }]);
    expect(await client.queryMany(queries)).toEqual([[], []]);
  });

  it("sends filters of each query as text", async () => {
    const { client, seen } = index([{ result: [[], []] }]);
    await client.queryMany([
      { vector: [1], filter: filter.hasField("a") },
      { vector: [2], filter: "b = 1" },
    ]);
    expect(seen[0]?.body).toEqual([
      { vector: [1], filter: "HAS FIELD a" },
      { vector: [2], filter: "b = 1" },
    ]);
  });
});

describe("fetch", () => {
  const hit = { id: "doc-1", metadata: { genre: "sf" } };

  it.each(flags)("fetches ids in order with nulls for misses, flags %j", async (include) => {
    const { client, seen } = index([{ result: [hit, null, { id: "doc-2" }] }]);
    const result = await client.fetch({ ids: ["doc-1", "doc-404", "doc-2"], ...include });
    expect(seen[0]?.body).toEqual({ ...include, ids: ["doc-1", "doc-404", "doc-2"] });
    expect(result).toEqual([hit, null, { id: "doc-2" }]);
  });

  it("takes the ids first, what to include second and the call options last", async () => {
    const { client, seen } = index([{ result: [hit, null] }]);
    const result = await client.fetch(
      ["doc-1", "doc-404"],
      { includeMetadata: true },
      { headers: { "x-request-id": "r-1" } },
    );
    expect(result).toEqual([hit, null]);
    expect(seen[0]?.body).toEqual({ includeMetadata: true, ids: ["doc-1", "doc-404"] });
    expect(seen[0]?.headers.get("x-request-id")).toBe("r-1");
  });

  it("refuses an unknown include key after the ids, by rejecting", async () => {
    const { client, seen } = index([{ result: [] }]);
    const include = { includeMetdata: true } as unknown as { includeMetadata: boolean };
    await expect(client.fetch(["doc-1"], include)).rejects.toThrow(
      /unknown option "includeMetdata" \(did you mean "includeMetadata"\?\)/,
    );
    expect(seen).toEqual([]);
  });

  it("refuses ids with a prefix before sending, as the service would", async () => {
    const { client, seen } = index([{ result: [hit, null] }]);
    const both = { ids: ["doc-1", "x-1"], prefix: "doc-" } as FetchByIds;
    const error = await client.fetch(both).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain("not both");
    expect(seen).toEqual([]);
  });

  it.each(flags)("fetches by prefix with flags %j", async (include) => {
    const { client, seen } = index([{ result: [hit] }]);
    expect(await client.fetch({ prefix: "doc-", ...include })).toEqual([hit]);
    expect(seen[0]?.body).toEqual({ prefix: "doc-", ...include });
  });

  it("answers an empty id list with an empty list, sending nothing", async () => {
    const { client, seen } = index([{ result: [] }]);
    expect(await client.fetch({ ids: [] })).toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe("info", () => {
  it("GETs /info without a body and unwraps the object", async () => {
    const { client, seen } = index([{ result: info }]);
    expect(await client.info()).toEqual(info);
    expect(seen[0]?.method).toBe("GET");
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers.get("content-type")).toBeNull();
  });
});

describe("fromEnv", () => {
  it("reads VECTOR_URL and VECTOR_TOKEN", async () => {
    const { fetch, seen } = stub({ result: info });
    const client = VectorIndex.fromEnv({ VECTOR_URL: URL_BASE, VECTOR_TOKEN: TOKEN }, { fetch });
    await client.info();
    expect(seen[0]?.request.url).toBe(`${URL_BASE}/info`);
    expect(seen[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("takes the namespace from the options", async () => {
    const { fetch, seen } = stub({ result: page });
    const env = { VECTOR_URL: URL_BASE, VECTOR_TOKEN: TOKEN };
    await VectorIndex.fromEnv(env, { fetch, namespace: "n" }).range({ cursor: "0", limit: 1 });
    expect(seen[0]?.path).toBe("/range/n");
  });

  it.each([
    [{ VECTOR_TOKEN: TOKEN }, "VECTOR_URL"],
    [{ VECTOR_URL: URL_BASE }, "VECTOR_TOKEN"],
    [{ VECTOR_URL: URL_BASE, VECTOR_TOKEN: "  " }, "VECTOR_TOKEN"],
  ])("names the missing variable (%j)", (env, name) => {
    expect(() => VectorIndex.fromEnv(env)).toThrow(
      expect.objectContaining({ name: "ConfigurationError", field: name }),
    );
  });
});

describe("constructor", () => {
  it.each([
    [{ url: "my-index.example.com", token: TOKEN }, "url"],
    [{ url: "ftp://x.example.com", token: TOKEN }, "url"],
    [{ url: URL_BASE, token: "" }, "token"],
    [{ url: URL_BASE, token: TOKEN, maxRetries: -1 }, "maxRetries"],
  ])("rejects %j", (options, field) => {
    expect(() => new VectorIndex(options)).toThrow(expect.objectContaining({ field }));
  });

  it("keeps the token out of the index's enumerable state", () => {
    const client = new VectorIndex({ url: URL_BASE, token: TOKEN });
    expect(JSON.stringify(client)).not.toContain(TOKEN);
    expect(Object.values(client).join()).not.toContain(TOKEN);
  });
});
