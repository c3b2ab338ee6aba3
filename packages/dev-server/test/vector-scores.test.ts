import { afterEach, describe, expect, it } from "vitest";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// Vectors with float32-exact components, so hand computation needs no rounding.
const a = [1, 0];
const b = [0, 1];
const c = [1, 1];
const d = [-2, 0.5];

describe("dense scores", () => {
  it("cosine is (1 + cos) / 2", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "COSINE" } });
    await h.upsert([
      { id: "a", vector: a },
      { id: "b", vector: b },
      { id: "c", vector: c },
      { id: "d", vector: d },
    ]);
    const { body } = await h.post("/query", { vector: [3, 0], topK: 4 });
    // cos(q,a) = 1; cos(q,c) = 1/sqrt2; cos(q,b) = 0; cos(q,d) = -2 / sqrt(4.25)
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(["a", "c", "b", "d"]);
    const scores = body.result.map((r: { score: number }) => r.score);
    expect(scores[0]).toBeCloseTo(1, 6);
    expect(scores[1]).toBeCloseTo((1 + 1 / Math.SQRT2) / 2, 6);
    expect(scores[2]).toBeCloseTo(0.5, 6);
    expect(scores[3]).toBeCloseTo((1 - 2 / Math.sqrt(4.25)) / 2, 6);
  });

  it("euclidean is 1 / (1 + squared distance)", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "EUCLIDEAN" } });
    await h.upsert([
      { id: "a", vector: a },
      { id: "b", vector: b },
      { id: "c", vector: c },
      { id: "d", vector: d },
    ]);
    const { body } = await h.post("/query", { vector: [1, 0.5], topK: 3 });
    // squared distances: a 0.25, c 0.25, b 1.25, d 9
    expect(body.result).toEqual([
      // float32 in its shortest form: 1 / 2.25 is 0.44444445
      { id: "a", score: 0.8 },
      { id: "c", score: 0.8 },
      { id: "b", score: 0.44444445 },
    ]);
  });

  it("dot product is (1 + dot) / 2", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT" } });
    await h.upsert([
      { id: "a", vector: a },
      { id: "b", vector: b },
      { id: "c", vector: c },
      { id: "d", vector: d },
    ]);
    const { body } = await h.post("/query", { vector: [0.5, 0.25] });
    // dots: a 0.5, b 0.25, c 0.75, d -0.875
    expect(body.result).toEqual([
      { id: "c", score: 0.875 },
      { id: "a", score: 0.75 },
      { id: "b", score: 0.625 },
      { id: "d", score: 0.0625 },
    ]);
  });
});

const sparseRecords = [
  { id: "s1", sparseVector: { indices: [1, 2], values: [1, 2] } },
  { id: "s2", sparseVector: { indices: [2, 3], values: [3, 1] } },
  { id: "s3", sparseVector: { indices: [4], values: [5] } },
  { id: "s4", sparseVector: { indices: [3], values: [4] } },
  { id: "s5", sparseVector: { indices: [7], values: [1] } },
  { id: "s6", sparseVector: { indices: [8], values: [1] } },
];
const sparseQuery = { sparseVector: { indices: [1, 2], values: [2, 1] } };

describe("sparse scores", () => {
  it("are the inner product over shared indices; records sharing none are left out", async () => {
    h = await startVector({ vector: { type: "SPARSE" } });
    await h.upsert(sparseRecords);
    const { body } = await h.post("/query", sparseQuery);
    // s1: 2*1 + 1*2; s2: 1*3
    expect(body.result).toEqual([
      { id: "s1", score: 4 },
      { id: "s2", score: 3 },
    ]);
  });

  it("IDF weights each query term by log(1 + (N - n + 0.5) / (n + 0.5))", async () => {
    h = await startVector({ vector: { type: "SPARSE" } });
    await h.upsert(sparseRecords);
    const { body } = await h.post("/query", { ...sparseQuery, weightingStrategy: "IDF" });
    // N = 6; term 1 is held by s1 only, term 2 by s1 and s2
    const w1 = Math.log(1 + (6 - 1 + 0.5) / (1 + 0.5));
    const w2 = Math.log(1 + (6 - 2 + 0.5) / (2 + 0.5));
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(["s1", "s2"]);
    expect(body.result[0].score).toBeCloseTo(2 * w1 * 1 + 1 * w2 * 2, 6);
    expect(body.result[1].score).toBeCloseTo(1 * w2 * 3, 6);
  });
});

