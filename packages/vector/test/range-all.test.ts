import { AbortError, ValidationError, type VectorRecord, XError } from "@x/vector";
import { describe, expect, it } from "vitest";
import { index, type Reply } from "./stub";

const records = (...ids: string[]): VectorRecord[] => ids.map((id) => ({ id }));
const pages: Reply[] = [
  { result: { nextCursor: "2", vectors: records("a", "b") } },
  { result: { nextCursor: "4", vectors: records("c", "d") } },
  { result: { nextCursor: "", vectors: records("e") } },
];

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe("rangeAll", () => {
  it("yields every record across pages and stops at the empty cursor", async () => {
    const { client, seen } = index(pages);
    const all = await collect(client.rangeAll({ pageSize: 2 }));
    expect(all.map((r) => r.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(seen.map((s) => s.body)).toEqual([
      { cursor: "0", limit: 2 },
      { cursor: "2", limit: 2 },
      { cursor: "4", limit: 2 },
    ]);
  });

  it("sends prefix and include flags on every page, 100 per page by default", async () => {
    const { client, seen } = index(pages);
    await collect(client.rangeAll({ prefix: "doc-", includeMetadata: true, includeData: true }));
    const expected = { prefix: "doc-", limit: 100, includeMetadata: true, includeData: true };
    expect(seen.map((s) => s.body)).toEqual(
      ["0", "2", "4"].map((cursor) => ({ ...expected, cursor })),
    );
    expect(seen.every((s) => s.path === "/range")).toBe(true);
  });

  it("starts from a given cursor, the nextCursor of an earlier page", async () => {
    const { client, seen } = index(pages.slice(1));
    const rest = await collect(client.rangeAll({ pageSize: 2, cursor: "2" }));
    expect(rest.map((r) => r.id)).toEqual(["c", "d", "e"]);
    expect(seen.map((s) => s.body)).toEqual([
      { cursor: "2", limit: 2 },
      { cursor: "4", limit: 2 },
    ]);
  });

  it('refuses the cursor "" (the end) before sending anything', async () => {
    const { client, seen } = index(pages);
    const error = await collect(client.rangeAll({ cursor: "" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe("cursor");
    expect((error as ValidationError).message).toMatch(/nextCursor of the last page/);
    expect(seen).toHaveLength(0);
  });

  it("ranges within the index's namespace", async () => {
    const { client, seen } = index(pages, { namespace: "books" });
    await collect(client.rangeAll());
    expect(seen.map((s) => s.path)).toEqual(["/range/books", "/range/books", "/range/books"]);
  });

  it("pages() yields whole pages, empty ones included", async () => {
    const { client } = index([
      { result: { nextCursor: "1", vectors: [] } },
      { result: { nextCursor: "", vectors: records("z") } },
    ]);
    expect(await collect(client.rangeAll().pages())).toEqual([
      { nextCursor: "1", vectors: [] },
      { nextCursor: "", vectors: records("z") },
    ]);
  });

  it("makes one request for an empty index", async () => {
    const { client, seen } = index([{ result: { nextCursor: "", vectors: [] } }]);
    expect(await collect(client.rangeAll())).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("asks for nothing until iterated, and restarts from the first page each time", async () => {
    const { client, seen } = index([...pages, ...pages]);
    const iterable = client.rangeAll();
    expect(seen).toHaveLength(0);
    await collect(iterable);
    expect((await collect(iterable)).map((r) => r.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(seen.map((s) => (s.body as { cursor: string }).cursor)).toEqual([
      "0",
      "2",
      "4",
      "0",
      "2",
      "4",
    ]);
  });

  it("stops requesting when the loop breaks", async () => {
    const { client, seen } = index(pages);
    for await (const record of client.rangeAll()) if (record.id === "b") break;
    expect(seen).toHaveLength(1);
  });

  it("throws instead of looping when the cursor does not advance", async () => {
    const { client, seen } = index([
      { result: { nextCursor: "7", vectors: records("a") } },
      { result: { nextCursor: "7", vectors: records("b") } },
    ]);
    const got: string[] = [];
    const error = await (async () => {
      for await (const record of client.rangeAll()) got.push(record.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(XError);
    expect((error as Error).message).toContain('cursor "7" twice');
    expect(got).toEqual(["a", "b"]);
    expect(seen).toHaveLength(2);
  });

  it("throws instead of looping when the cursor comes back to an earlier one", async () => {
    const { client, seen } = index([
      { result: { nextCursor: "3", vectors: records("a") } },
      { result: { nextCursor: "6", vectors: records("b") } },
      { result: { nextCursor: "3", vectors: records("c") } },
    ]);
    const error = await collect(client.rangeAll()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(XError);
    expect((error as Error).message).toContain('cursor "3" twice');
    expect(seen.map((s) => (s.body as { cursor: string }).cursor)).toEqual(["0", "3", "6"]);
  });

  it("stops with the abort reason when aborted between pages", async () => {
    const { client, seen } = index(pages);
    const controller = new AbortController();
    const reason = new Error("enough");
    const got: string[] = [];
    const error = await (async () => {
      for await (const record of client.rangeAll({}, { signal: controller.signal })) {
        got.push(record.id);
        if (record.id === "b") controller.abort(reason);
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe(reason);
    expect(got).toEqual(["a", "b"]);
    expect(seen).toHaveLength(1);
  });

  it("stops with the abort reason when aborted while a page is in flight", async () => {
    const { client, seen } = index([pages[0]!, "hang"]);
    const controller = new AbortController();
    const iterator = client.rangeAll({}, { signal: controller.signal })[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ id: "a" });
    expect((await iterator.next()).value).toEqual({ id: "b" });
    const next = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toHaveLength(2);
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reports a bad pageSize on the first next(), never by throwing when called", async () => {
    const { client, seen } = index(pages);
    const iterable = client.rangeAll({ pageSize: -1 });
    await expect(iterable[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      field: "pageSize",
    });
    expect(seen).toEqual([]);
  });
});
