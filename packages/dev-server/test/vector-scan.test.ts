import { afterEach, describe, expect, it } from "vitest";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start() {
  h = await startVector({ vector: { dimension: 2 } });
  await h.upsert(
    Array.from({ length: 7 }, (_, i) => ({
      id: `id-${i}`,
      vector: [1, i],
      metadata: { even: i % 2 === 0 },
      ...(i === 0 ? { data: "zero" } : {}),
    })),
  );
  return h;
}

describe("POST /scan (dev only)", () => {
  it("pages through the records the filter accepts, with metadata and data", async () => {
    const v = await start();
    const pages: string[][] = [];
    let cursor = "0";
    do {
      const { status, body } = await v.post("/scan", { cursor, limit: 2, filter: "even = true" });
      expect(status).toBe(200);
      pages.push(body.result.vectors.map((r: { id: string }) => r.id));
      cursor = body.result.nextCursor;
    } while (cursor !== "");
    expect(pages.flat()).toEqual(["id-0", "id-2", "id-4", "id-6"]);
    const first = await v.post("/scan", { limit: 1 });
    expect(first.body.result.vectors).toEqual([
      { id: "id-0", metadata: { even: true }, data: "zero" },
    ]);
  });

  it.each([
    [{ limit: 0 }, "limit: must be an integer from 1 to 100 (got 0)"],
    [{ limit: "5" }, 'limit: must be an integer from 1 to 100 (got "5")'],
    [{ cursor: 3 }, "cursor: must be a string"],
    [{ filter: 1 }, "filter: must be a string"],
    [{ topK: 3 }, "topK: unknown field; use cursor, limit or filter"],
    [[], "body: must be an object { cursor?, limit?, filter? }"],
  ])("refuses %j with a 400", async (body, error) => {
    const v = await start();
    expect(await v.post("/scan", body)).toMatchObject({
      status: 400,
      body: { error, status: 400 },
    });
  });

  it("a filter with a syntax error is a 400 naming it; an unknown namespace a 404", async () => {
    const v = await start();
    const bad = await v.post("/scan", { filter: "even = " });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^filter: /);
    const missing = await v.post("/scan/nowhere", {});
    expect(missing).toMatchObject({
      status: 404,
      body: { error: "Namespace 'nowhere' does not exist" },
    });
  });
});
