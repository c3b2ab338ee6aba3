import { afterEach, describe, expect, it } from "vitest";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("info", () => {
  it("reports every field; upserts are pending, then ready", async () => {
    let clock = 1_000_000;
    h = await startVector({
      vector: { dimension: 2, metric: "EUCLIDEAN", pendingMs: 150 },
      now: () => clock,
    });
    const empty = await h.call("GET", "/info");
    expect(empty.body.result).toEqual({
      vectorCount: 0,
      pendingVectorCount: 0,
      indexSize: 0,
      dimension: 2,
      similarityFunction: "EUCLIDEAN",
      indexType: "DENSE",
      denseIndex: { dimension: 2, similarityFunction: "EUCLIDEAN", embeddingModel: "NONE" },
      namespaces: { "": { vectorCount: 0, pendingVectorCount: 0 } },
    });
    await h.upsert([
      { id: "a", vector: [1, 0], metadata: { x: 1 }, data: "hi" },
      { id: "bb", vector: [0, 1] },
    ]);
    await h.upsert([{ id: "c", vector: [1, 1] }], "ns");
    // visible to reads at once, even while pending
    expect((await h.post("/fetch", { ids: ["a"] })).body.result).toEqual([{ id: "a" }]);
    const pending = await h.call("GET", "/info");
    // indexSize: id bytes + 4 per dimension + metadata JSON + data
    // a: 1 + 8 + '{"x":1}'.length (7) + 2 = 18; bb: 2 + 8 = 10; c: 1 + 8 = 9
    expect(pending.body.result).toMatchObject({
      vectorCount: 0,
      pendingVectorCount: 3,
      indexSize: 37,
      namespaces: {
        "": { vectorCount: 0, pendingVectorCount: 2 },
        ns: { vectorCount: 0, pendingVectorCount: 1 },
      },
    });
    clock += 149;
    expect((await h.call("GET", "/info")).body.result.pendingVectorCount).toBe(3);
    clock += 1;
    const ready = await h.call("GET", "/info");
    expect(ready.body.result).toMatchObject({
      vectorCount: 3,
      pendingVectorCount: 0,
      indexSize: 37,
      namespaces: {
        "": { vectorCount: 2, pendingVectorCount: 0 },
        ns: { vectorCount: 1, pendingVectorCount: 0 },
      },
    });
    // rewriting a record replaces its size; deleting removes it
    await h.upsert([{ id: "a", vector: [1, 0] }]);
    await h.post("/delete/ns", { ids: ["c"] });
    const after = await h.call("GET", "/info");
    expect(after.body.result).toMatchObject({
      vectorCount: 1,
      pendingVectorCount: 1,
      indexSize: 9 + 10,
      namespaces: {
        "": { vectorCount: 1, pendingVectorCount: 1 },
        ns: { vectorCount: 0, pendingVectorCount: 0 },
      },
    });
  });

  it("counts ids, metadata and data in UTF-8 bytes, a lone surrogate as the 3 of U+FFFD", async () => {
    h = await startVector({ vector: { dimension: 2 } });
    const id = "\u00e9\u{1f600}\ud800"; // 2 + 4 + 3 bytes
    const metadata = { k: "\u00e9" }; // {"k":"é"}: 9 + 1 bytes
    const data = "\udc00x"; // 3 + 1 bytes
    await h.upsert([{ id, vector: [1, 0], metadata, data }]);
    const { indexSize } = (await h.call("GET", "/info")).body.result;
    const utf8 = (text: string) => new TextEncoder().encode(text).length;
    expect(indexSize).toBe(9 + 2 * 4 + 10 + 4);
    expect(indexSize).toBe(utf8(id) + 2 * 4 + utf8(JSON.stringify(metadata)) + utf8(data));
  });

  it("sparse and hybrid indexes describe their sides", async () => {
    h = await startVector({ vector: { type: "SPARSE" } });
    await h.upsert([{ id: "s", sparseVector: { indices: [1, 5], values: [0.5, 1] } }]);
    const sparse = (await h.call("GET", "/info")).body.result;
    expect(sparse).toMatchObject({
      dimension: 0,
      indexType: "SPARSE",
      similarityFunction: "DOT_PRODUCT",
    });
    expect(sparse.sparseIndex).toEqual({ embeddingModel: "NONE" });
    expect(sparse.denseIndex).toBeUndefined();
    expect(sparse.indexSize).toBe(1 + 2 * 8);
    await h.close();
    h = await startVector({ vector: { type: "HYBRID", dimension: 3, metric: "DOT_PRODUCT" } });
    const hybrid = (await h.call("GET", "/info")).body.result;
    expect(hybrid).toMatchObject({
      dimension: 3,
      indexType: "HYBRID",
      denseIndex: { dimension: 3, similarityFunction: "DOT_PRODUCT" },
      sparseIndex: { embeddingModel: "NONE" },
    });
  });
});
