// A batch upsert sizes a namespace's dense memory once, for the rows it adds: a restore
// writes thousands of rows into an empty namespace, and a batch of replacements reuses rows.
import { describe, expect, it } from "vitest";
import { DenseMatrix } from "../src/vector/dense-matrix.js";
import { VectorStore } from "../src/vector/store.js";

const config = { dimension: 4, metric: "COSINE", type: "DENSE" } as const;
const batch = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, vector: [1, 2, 3, i + 1] }));

describe("bulk writes into the dense matrix", () => {
  it("a reserved matrix takes that many rows without replacing its memory", () => {
    const matrix = new DenseMatrix(4);
    matrix.reserve(5_000);
    const memory = matrix.floats.buffer;
    for (let i = 0; i < 5_000; i++) matrix.push([i, 0, 0, 1]);
    expect(matrix.floats.buffer).toBe(memory);
    expect(matrix.row(4_999)).toEqual(new Float32Array([4_999, 0, 0, 1]));
    expect(matrix.sqNorms[4_999]).toBe(4_999 * 4_999 + 1);
  });

  it("an upsert grows the memory for its new ids only, and a batch of replacements not at all", () => {
    const store = new VectorStore(config, 0, () => 0);
    store.upsert(batch(3_000), "");
    const matrix = store.namespace("").matrix as DenseMatrix;
    const memory = matrix.floats.buffer;
    store.upsert(batch(3_000), "");
    expect(matrix.floats.buffer).toBe(memory);
    expect(matrix.count).toBe(3_000);

    store.upsert([...batch(1_000, 2_000), ...batch(4_000, 3_000)], "");
    expect(matrix.count).toBe(7_000);
    const { records } = store.namespace("");
    expect(records.size).toBe(7_000);
    const last = records.get("r6999");
    expect(last && matrix.row(last.slot)).toEqual(new Float32Array([1, 2, 3, 4_000]));
  });

  it("a namespace emptied in place (reset, empty) keeps its dense memory and nothing else", () => {
    let clock = 0;
    const store = new VectorStore(config, 10, () => clock);
    store.upsert(batch(3_000), "");
    store.upsert(batch(10), "other");
    const memory = (store.namespace("").matrix as DenseMatrix).floats.buffer;

    store.reset();
    const emptied = store.namespace("");
    expect(emptied.matrix?.floats.buffer).toBe(memory);
    expect([emptied.size, emptied.matrix?.count, emptied.bytes, emptied.ids()]).toEqual([
      0,
      0,
      0,
      [],
    ]);
    expect(store.names()).toEqual([""]);
    expect(store.counts().get("")).toEqual({ vectorCount: 0, pendingVectorCount: 0, bytes: 0 });

    // Refilled, it holds the new rows only, from slot 0.
    store.upsert([{ id: "fresh", vector: [0, 0, 0, 2] }], "");
    clock += 10;
    const fresh = store.namespace("").records.get("fresh");
    expect(fresh?.slot).toBe(0);
    expect(emptied.matrix?.row(0)).toEqual(new Float32Array([0, 0, 0, 2]));
    expect(emptied.matrix?.sqNorms[0]).toBe(4);
    expect(store.counts().get("")).toMatchObject({ vectorCount: 1, pendingVectorCount: 0 });

    store.empty("");
    expect(store.namespace("").matrix?.floats.buffer).toBe(memory);
    expect(store.namespace("").size).toBe(0);
  });
});
