import { afterEach, describe, expect, it } from "vitest";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const pad = (i: number) => String(i).padStart(3, "0");

async function start() {
  h = await startVector({ vector: { dimension: 2, metric: "COSINE" } });
  return h;
}

describe("range", () => {
  it("pages in insertion order from cursor 0 until nextCursor is empty", async () => {
    const v = await start();
    await v.upsert(
      Array.from({ length: 25 }, (_, i) => ({ id: `id-${pad(24 - i)}`, vector: [1, i] })),
    );
    const pages: string[][] = [];
    let cursor = "0";
    do {
      const { body } = await v.post("/range", { cursor, limit: 10 });
      pages.push(body.result.vectors.map((r: { id: string }) => r.id));
      cursor = body.result.nextCursor;
    } while (cursor !== "");
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `id-${pad(24 - i)}`));
  });

  it("honours prefix and include flags, and ends exactly at the last match", async () => {
    const v = await start();
    await v.upsert([
      { id: "a-1", vector: [1, 0], metadata: { n: 1 }, data: "one" },
      { id: "b-1", vector: [0, 1] },
      { id: "b-2", vector: [0.5, 0.25], metadata: { n: 2 } },
      { id: "c-1", vector: [1, 1] },
    ]);
    const first = await v.post("/range", {
      cursor: "0",
      limit: 1,
      prefix: "b-",
      includeVectors: true,
    });
    expect(first.body.result.vectors).toEqual([{ id: "b-1", vector: [0, 1] }]);
    const second = await v.post("/range", {
      cursor: first.body.result.nextCursor,
      limit: 5,
      prefix: "b-",
      includeMetadata: true,
      includeData: true,
    });
    expect(second.body.result).toEqual({
      nextCursor: "",
      vectors: [{ id: "b-2", metadata: { n: 2 } }],
    });
    const all = await v.post("/range", {
      cursor: "0",
      limit: 4,
      includeMetadata: true,
      includeData: true,
    });
    expect(all.body.result).toEqual({
      nextCursor: "",
      vectors: [
        { id: "a-1", metadata: { n: 1 }, data: "one" },
        { id: "b-1" },
        { id: "b-2", metadata: { n: 2 } },
        { id: "c-1" },
      ],
    });
  });

  it("an empty namespace answers one empty page", async () => {
    const v = await start();
    const { body } = await v.post("/range", { cursor: "0", limit: 3 });
    expect(body).toEqual({ result: { nextCursor: "", vectors: [] } });
  });

  it("is stable under concurrent upserts: every original id exactly once", async () => {
    const v = await start();
    const original = Array.from({ length: 100 }, (_, i) => `k${pad(i * 2)}`);
    await v.upsert(original.map((id) => ({ id, vector: [1, 0] })));
    const seen: string[] = [];
    let cursor = "0";
    let round = 0;
    do {
      const { body } = await v.post("/range", { cursor, limit: 7 });
      seen.push(...body.result.vectors.map((r: { id: string }) => r.id));
      cursor = body.result.nextCursor;
      // between pages: new ids before and after the cursor, and rewrites of old ones
      round++;
      await Promise.all([
        v.upsert([
          { id: `k${pad(round * 2 + 1)}`, vector: [0, 1] },
          { id: `k${pad(199 - round * 2)}`, vector: [0, 1] },
          { id: `a${pad(round)}`, vector: [0, 1] },
          { id: original[(round * 13) % 100]!, vector: [1, 1] },
        ]),
        v.post("/range", { cursor: "0", limit: 3 }),
      ]);
    } while (cursor !== "");
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of original) expect(seen).toContain(id);
  });

  it("a deletion before the cursor shifts the offsets: the next page skips one record", async () => {
    const v = await start();
    await v.upsert(["a", "b", "c", "d", "e"].map((id) => ({ id, vector: [1, 0] })));
    const first = await v.post("/range", { cursor: "0", limit: 2 });
    expect(first.body.result.nextCursor).toBe("2");
    await v.post("/delete", { ids: ["a"] });
    const next = await v.post("/range", { cursor: "2", limit: 5 });
    // "c" moved to offset 1, behind the cursor; a deletion after the cursor skips nothing.
    expect(next.body.result.vectors.map((r: { id: string }) => r.id)).toEqual(["d", "e"]);
  });

  it("pages over ids with lone surrogates without skipping one", async () => {
    const v = await start();
    // Two lone surrogates would both become U+FFFD in UTF-8, so a cursor must not use it.
    const ids = ["a\ud800", "a\ud801", "a\udc00z", "b"];
    await v.upsert(ids.map((id) => ({ id, vector: [1, 0] })));
    const seen: string[] = [];
    let cursor = "0";
    do {
      const { status, body } = await v.post("/range", { cursor, limit: 1 });
      expect(status).toBe(200);
      seen.push(...body.result.vectors.map((r: { id: string }) => r.id));
      cursor = body.result.nextCursor;
    } while (cursor !== "");
    expect(seen).toEqual(ids);
  });

  it("takes a numeric cursor too (a form clients of the real service send)", async () => {
    const v = await start();
    await v.upsert([
      { id: "x", vector: [1, 0] },
      { id: "y", vector: [0, 1] },
    ]);
    const { status, body } = await v.post("/range", { cursor: 0, limit: 5 });
    expect(status).toBe(200);
    expect(body.result.vectors.map((r: { id: string }) => r.id)).toEqual(["x", "y"]);
    const second = await v.post("/range", { cursor: 1, limit: 5 });
    expect(second.body.result).toEqual({ nextCursor: "", vectors: [{ id: "y" }] });
  });

  it.each(["abc", "not a cursor!", "0.0", "-1", "1e3", " 1"])(
    "refuses %j, which is no offset, saying what a cursor is",
    async (cursor) => {
      const v = await start();
      await v.upsert([{ id: "x", vector: [1, 0] }]);
      const answer = await v.post("/range", { cursor, limit: 3 });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `cursor: ${JSON.stringify(cursor)} is not a cursor; a cursor is the decimal offset of the next record: "0" (or "") to start a range, then the nextCursor of the page before`,
      );
    },
  );
});

