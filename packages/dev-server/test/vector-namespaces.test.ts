// The number of namespaces is a limit like the others, and a namespace costs no address
// space until its rows are worth the SIMD kernel: every WebAssembly memory reserves about
// 10 GiB, and a memory per namespace made each one past some 13,000 a 400 (issue 42).
import { afterEach, describe, expect, it } from "vitest";
import { VectorStore } from "../src/vector/store.js";
import { startVector, type VectorHarness } from "./vector-harness.js";

let h: VectorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("namespaces", () => {
  it("past maxNamespaces, an upsert that would create one is a 400 naming the limit", async () => {
    h = await startVector({ vector: { dimension: 2 }, limits: { maxNamespaces: 3 } });
    await h.upsert({ id: "x", vector: [1, 0] }, "a");
    await h.upsert({ id: "x", vector: [1, 0] }, "b");
    const refused = await h.post("/upsert/c", { id: "x", vector: [1, 0] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      "the index holds 3 namespaces, this server's limit; upsert into an existing one, drop some (dev.vector.reset({ namespace }) in the test kit), or start the dev server with --max-namespaces to raise it",
    );
    // Existing namespaces still take records, emptied ones stay listed (and counted); a
    // dropped one makes room.
    await h.upsert({ id: "y", vector: [0, 1] }, "a");
    expect((await h.post("/reset/b", {})).status).toBe(200);
    expect((await h.post("/upsert/c", { id: "x", vector: [1, 0] })).status).toBe(400);
    h.service.reset("b");
    await h.upsert({ id: "x", vector: [1, 0] }, "c");
    const info = await h.call("GET", "/info");
    expect(Object.keys(info.body.result.namespaces).sort()).toEqual(["", "a", "c"]);
  });

  it("takes 13,100 one-record namespaces, past where a memory each ran out of address space", () => {
    const store = new VectorStore({ dimension: 4, metric: "COSINE", type: "DENSE" }, 0, () => 0);
    for (let i = 0; i < 13_100; i++) store.upsert([{ id: "r", vector: [1, 2, 3, i] }], `ns-${i}`);
    expect(store.names()).toHaveLength(13_101);
    const last = store.namespace("ns-13099");
    expect(last.matrix?.row(last.records.get("r")!.slot)).toEqual(
      new Float32Array([1, 2, 3, 13_099]),
    );
  });
});