const hybridRecords = [
  { id: "h1", vector: [1, 0], sparseVector: { indices: [1], values: [1] } },
  { id: "h2", vector: [0, 1], sparseVector: { indices: [1], values: [3] } },
  { id: "h3", vector: [0.5, 0.5], sparseVector: { indices: [2], values: [1] } },
];
const hybridQuery = { vector: [1, 0], sparseVector: { indices: [1], values: [1] } };

describe("hybrid fusion", () => {
  // dense (dot): h1 1, h3 0.75, h2 0.5 -> ranks h1 0, h3 1, h2 2
  // sparse: h2 3, h1 1 -> ranks h2 0, h1 1; h3 shares no index
  it("RRF (the default) sums 1 / (60 + rank)", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" } });
    await h.upsert(hybridRecords);
    const { body } = await h.post("/query", hybridQuery);
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(["h1", "h2", "h3"]);
    expect(body.result[0].score).toBeCloseTo(1 / 60 + 1 / 61, 6);
    expect(body.result[1].score).toBeCloseTo(1 / 62 + 1 / 60, 6);
    expect(body.result[2].score).toBeCloseTo(1 / 61, 6);
  });

  it("DBSF sums (s - (mu - 3 sigma)) / (6 sigma) per list", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" } });
    await h.upsert(hybridRecords);
    const { body } = await h.post("/query", { ...hybridQuery, fusionAlgorithm: "DBSF" });
    const sd = Math.sqrt((0.25 ** 2 + 0 + 0.25 ** 2) / 3); // dense: mean 0.75
    const dense = (s: number) => (s - (0.75 - 3 * sd)) / (6 * sd);
    const sparse = (s: number) => (s - (2 - 3 * 1)) / 6; // sparse: mean 2, sigma 1
    const expected = [
      { id: "h1", score: dense(1) + sparse(1) },
      { id: "h2", score: dense(0.5) + sparse(3) },
      { id: "h3", score: dense(0.75) },
    ].sort((x, y) => y.score - x.score);
    expect(body.result.map((r: { id: string }) => r.id)).toEqual(expected.map((e) => e.id));
    body.result.forEach((r: { score: number }, i: number) => {
      expect(r.score).toBeCloseTo(expected[i]!.score, 6);
    });
  });

  it("DBSF maps a list with no spread (sigma 0) to 0.5", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" } });
    await h.upsert(hybridRecords);
    const { body } = await h.post("/query", {
      vector: [1, 0],
      sparseVector: { indices: [2], values: [1] },
      fusionAlgorithm: "DBSF",
    });
    const sd = Math.sqrt((0.25 ** 2 + 0 + 0.25 ** 2) / 3);
    const dense = (s: number) => (s - (0.75 - 3 * sd)) / (6 * sd);
    expect(body.result[0].id).toBe("h3");
    expect(body.result[0].score).toBeCloseTo(dense(0.75) + 0.5, 6);
    expect(body.result[1]).toEqual({ id: "h1", score: expect.closeTo(dense(1), 6) });
  });

  it("a hybrid query with one side scores by that side alone", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" } });
    await h.upsert(hybridRecords);
    const dense = await h.post("/query", { vector: [1, 0], topK: 2 });
    expect(dense.body.result).toEqual([
      { id: "h1", score: 1 },
      { id: "h3", score: 0.75 },
    ]);
    const sparse = await h.post("/query", { sparseVector: { indices: [1], values: [2] } });
    expect(sparse.body.result).toEqual([
      { id: "h2", score: 6 },
      { id: "h1", score: 2 },
    ]);
  });
});
