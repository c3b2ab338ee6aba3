import type { Accept } from "./dense-search.js";
import type { Namespace } from "./namespace.js";
import { byScore } from "./top-k.js";
import type { Scored, SparseVector } from "./types.js";

/**
 * Inner product over shared indices, every accepted record that shares at least one index
 * with the query (a record sharing none is not a match, as in an inverted index). With IDF
 * each query term is weighted by log(1 + (N - n + 0.5) / (n + 0.5)), N records in the
 * namespace, n of them holding the term: positive however common the term, as the service's
 * answers show.
 */
export function sparseScoreAll(
  ns: Namespace,
  query: SparseVector,
  idf: boolean,
  accept: Accept,
): Scored[] {
  const weights = new Map<number, number>();
  const total = ns.size;
  for (let i = 0; i < query.indices.length; i++) {
    const index = query.indices[i]!;
    let w = query.values[i]!;
    if (idf) {
      const n = ns.termCounts.get(index) ?? 0;
      w *= Math.log(1 + (total - n + 0.5) / (n + 0.5));
    }
    weights.set(index, w);
  }
  const out: Scored[] = [];
  for (const record of ns.records.values()) {
    const sparse = record.sparse;
    if (!sparse) continue;
    let score = 0;
    let shared = false;
    for (let i = 0; i < sparse.indices.length; i++) {
      const w = weights.get(sparse.indices[i]!);
      if (w !== undefined) {
        score += w * sparse.values[i]!;
        shared = true;
      }
    }
    if (shared && accept(record)) out.push({ record, score });
  }
  return out.sort(byScore);
}
