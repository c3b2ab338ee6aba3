// dev.vector.importFrom copies a live index (here a second dev server) record by record:
// vectors as float32, sparse vectors, metadata and data, in every namespace, in order.
import { describe, expect, it } from "vitest";
import type { IndexType } from "../src/vector/types.js";
import { contents, fill, LIVE_TOKEN, pair, records } from "./import-harness.js";

describe("dev.vector.importFrom", () => {
  it.each<IndexType>(["DENSE", "SPARSE", "HYBRID"])(
    "leaves a %s index equal to the live one, over pages and namespaces",
    async (type) => {
      const { live, local } = await pair({ type });
      const total = await fill(live, type, { "": 25, docs: 40, "x/y é": 7 });
      // A namespace emptied by deletes stays listed, on both sides.
      await live.vector.upsert(records(type, 1, { prefix: "gone" }), { namespace: "empty" });
      await live.vector.delete("gone-0", { namespace: "empty" });
      const result = await local.vector.importFrom({
        url: live.vectorUrl,
        token: LIVE_TOKEN,
        pageSize: 10,
      });
      expect(result).toEqual({ namespaces: 4, records: total });
      expect(await contents(local)).toEqual(await contents(live));
    },
  );

  it("imports 10,000 records across namespaces, equal record by record as float32", async () => {
    const { live, local } = await pair({ type: "HYBRID" });
    const total = await fill(live, "HYBRID", { "": 2_500, a: 4_000, b: 3_500 });
    expect(total).toBe(10_000);
    const seen: number[] = [];
    const result = await local.vector.importFrom({
      url: live.vectorUrl,
      token: LIVE_TOKEN,
      onProgress: ({ records, total: expected }) => {
        expect(expected).toBe(10_000);
        seen.push(records);
      },
    });
    expect(result).toEqual({ namespaces: 3, records: 10_000 });
    expect(seen.at(-1)).toBe(10_000);
    const [mine, theirs] = [await contents(local), await contents(live)];
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    for (const name of Object.keys(theirs)) {
      expect(mine[name]).toHaveLength(theirs[name]!.length);
      expect(mine[name]).toEqual(theirs[name]);
    }
    // Values are the float32 the live side holds, not the float64 first sent to it.
    const sent = records("HYBRID", 1, { prefix: "a", seed: 2 })[0]!.vector![0]!;
    const held = mine.a![0]!.vector![0]!;
    expect(held).not.toBe(sent);
    expect(Math.fround(held)).toBe(Math.fround(sent));
    expect(
      (await local.vector.importFrom({ url: live.vectorUrl, token: LIVE_TOKEN })).records,
    ).toBe(10_000);
    // A second import replaces each record by id: nothing doubles.
    expect(await contents(local)).toEqual(theirs);
  });

  it("imports the namespaces asked for only", async () => {
    const { live, local } = await pair({ type: "DENSE" });
    await fill(live, "DENSE", { "": 3, docs: 4, other: 5 });
    const result = await local.vector.importFrom({
      url: live.vectorUrl,
      token: LIVE_TOKEN,
      namespaces: ["docs"],
    });
    expect(result).toEqual({ namespaces: 1, records: 4 });
    const mine = await contents(local);
    expect(Object.keys(mine).sort()).toEqual(["", "docs"]);
    expect(mine[""]).toEqual([]);
    expect(mine.docs).toEqual((await contents(live)).docs);
  });

  it("counts imported records as ready at once in info", async () => {
    const { live, local } = await pair({ type: "DENSE" }, { clock: "manual" });
    await fill(live, "DENSE", { docs: 12 });
    await local.vector.importFrom({ url: live.vectorUrl, token: LIVE_TOKEN });
    const info = (await (
      await fetch(`${local.vectorUrl}/info`, {
        headers: { authorization: `Bearer ${local.token}` },
      })
    ).json()) as { result: { vectorCount: number; pendingVectorCount: number } };
    expect(info.result).toMatchObject({ vectorCount: 12, pendingVectorCount: 0 });
  });
});
