import { byScore } from "./top-k.js";
import type { Scored, StoredRecord } from "./types.js";

export type Fusion = "RRF" | "DBSF";

const RRF_K = 60;

/**
 * Fuses ranked lists (each sorted best first). RRF adds 1 / (60 + rank), the best rank 0
 * (so a record first in both lists scores 2 / 60, as the service answers).
 * DBSF rescales each list by (s - (mu - 3 sigma)) / (6 sigma) over the whole list (population
 * sigma) and adds; a list whose scores are all equal (sigma 0) maps each to 0.5, the limit of
 * the formula at its mean. A record missing from a list gets nothing from it.
 */
export function fuse(lists: Scored[][], algorithm: Fusion): Scored[] {
  const fused = new Map<StoredRecord, number>();
  for (const list of lists) {
    if (algorithm === "RRF") {
      list.forEach((item, i) => {
        fused.set(item.record, (fused.get(item.record) ?? 0) + 1 / (RRF_K + i));
      });
      continue;
    }
    if (list.length === 0) continue;
    const mean = list.reduce((s, x) => s + x.score, 0) / list.length;
    const variance = list.reduce((s, x) => s + (x.score - mean) ** 2, 0) / list.length;
    const sigma = Math.sqrt(variance);
    const low = mean - 3 * sigma;
    for (const item of list) {
      const scaled = sigma === 0 ? 0.5 : (item.score - low) / (6 * sigma);
      fused.set(item.record, (fused.get(item.record) ?? 0) + scaled);
    }
  }
  return [...fused].map(([record, score]) => ({ record, score })).sort(byScore);
}
