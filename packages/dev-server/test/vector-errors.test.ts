import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVector, TOKEN, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness;
beforeAll(async () => {
  h = await startVector({ vector: { dimension: 3, metric: "COSINE" }, maxBodyBytes: 300_000 });
  await h.upsert([{ id: "a", vector: [1, 2, 3] }]);
});
afterAll(() => h.close());

describe("401", () => {
  it.each([
    ["no token", null, {}],
    ["a wrong token", "wrong", {}],
    ["another scheme", null, { authorization: `Basic ${TOKEN}` }],
  ] as const)("with %s", async (_, token, headers) => {
    for (const [method, path, body] of [
      ["GET", "/info", undefined],
      ["POST", "/query", { vector: [1, 2, 3] }],
      ["POST", "/range/ns", { cursor: "0", limit: 1 }],
      ["POST", "/upsert", { id: "b", vector: [1, 2, 3] }],
    ] as const) {
      const answer = await h.call(method, path, body, { token, headers });
      expect(answer).toEqual({ status: 401, body: { error: "Unauthorized", status: 401 } });
      expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
    }
  });
});

describe("422 on a wrong dimension", () => {
  it("for a query, each query of a batch, and an upsert", async () => {
    const error = { error: "Invalid vector dimension: 2, expected: 3", status: 422 };
    expect(await h.post("/query", { vector: [1, 2] })).toEqual({ status: 422, body: error });
    expect(await h.post("/query", [{ vector: [1, 2, 3] }, { vector: [1, 2] }])).toEqual({
      status: 422,
      body: error,
    });
    expect(
      await h.post("/upsert", [
        { id: "ok", vector: [1, 2, 3] },
        { id: "x", vector: [1, 2] },
      ]),
    ).toEqual({
      status: 422,
      body: error,
    });
    // nothing of a refused batch is written
    expect((await h.post("/fetch", { ids: ["ok"] })).body.result).toEqual([null]);
  });
});

describe("400", () => {
  it.each([
    ["range without cursor", "/range", { limit: 1 }, "cursor"],
    ["range with limit 0", "/range", { cursor: "0", limit: 0 }, "limit"],
    ["range with an unknown field", "/range", { cursor: "0", limit: 1, extra: true }, "extra"],
    ["query with topK 0", "/query", { vector: [1, 2, 3], topK: 0 }, "topK"],
    ["query with a string vector", "/query", { vector: "1,2,3" }, "vector"],
    ["query with neither vector", "/query", { topK: 1 }, "vector"],
    [
      "a dense index given sparseVector",
      "/query",
      { sparseVector: { indices: [1], values: [1] } },
      "DENSE",
    ],
    ["an empty batch", "/query", [], "body"],
    [
      "an unknown fusion",
      "/query",
      { vector: [1, 2, 3], fusionAlgorithm: "MAX" },
      "fusionAlgorithm",
    ],
    ["a bad filter", "/query", { vector: [1, 2, 3], filter: "a = " }, "position 5"],
    ["fetch with neither ids nor prefix", "/fetch", { includeMetadata: true }, "body"],
    ["fetch with number ids", "/fetch", { ids: [1] }, "ids"],
    ["upsert without a vector", "/upsert", { id: "v" }, "vector: required on a DENSE index"],
    ["upsert without an id", "/upsert", { vector: [1, 2, 3] }, "id"],
    [
      "upsert with array metadata",
      "/upsert",
      { id: "v", vector: [1, 2, 3], metadata: [1] },
      "metadata",
    ],
    ["upsert with a NaN-like value", "/upsert", { id: "v", vector: [1, 2, 1e39] }, "float32"],
    [
      "delete by two criteria",
      "/delete",
      { ids: ["a"], prefix: "a" },
      "Only and only one of the ids, prefix, or filter must be provided.",
    ],
    [
      "a filter nested past 64 parentheses",
      "/query",
      { vector: [1, 2, 3], filter: `${"(".repeat(1000)}a = 1${")".repeat(1000)}` },
      "position 65: parentheses nest deeper than 64",
    ],
  ])("%s", async (_, path, body, words) => {
    const answer = await h.post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(words);
  });

  it("sparse vectors need matching lengths", async () => {
    const sparse = await startVector({ vector: { type: "SPARSE" } });
    try {
      const uneven = await sparse.post("/upsert", {
        id: "s",
        sparseVector: { indices: [1, 2], values: [1] },
      });
      expect(uneven.status).toBe(400);
      const dense = await sparse.post("/upsert", { id: "s", vector: [1] });
      expect(dense.body.error).toContain("SPARSE");
    } finally {
      await sparse.close();
    }
  });

  it("metadata nested past 64 levels", async () => {
    const metadata = `${'{"a":'.repeat(100)}1${"}".repeat(100)}`;
    const raw = `{"id":"deep","vector":[1,2,3],"metadata":${metadata}}`;
    const answer = await h.call("POST", "/upsert", undefined, { raw });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain("nests deeper than 64 levels");
  });

  it("a body nested 100,000 deep, before the spec validator could overflow on it", async () => {
    const raw = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const answer = await h.call("POST", "/query", undefined, { raw });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: "Request body nests deeper than 256 levels", status: 400 },
    });
  });

  it("a body that is not JSON", async () => {
    const answer = await h.call("POST", "/query", undefined, { raw: "{vector:" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain("not valid JSON");
  });

  it("malformed percent-encoding in a namespace (after the token check)", async () => {
    const answer = await h.post("/range/%E0%A4%A", { cursor: "0", limit: 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain("percent-encoding");
    const anonymous = await h.call(
      "POST",
      "/range/%E0%A4%A",
      { cursor: "0", limit: 1 },
      { token: null },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("other refusals", () => {
  it("413 on a body over the cap", async () => {
    const answer = await h.post("/upsert", {
      id: "big",
      vector: [1, 2, 3],
      data: "x".repeat(300_000),
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toContain("300000 bytes");
  });

  it("404 on an unknown route, 405 on a wrong method", async () => {
    expect((await h.post("/nope", {})).status).toBe(404);
    expect((await h.post("/range/a/b", { cursor: "0", limit: 1 })).status).toBe(404);
    expect((await h.post("/info/x", {})).status).toBe(404);
    const get = await h.call("GET", "/query");
    expect(get.status).toBe(405);
    const raw = await fetch(`${h.url}/info`, {
      method: "PUT",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(raw.status).toBe(405);
    expect(raw.headers.get("allow")).toBe("GET, POST");
    // POST /info is a form clients of the real service send; it is tolerated.
    expect((await h.call("POST", "/info", {})).status).toBe(200);
  });

  it("the service still answers after all of the above", async () => {
    const { body } = await h.post("/query", { vector: [1, 2, 3], topK: 1 });
    expect(body.result).toEqual([{ id: "a", score: 1 }]);
  });
});
