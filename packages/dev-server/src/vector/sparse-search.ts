import type { Accept } from "./dense-search.js";
import type { Namespace } from "./namespace.js";
import { byScore } from "./top-k.js";
import type { Scored, SparseVector } from "./types.js";

/**
 * Inner product over shared indices, every accepted record that shares at least one index
 * with the query (a record sharing none is not a match, as in an inverted index). With IDF
 * each query term is weighted by log(1 + (N - n + 0.5) / (n + 0.5)), N records in the
 * namespace, n of them holding the term: positive however common the term, as the service's
 * answers show. The arithmetic is float32's, weights, products and sums each rounded, as the
 * service's is (its IDF scores differ from float64's in the last digit). Where that
 * overflows (values near float32's maximum), the float64 score stands in: finite, in order.
 */
export function sparseScoreAll(
  ns: Namespace,
  query: SparseVector,
  idf: boolean,
  accept: Accept,
): Scored[] {
  /** Each query term's weight, in float32 and in float64. */
  const weights = new Map<number, [number, number]>();
  const total = ns.size;
  for (let i = 0; i < query.indices.length; i++) {
    const index = query.indices[i]!;
    const value = query.values[i]!;
    const n = ns.termCounts.get(index) ?? 0;
    const factor = idf ? Math.log(1 + (total - n + 0.5) / (n + 0.5)) : 1;
    weights.set(index, [Math.fround(value * Math.fround(factor)), value * factor]);
  }
  const out: Scored[] = [];
  for (const record of ns.records.values()) {
    const sparse = record.sparse;
    if (!sparse) continue;
    let score32 = 0;
    let score64 = 0;
    let shared = false;
    for (let i = 0; i < sparse.indices.length; i++) {
      const w = weights.get(sparse.indices[i]!);
      if (w !== undefined) {
        const v = sparse.values[i]!;
        score32 = Math.fround(score32 + Math.fround(w[0] * v));
        score64 += w[1] * v;
        shared = true;
      }
    }
    const score = Number.isFinite(score32) ? score32 : score64;
    if (shared && accept(record)) out.push({ record, score });
  }
  return out.sort(byScore);
}