describe("fetch", () => {
  it("keeps the order of ids with null for misses", async () => {
    const v = await start();
    await v.upsert([
      { id: "x", vector: [1, 0], metadata: { a: 1 } },
      { id: "y", vector: [0, 1], data: "why" },
    ]);
    const { body } = await v.post("/fetch", {
      ids: ["y", "nope", "x", "y"],
      includeMetadata: true,
      includeData: true,
      includeVectors: true,
    });
    expect(body.result).toEqual([
      { id: "y", vector: [0, 1], data: "why" },
      null,
      { id: "x", vector: [1, 0], metadata: { a: 1 } },
      { id: "y", vector: [0, 1], data: "why" },
    ]);
    expect((await v.post("/fetch", { ids: [] })).body).toEqual({ result: [] });
  });

  it("by prefix: at most 1000, in insertion order", async () => {
    const v = await start();
    const records = Array.from({ length: 1005 }, (_, i) => ({
      id: `p-${String(1004 - i).padStart(4, "0")}`,
      vector: [1, 0],
    }));
    await v.upsert([...records, { id: "o-1", vector: [1, 0] }, { id: "q-1", vector: [1, 0] }]);
    const { body } = await v.post("/fetch", { prefix: "p-" });
    expect(body.result).toHaveLength(1000);
    expect(body.result[0]).toEqual({ id: "p-1004" });
    expect(body.result[999]).toEqual({ id: "p-0005" });
  });
});

