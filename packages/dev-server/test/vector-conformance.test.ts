// What the real vector service answers, as the official SDK's own test suite states it (its
// CI runs those tests against real indexes), each fact checked against the dev server. The
// facts are taken over as data; none of the SDK's code is.
import { afterEach, describe, expect, it } from "vitest";
import type { IndexOptions } from "../src/vector/types.js";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(vector: IndexOptions) {
  h = await startVector({ vector });
  return h;
}

/** A seeded generator of numbers in [0, 1), so every run probes the same vectors. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe("numbers are float32", () => {
  it("a vector queried against itself scores 1", async () => {
    const v = await start({ dimension: 384, metric: "COSINE" });
    const next = numbers(7);
    const records = Array.from({ length: 50 }, (_, i) => ({
      id: `v${i}`,
      vector: Array.from({ length: 384 }, () => next() * 2 - 1),
    }));
    await v.upsert(records);
    for (const { id, vector } of records) {
      const { body } = await v.post("/query", { vector, topK: 1 });
      expect(body.result).toEqual([{ id, score: 1 }]);
    }
  });

  it("values come back in float32's shortest form: a stored 0.1 is 0.1", async () => {
    const v = await start({ dimension: 2, type: "HYBRID" });
    await v.upsert([
      { id: "a", vector: [0.1, 0.2], sparseVector: { indices: [0, 1], values: [0.3, 0.4] } },
    ]);
    const { body } = await v.post("/fetch", { ids: ["a"], includeVectors: true });
    expect(body.result).toEqual([
      { id: "a", vector: [0.1, 0.2], sparseVector: { indices: [0, 1], values: [0.3, 0.4] } },
    ]);
    const range = await v.post("/range", { cursor: "0", limit: 1, includeVectors: true });
    expect(range.body.result.vectors[0].vector).toEqual([0.1, 0.2]);
  });
});

describe("sparse weighting and hybrid fusion", () => {
  it("IDF weighs a term by log(1 + (N - n + 0.5) / (n + 0.5)): positive even when every record holds it", async () => {
    const v = await start({ type: "SPARSE" });
    await v.upsert([
      { id: "s1", sparseVector: { indices: [1], values: [2] } },
      { id: "s2", sparseVector: { indices: [1], values: [1] } },
    ]);
    const { body } = await v.post("/query", {
      sparseVector: { indices: [1], values: [1] },
      weightingStrategy: "IDF",
    });
    // N = 2, n = 2: the weight is log(1 + 0.5 / 2.5) = log(1.2), 0.18232156 in float32
    expect(body.result).toEqual([
      { id: "s1", score: 0.36464313 },
      { id: "s2", score: 0.18232156 },
    ]);
  });

  it("IDF scores are summed in float32 arithmetic", async () => {
    const v = await start({ type: "SPARSE" });
    await v.upsert([
      { id: "id0", sparseVector: { indices: [0, 1], values: [0.1, 0.2] } },
      { id: "id1", sparseVector: { indices: [1, 2], values: [0.2, 0.3] } },
      { id: "id2", sparseVector: { indices: [2, 3], values: [0.3, 0.4] } },
    ]);
    const { body } = await v.post("/query", {
      sparseVector: { indices: [2, 3], values: [0.5, 0.5] },
      weightingStrategy: "IDF",
      topK: 1,
    });
    // float64 arithmetic, rounded at the end, would give 0.2666664
    expect(body.result).toEqual([{ id: "id2", score: 0.26666638 }]);
  });

  it("RRF sums 1 / (60 + rank) with the best rank 0: first in both lists scores 2 / 60", async () => {
    const v = await start({ dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" });
    await v.upsert([
      { id: "h1", vector: [1, 0], sparseVector: { indices: [1], values: [3] } },
      { id: "h2", vector: [0, 1], sparseVector: { indices: [1], values: [1] } },
    ]);
    const { body } = await v.post("/query", {
      vector: [1, 0],
      sparseVector: { indices: [1], values: [1] },
    });
    // h1 is first in both lists, h2 second in both: 2 / 60 and 2 / 61, in float32.
    expect(body.result).toEqual([
      { id: "h1", score: 0.033333335 },
      { id: "h2", score: 0.032786883 },
    ]);
  });
});

describe("range pages in insertion order by offset", () => {
  const ids = Array.from({ length: 12 }, (_, i) => `id-${i}`);

  async function twelve() {
    const v = await start({ dimension: 2 });
    await v.upsert(ids.map((id) => ({ id, vector: [1, 0] })));
    return v;
  }

  it('"" starts at the first record; nextCursor is the offset of the next one', async () => {
    const v = await twelve();
    const first = await v.post("/range", { cursor: "", limit: 5 });
    expect(first.body.result).toEqual({
      nextCursor: "5",
      vectors: ids.slice(0, 5).map((id) => ({ id })),
    });
    const second = await v.post("/range", { cursor: "5", limit: 5 });
    expect(second.body.result).toEqual({
      nextCursor: "10",
      vectors: ids.slice(5, 10).map((id) => ({ id })),
    });
    const last = await v.post("/range", { cursor: "10", limit: 5 });
    expect(last.body.result).toEqual({
      nextCursor: "",
      vectors: ids.slice(10).map((id) => ({ id })),
    });
  });

  it('a cursor past the end answers an empty page and ""', async () => {
    const v = await twelve();
    const { status, body } = await v.post("/range", { cursor: "40", limit: 5 });
    expect(status).toBe(200);
    expect(body.result).toEqual({ nextCursor: "", vectors: [] });
  });
});

describe("sparse vectors", () => {
  it("take a repeated index, its values summed", async () => {
    const v = await start({ type: "SPARSE" });
    const upsert = await v.post("/upsert", {
      id: "s",
      sparseVector: { indices: [4, 1, 4], values: [0.5, 1, 0.25] },
    });
    expect(upsert.status).toBe(200);
    const fetched = await v.post("/fetch", { ids: ["s"], includeVectors: true });
    expect(fetched.body.result).toEqual([
      { id: "s", sparseVector: { indices: [4, 1], values: [0.75, 1] } },
    ]);
    const query = await v.post("/query", { sparseVector: { indices: [4, 4], values: [1, 1] } });
    expect(query.body.result).toEqual([{ id: "s", score: 1.5 }]);
  });
});

describe("fetch and the dev routes", () => {
  it("fetch with both ids and prefix is a 400 in the service's words", async () => {
    const v = await start({ dimension: 2 });
    await v.upsert([{ id: "test_1", vector: [1, 0] }]);
    const answer = await v.post("/fetch", { ids: ["test_1"], prefix: "test_" });
    expect(answer).toEqual({
      status: 400,
      body: { error: "Only one of ids or prefix must be provided.", status: 400 },
    });
  });

  it("delete takes exactly one of ids, prefix and filter", async () => {
    const v = await start({ dimension: 2 });
    await v.upsert([
      { id: "p_1", vector: [1, 0], metadata: { type: "animal" } },
      { id: "p_2", vector: [1, 0] },
      { id: "q_1", vector: [1, 0], metadata: { type: "animal" } },
      { id: "q_2", vector: [1, 0], metadata: { type: "plant" } },
    ]);
    const both = await v.post("/delete", { ids: ["q_2"], prefix: "p_" });
    expect(both).toEqual({
      status: 400,
      body: {
        error: "Only and only one of the ids, prefix, or filter must be provided.",
        status: 400,
      },
    });
    expect((await v.post("/delete", { prefix: "p_" })).body).toEqual({ result: { deleted: 2 } });
    const byFilter = await v.post("/delete", { filter: "type = 'animal'" });
    expect(byFilter.body).toEqual({ result: { deleted: 1 } });
    const left = await v.post("/range", { cursor: "0", limit: 10 });
    expect(left.body.result.vectors).toEqual([{ id: "q_2" }]);
  });

  it("reset empties the default namespace, /reset/<ns> one namespace, ?all every one; each stays listed", async () => {
    const v = await start({ dimension: 2 });
    for (const ns of [undefined, "ns-1", "ns-2"]) await v.upsert([{ id: "a", vector: [1, 0] }], ns);
    const counts = async () => {
      const { body } = await v.call("GET", "/info");
      const namespaces: Record<string, { vectorCount: number; pendingVectorCount: number }> =
        body.result.namespaces;
      return Object.fromEntries(
        Object.entries(namespaces).map(([name, c]) => [name, c.vectorCount + c.pendingVectorCount]),
      );
    };
    expect((await v.post("/reset", undefined)).body).toEqual({ result: "Success" });
    expect(await counts()).toEqual({ "": 0, "ns-1": 1, "ns-2": 1 });
    expect((await v.post("/reset/ns-1", undefined)).body).toEqual({ result: "Success" });
    expect(await counts()).toEqual({ "": 0, "ns-1": 0, "ns-2": 1 });
    await v.upsert([{ id: "b", vector: [0, 1] }]);
    expect((await v.post("/reset?all", undefined)).body).toEqual({ result: "Success" });
    expect(await counts()).toEqual({ "": 0, "ns-1": 0, "ns-2": 0 });
  });
});
