// No filter can hold the server: the work of every filter-bearing route (query, /scan,
// /delete) is counted as it runs and refused past maxFilterSteps, whatever the pattern, the
// values or the number of records; every route's filter has the same length limit; and a
// body that nests too deep is refused before it is parsed. Each case is the probe's shape
// (issue 42) at a size the suite affords; what it costs is in the step counts, not timed.
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "../src/http/errors.js";
import { readJson } from "../src/http/request.js";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A 1,024-character pattern that compares almost all of itself at every position of a run of "a". */
const NEAR_MISS = `*${"a".repeat(1022)}b`;

function refusedForWork(answer: { status: number; body: { error: string } }) {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toContain("limit of 5000000 steps");
  expect(answer.body.error).toContain("--max-filter-steps");
}

describe("filter work", () => {
  it("refuses a 1,024-character GLOB on one long value (the probe: 1,000,000 characters froze it 21 s)", async () => {
    h = await startVector({ vector: { dimension: 2 } });
    // 20,000 characters: 20 million steps, four times the default budget.
    await h.upsert({ id: "long", vector: [1, 0], metadata: { text: "a".repeat(20_000) } });
    const filter = `text GLOB '${NEAR_MISS}'`;
    refusedForWork(await h.post("/query", { vector: [1, 0], filter }));
    refusedForWork(await h.post("/scan", { filter }));
    // A short value under the same pattern is cheap, and answered.
    await h.upsert({ id: "short", vector: [1, 0], metadata: { text: "a".repeat(100) } }, "small");
    const small = await h.post("/query/small", { vector: [1, 0], filter });
    expect(small).toMatchObject({ status: 200, body: { result: [] } });
  });

  it("counts every GLOB of an OR on every record (the probe: 15 on a 10,000-character value)", async () => {
    h = await startVector({ vector: { dimension: 2 } });
    await h.upsert({ id: "long", vector: [1, 0], metadata: { text: "a".repeat(10_000) } });
    // About 9 million steps each: the first alone passes the default budget.
    const filter = Array.from({ length: 15 }, () => `text GLOB '${NEAR_MISS}'`).join(" OR ");
    refusedForWork(await h.post("/query", { vector: [1, 0], filter }));
  });

  it("spends one budget across the records a request tests, as low as the limit is set", async () => {
    h = await startVector({ vector: { dimension: 2 }, limits: { maxFilterSteps: 5_000 } });
    const records = Array.from({ length: 1000 }, (_, i) => ({
      id: `r-${i}`,
      vector: [1, i],
      metadata: { n: i },
    }));
    await h.upsert(records);
    // A filter no record passes is tried on all of them. Each costs the condition and its
    // one-step path: 2,000 steps over 1000 records.
    const cheap = await h.post("/query", { vector: [1, 0], filter: "n < 0" });
    expect(cheap).toMatchObject({ status: 200, body: { result: [] } });
    // An OR of three is 7 steps a record, 7,000: over 5,000.
    const dearer = await h.post("/query", { vector: [1, 0], filter: "n < 0 OR n < 0 OR n < 0" });
    expect(dearer.status).toBe(400);
    expect(dearer.body.error).toContain("limit of 5000 steps");
  });

  it("refuses a delete whose filter passes the budget before deleting anything", async () => {
    h = await startVector({ vector: { dimension: 2 } });
    await h.upsert([
      { id: "keep-1", vector: [1, 0], metadata: { text: "a".repeat(20_000) } },
      { id: "keep-2", vector: [0, 1], metadata: { text: "b" } },
    ]);
    refusedForWork(await h.post("/delete", { filter: `text GLOB '${NEAR_MISS}' OR text = 'b'` }));
    const left = await h.post("/fetch", { ids: ["keep-1", "keep-2"] });
    expect(left.body.result.map((r: { id: string } | null) => r?.id)).toEqual(["keep-1", "keep-2"]);
  });

  it("looks an IN list up instead of scanning it: one step per record whatever its length", async () => {
    // The probe's 9.3 MB IN list over 1000 records held the server 32 s; the list is now
    // bounded by the filter's length, and costs one step on each record.
    h = await startVector({ vector: { dimension: 2 }, limits: { maxFilterSteps: 4_000 } });
    await h.upsert(
      Array.from({ length: 1000 }, (_, i) => ({
        id: `r-${i}`,
        vector: [1, i],
        metadata: { k: i },
      })),
    );
    const list = Array.from({ length: 2000 }, (_, i) => i + 5000).join(",");
    const answer = await h.post("/scan", { filter: `k IN (${list}, 7)`, limit: 5 });
    expect(answer.status).toBe(200);
    expect(answer.body.result.vectors.map((r: { id: string }) => r.id)).toEqual(["r-7"]);
  });
});

describe("filter length", () => {
  const long = `k = '${"x".repeat(20_000)}'`;

  it.each([
    ["/query", { vector: [1, 0], filter: long }, "filter"],
    ["/scan", { filter: long }, "filter"],
    ["/delete", { filter: long }, "filter"],
    ["/query", [{ vector: [1, 0] }, { vector: [1, 0], filter: long }], "[1].filter"],
  ])("on %s is a 400 naming the field, the limit and its flag", async (path, body, field) => {
    h = await startVector({ vector: { dimension: 2 } });
    const answer = await h.post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      `${field}: the filter is 20006 characters, over this server's limit of 16384; shorten it, or start the dev server with --max-filter-length to raise it`,
    );
  });
});

describe("request body depth", () => {
  it("is checked before JSON.parse builds anything", async () => {
    // Deep and cut short: parsing first would call it invalid JSON; the scan refuses it
    // at its 257th level without building one.
    const parse = vi.spyOn(JSON, "parse");
    const body = Readable.from([Buffer.from(`${"[".repeat(1_000_000)}x`)]);
    const req = Object.assign(body, { headers: {} }) as unknown as IncomingMessage;
    const caught = await readJson(req, 10 * 1024 * 1024).catch((err: unknown) => err);
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).message).toBe("Request body nests deeper than 256 levels");
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
  });
});
