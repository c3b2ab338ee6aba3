// A client written for the real vector service, its official SDK from the registry, run
// unchanged against the dev server: upsert, query, fetch, range, delete and reset. It sends
// two forms outside the spec (a numeric range cursor, POST /info) that the dev server
// tolerates for this reason.
import { Index } from "@upstash/vector";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

let dev: DevServer;
let index: Index<{ genre: string }>;

beforeAll(async () => {
  dev = await startDevServer({ vector: { dimension: 2, metric: "COSINE" } });
  index = new Index({ url: dev.vectorUrl, token: dev.token, retry: false });
  await index.upsert([
    { id: "a", vector: [1, 0], metadata: { genre: "sci-fi" } },
    { id: "b", vector: [0, 1], metadata: { genre: "drama" } },
    { id: "c", vector: [1, 1], metadata: { genre: "sci-fi" } },
  ]);
});
afterAll(() => dev.close());

describe("the official vector SDK against the dev server", () => {
  it("range pages in insertion order from the numeric cursor 0 to the end", async () => {
    const first = await index.range({ cursor: 0, limit: 2, includeMetadata: true });
    expect(first.vectors.map((v) => v.id)).toEqual(["a", "b"]);
    expect(first.vectors[0]?.metadata).toEqual({ genre: "sci-fi" });
    expect(first.nextCursor).toBe("2");
    const second = await index.range({ cursor: first.nextCursor, limit: 2 });
    expect(second.vectors.map((v) => v.id)).toEqual(["c"]);
    expect(second.nextCursor).toBe("");
  });

  it("query, with a filter", async () => {
    const hits = await index.query({ vector: [1, 0], topK: 2, filter: "genre = 'sci-fi'" });
    expect(hits.map((hit) => hit.id)).toEqual(["a", "c"]);
    expect(hits[0]?.score).toBeCloseTo(1, 6);
  });

  it("queryMany sends a batch and gets one list per query", async () => {
    const lists = await index.queryMany([
      { vector: [1, 0], topK: 1 },
      { vector: [0, 1], topK: 1 },
    ]);
    expect(lists.map((list) => list.map((hit) => hit.id))).toEqual([["a"], ["b"]]);
  });

  it("fetch by ids keeps their order, null for a miss", async () => {
    const records = await index.fetch(["c", "missing", "a"], { includeMetadata: true });
    expect(records.map((record) => record?.id ?? null)).toEqual(["c", null, "a"]);
  });

  it("fetch by prefix; ids with a prefix are refused in the service's words", async () => {
    const records = await index.fetch({ prefix: "b" }, { includeVectors: true });
    expect(records).toEqual([{ id: "b", vector: [0, 1] }]);
    await expect(index.fetch({ ids: ["a"], prefix: "a" } as { ids: string[] })).rejects.toThrow(
      "Only one of ids or prefix must be provided.",
    );
  });

  it("info, which the SDK sends as POST", async () => {
    const info = await index.info();
    expect(info.dimension).toBe(2);
    expect(info.similarityFunction).toBe("COSINE");
    // The default namespace's count: the namespace test may have added one elsewhere.
    const main = info.namespaces[""];
    expect((main?.vectorCount ?? 0) + (main?.pendingVectorCount ?? 0)).toBe(3);
  });

  it("a namespace: upsert, query, range and fetch inside it", async () => {
    const ns = index.namespace("books");
    await ns.upsert({ id: "n1", vector: [0.5, 0.5], metadata: { genre: "essay" } });
    const hits = await ns.query({ vector: [1, 1], topK: 5 });
    expect(hits.map((hit) => hit.id)).toEqual(["n1"]);
    const page = await ns.range({ cursor: 0, limit: 10 });
    expect(page.vectors.map((v) => v.id)).toEqual(["n1"]);
    expect((await ns.fetch(["n1", "a"])).map((r) => r?.id ?? null)).toEqual(["n1", null]);
    const info = await index.info();
    // Other tests of this file add namespaces of their own, in any order.
    expect(Object.keys(info.namespaces)).toEqual(expect.arrayContaining(["", "books"]));
  });

  it("delete by ids, by prefix and by filter; two criteria are refused", async () => {
    const ns = index.namespace("deletes");
    await ns.upsert([
      { id: "x-1", vector: [1, 0], metadata: { genre: "drama" } },
      { id: "x-2", vector: [0, 1], metadata: { genre: "sci-fi" } },
      { id: "y-1", vector: [1, 1], metadata: { genre: "drama" } },
      { id: "z-1", vector: [1, 1], metadata: { genre: "sci-fi" } },
    ]);
    expect(await ns.delete("z-1")).toEqual({ deleted: 1 });
    expect(await ns.delete({ prefix: "x-" })).toEqual({ deleted: 2 });
    expect(await ns.delete({ filter: "genre = 'drama'" })).toEqual({ deleted: 1 });
    await expect(ns.delete({ ids: ["a"], prefix: "a" } as { ids: string[] })).rejects.toThrow(
      "Only and only one of the ids, prefix, or filter must be provided.",
    );
  });

  it("reset of the default namespace, of one, then of all keeps them listed and empty", async () => {
    // Its own server: a reset would empty what the other tests read.
    const own = await startDevServer({ vector: { dimension: 2 } });
    try {
      const fresh = new Index({ url: own.vectorUrl, token: own.token, retry: false });
      await fresh.upsert({ id: "d", vector: [1, 0] });
      await fresh.upsert({ id: "r", vector: [0, 1] }, { namespace: "kept" });
      await fresh.reset();
      expect(await fresh.fetch(["d"])).toEqual([null]);
      expect(await fresh.namespace("kept").fetch(["r"])).toEqual([{ id: "r" }]);
      await fresh.reset({ namespace: "kept" });
      expect(await fresh.namespace("kept").fetch(["r"])).toEqual([null]);
      await fresh.upsert({ id: "d", vector: [1, 0] });
      await fresh.reset({ all: true });
      const info = await fresh.info();
      expect(info.namespaces).toEqual({
        "": { vectorCount: 0, pendingVectorCount: 0 },
        kept: { vectorCount: 0, pendingVectorCount: 0 },
      });
    } finally {
      await own.close();
    }
  });
});