describe("namespaces", () => {
  it("keep vectors apart; names are percent-encoded path segments", async () => {
    const v = await start();
    await v.upsert([{ id: "d", vector: [1, 0] }]);
    await v.upsert([{ id: "n", vector: [0, 1] }], "a/b c");
    const inNs = await v.post("/fetch/a%2Fb%20c", { ids: ["d", "n"] });
    expect(inNs.body.result).toEqual([null, { id: "n" }]);
    const query = await v.post("/query/a%2Fb%20c", { vector: [1, 0] });
    expect(query.body.result).toEqual([{ id: "n", score: 0.5 }]);
    const range = await v.post("/range/a%2Fb%20c", { cursor: "0", limit: 10 });
    expect(range.body.result.vectors).toEqual([{ id: "n" }]);
    const def = await v.post("/range", { cursor: "0", limit: 10 });
    expect(def.body.result.vectors).toEqual([{ id: "d" }]);
  });

  it("an unknown namespace answers 404 for range, query and fetch", async () => {
    const v = await start();
    for (const [path, body] of [
      ["/range/ghost", { cursor: "0", limit: 1 }],
      ["/query/ghost", { vector: [1, 0] }],
      ["/fetch/ghost", { ids: ["a"] }],
    ] as const) {
      const answer = await v.post(path, body);
      expect(answer).toEqual({
        status: 404,
        body: { error: "Namespace 'ghost' does not exist", status: 404 },
      });
    }
  });

  it("delete and reset", async () => {
    const v = await start();
    await v.upsert([
      { id: "a", vector: [1, 0] },
      { id: "b", vector: [0, 1] },
      { id: "c", vector: [1, 1] },
    ]);
    await v.upsert([{ id: "z", vector: [1, 0] }], "other");
    expect((await v.post("/delete", { ids: ["a", "missing"] })).body).toEqual({
      result: { deleted: 1 },
    });
    expect((await v.post("/delete", ["c"])).body).toEqual({ result: { deleted: 1 } });
    const left = await v.post("/query", { vector: [1, 0] });
    expect(left.body.result).toEqual([{ id: "b", score: 0.5 }]);
    expect((await v.post("/reset", undefined)).body).toEqual({ result: "Success" });
    expect((await v.post("/range", { cursor: "0", limit: 5 })).body.result.vectors).toEqual([]);
    const other = await v.post("/range/other", { cursor: "0", limit: 5 });
    expect(other.body.result.vectors).toEqual([{ id: "z" }]);
  });
});

describe("query shapes", () => {
  it("an object or an array of one answers one list; a longer array one list per query", async () => {
    const v = await start();
    await v.upsert([
      { id: "a", vector: [1, 0], metadata: { k: "a" }, data: "A" },
      { id: "b", vector: [0, 1] },
    ]);
    const single = await v.post("/query", {
      vector: [1, 0],
      topK: 1,
      includeMetadata: true,
      includeData: true,
    });
    expect(single.body.result).toEqual([{ id: "a", score: 1, metadata: { k: "a" }, data: "A" }]);
    const one = await v.post("/query", [{ vector: [0, 1], topK: 1 }]);
    expect(one.body.result).toEqual([{ id: "b", score: 1 }]);
    const many = await v.post("/query", [
      { vector: [0, 1], topK: 1, includeVectors: true },
      { vector: [1, 0] },
    ]);
    expect(many.body.result).toEqual([
      [{ id: "b", score: 1, vector: [0, 1] }],
      [
        { id: "a", score: 1 },
        { id: "b", score: 0.5 },
      ],
    ]);
  });

  it("topK defaults to 10 and caps the list", async () => {
    const v = await start();
    await v.upsert(
      Array.from({ length: 15 }, (_, i) => ({ id: `r${pad(i)}`, vector: [1, i / 10] })),
    );
    expect((await v.post("/query", { vector: [1, 0] })).body.result).toHaveLength(10);
    const three = await v.post("/query", { vector: [1, 0], topK: 3 });
    expect(three.body.result.map((r: { id: string }) => r.id)).toEqual(["r000", "r001", "r002"]);
  });

  it("sparse and hybrid records carry sparseVector when values are included", async () => {
    h = await startVector({ vector: { dimension: 2, metric: "DOT_PRODUCT", type: "HYBRID" } });
    await h.upsert([
      { id: "a", vector: [0.5, 0.5], sparseVector: { indices: [3, 1], values: [0.5, 2] } },
    ]);
    const { body } = await h.post("/fetch", { ids: ["a"], includeVectors: true });
    expect(body.result).toEqual([
      { id: "a", vector: [0.5, 0.5], sparseVector: { indices: [3, 1], values: [0.5, 2] } },
    ]);
  });
});
