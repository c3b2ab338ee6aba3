import { afterEach, describe, expect, it } from "vitest";
import { startVector, type VectorHarness } from "./vector-harness.js";

// Values at the edges of float32, where screening in float32 would overflow or underflow.
const BIG = 3e38;

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Hit {
  id: string;
  score: number;
}

function expectFiniteScores(result: Hit[]): void {
  for (const hit of result) expect(Number.isFinite(hit.score), JSON.stringify(hit)).toBe(true);
}

describe("dense scores beyond what float32 screening can hold", () => {
  it("COSINE with components near the float32 maximum still finds the top record", async () => {
    h = await startVector({ vector: { dimension: 3, metric: "COSINE" } });
    await h.upsert([
      { id: "mixed", vector: [BIG, -BIG, BIG] },
      { id: "same", vector: [BIG, BIG, BIG] },
      { id: "other", vector: [1, -1, 0] },
    ]);
    const { status, body } = await h.post("/query", { vector: [BIG, BIG, BIG], topK: 1 });
    expect(status).toBe(200);
    expect(body.result).toEqual([{ id: "same", score: expect.closeTo(1, 12) }]);
  });

  it("EUCLIDEAN with large components ranks the near record first", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "EUCLIDEAN" } });
    await h.upsert([
      { id: "far", vector: [0, 0] },
      { id: "near", vector: [1e19, 1e19] },
    ]);
    const { body } = await h.post("/query", { vector: [1e19, 1e19], topK: 1 });
    expect(body.result.map((hit: Hit) => hit.id)).toEqual(["near"]);
    expectFiniteScores(body.result);
  });

  it("DOT_PRODUCT with large components gives finite scores in order", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT" } });
    await h.upsert([
      { id: "half", vector: [BIG / 2, 0] },
      { id: "full", vector: [BIG, BIG] },
      { id: "negative", vector: [-BIG, -BIG] },
    ]);
    const { body } = await h.post("/query", { vector: [BIG, BIG], topK: 3 });
    expect(body.result.map((hit: Hit) => hit.id)).toEqual(["full", "half", "negative"]);
    expectFiniteScores(body.result);
  });

  it("COSINE with components near the float32 minimum scores exactly", async () => {
    h = await startVector({ vector: { dimension: 3, metric: "COSINE" } });
    await h.upsert([
      { id: "opposite", vector: [-1e-20, -1e-20, 0] },
      { id: "same", vector: [1e-20, 1e-20, 0] },
      { id: "askew", vector: [1, 1, 0.001] },
    ]);
    const { body } = await h.post("/query", { vector: [1e-20, 1e-20, 0], topK: 3 });
    expect(body.result.map((hit: Hit) => hit.id)).toEqual(["same", "askew", "opposite"]);
    expect(body.result[0].score).toBeCloseTo(1, 12);
  });

  it("a query value beyond float32 is a 400", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "COSINE" } });
    const { status, body } = await h.post("/query", { vector: [1e39, 0] });
    expect(status).toBe(400);
    expect(body.error).toContain("float32 range");
  });
});

describe("sparse and hybrid scores stay finite", () => {
  it("a sparse value beyond float32 is a 400 on upsert and on query", async () => {
    h = await startVector({ vector: { type: "SPARSE" } });
    const upsert = await h.post("/upsert", {
      id: "s",
      sparseVector: { indices: [1], values: [1e200] },
    });
    expect(upsert.status).toBe(400);
    expect(upsert.body.error).toContain("float32 range");
    const query = await h.post("/query", { sparseVector: { indices: [1], values: [1e200] } });
    expect(query.status).toBe(400);
    expect(query.body.error).toContain("float32 range");
  });

  it("sparse values at the float32 maximum give finite scores", async () => {
    h = await startVector({ vector: { type: "SPARSE" } });
    await h.upsert([
      { id: "s1", sparseVector: { indices: [1, 2], values: [BIG, BIG] } },
      { id: "s2", sparseVector: { indices: [1, 2], values: [-BIG, BIG] } },
    ]);
    const { status, body } = await h.post("/query", {
      sparseVector: { indices: [1, 2], values: [BIG, BIG] },
    });
    expect(status).toBe(200);
    expect(body.result.map((hit: Hit) => hit.id)).toEqual(["s1", "s2"]);
    expectFiniteScores(body.result);
  });

  it.each(["RRF", "DBSF"])("hybrid %s with values at the float32 maximum", async (fusion) => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" } });
    await h.upsert([
      { id: "h1", vector: [BIG, BIG], sparseVector: { indices: [1], values: [BIG] } },
      { id: "h2", vector: [-BIG, BIG], sparseVector: { indices: [1], values: [-BIG] } },
      { id: "h3", vector: [BIG, 0], sparseVector: { indices: [2], values: [BIG] } },
    ]);
    const { status, body } = await h.post("/query", {
      vector: [BIG, BIG],
      sparseVector: { indices: [1, 2], values: [BIG, BIG] },
      fusionAlgorithm: fusion,
      topK: 3,
    });
    expect(status).toBe(200);
    expect(body.result[0].id).toBe("h1");
    expect(body.result).toHaveLength(3);
    expectFiniteScores(body.result);
  });
});
