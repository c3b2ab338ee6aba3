// The SIMD kernel screens in float32 and rescores candidates in float64; this checks that the
// answer equals a plain float64 brute force over the same stored values, ties and filters too.
import { describe, expect, it } from "vitest";
import { denseTopK } from "../src/vector/dense-search.js";
import { Namespace } from "../src/vector/namespace.js";
import type { Metric } from "../src/vector/types.js";

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function reference(
  ns: Namespace,
  metric: Metric,
  q: Float32Array,
  k: number,
  keep: (id: string) => boolean,
) {
  const out: { id: string; score: number }[] = [];
  for (const record of ns.records.values()) {
    if (!keep(record.id)) continue;
    const v = ns.matrix!.row(record.slot);
    let dot = 0;
    let qq = 0;
    let vv = 0;
    let d2 = 0;
    v.forEach((x, j) => {
      dot += q[j]! * x;
      qq += q[j]! * q[j]!;
      vv += x * x;
      d2 += (q[j]! - x) ** 2;
    });
    const score =
      metric === "COSINE"
        ? (1 + (qq * vv === 0 ? 0 : dot / (Math.sqrt(qq) * Math.sqrt(vv)))) / 2
        : metric === "DOT_PRODUCT"
          ? (1 + dot) / 2
          : 1 / (1 + d2);
    out.push({ id: record.id, score });
  }
  return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
}

describe("dense top-k", () => {
  for (const metric of ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"] as const) {
    it(`${metric}: equals a float64 brute force (odd dimension, duplicates, deletes, filter)`, () => {
      const rand = random(metric.length);
      const dim = 37;
      const ns = new Namespace({ dimension: dim, metric, type: "DENSE" });
      const vectors: number[][] = [];
      for (let i = 0; i < 3000; i++) {
        // every tenth vector repeats an earlier one, so exact ties occur
        const v = i % 10 === 9 ? vectors[i - 5]! : Array.from({ length: dim }, () => rand() - 0.5);
        vectors.push(v);
        ns.upsert({ id: `v${String(i).padStart(4, "0")}`, vector: v, metadata: { i } }, 0);
      }
      ns.upsert({ id: "zero", vector: new Array(dim).fill(0) }, 0);
      for (let i = 0; i < 3000; i += 7) ns.delete(`v${String(i).padStart(4, "0")}`);
      for (let t = 0; t < 5; t++) {
        const q = Float32Array.from({ length: dim }, () => rand() - 0.5);
        for (const k of [1, 10, 100]) {
          const got = denseTopK(ns, metric, q, k, () => true).map((s) => ({
            id: s.record.id,
            score: s.score,
          }));
          expect(got).toEqual(reference(ns, metric, q, k, () => true));
        }
        const even = (id: string) => id !== "zero" && Number(id.slice(1)) % 2 === 0;
        const got = denseTopK(ns, metric, q, 25, (r) => even(r.id)).map((s) => ({
          id: s.record.id,
          score: s.score,
        }));
        expect(got).toEqual(reference(ns, metric, q, 25, even));
      }
    });
  }

  for (const metric of ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"] as const) {
    it(`${metric}: near-ties closer than float32 precision rank as in float64`, () => {
      const rand = random(7);
      const dim = 64;
      const base = Array.from({ length: dim }, () => Math.fround(0.25 + rand() / 2));
      const ns = new Namespace({ dimension: dim, metric, type: "DENSE" });
      for (let i = 0; i < 400; i++) {
        // each differs from the base by a few float32 ulps in a few coordinates
        const v = base.map((x, j) => (j % 16 === i % 16 ? x + (i % 5) * 2 ** -25 : x));
        ns.upsert({ id: `n${String(i).padStart(3, "0")}`, vector: v }, 0);
      }
      for (let t = 0; t < 5; t++) {
        const q = Float32Array.from(base, (x) => x + (rand() - 0.5) * 1e-3);
        for (const k of [1, 3, 20]) {
          const got = denseTopK(ns, metric, q, k, () => true).map((s) => ({
            id: s.record.id,
            score: s.score,
          }));
          expect(got).toEqual(reference(ns, metric, q, k, () => true));
        }
      }
    });
  }

  it("returns fewer than k when fewer records pass", () => {
    const ns = new Namespace({ dimension: 3, metric: "COSINE", type: "DENSE" });
    ns.upsert({ id: "a", vector: [1, 2, 3] }, 0);
    ns.upsert({ id: "b", vector: [3, 2, 1] }, 0);
    expect(
      denseTopK(ns, "COSINE", Float32Array.of(1, 2, 3), 10, (r) => r.id === "b").map(
        (s) => s.record.id,
      ),
    ).toEqual(["b"]);
  });
});
