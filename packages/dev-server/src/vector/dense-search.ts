import type { Namespace } from "./namespace.js";
import { byScore, TopValues } from "./top-k.js";
import type { Metric, Scored, StoredRecord } from "./types.js";

export type Accept = (record: StoredRecord) => boolean;

/** Exact dense score of one row, in float64 from the stored float32 values. */
function exactScore(
  ns: Namespace,
  metric: Metric,
  query: Float32Array,
  qNorm: number,
  slot: number,
): number {
  const m = ns.matrix!;
  if (metric === "EUCLIDEAN") return 1 / (1 + m.distance2(query, slot));
  const dot = m.dot(query, slot);
  if (metric === "DOT_PRODUCT") return (1 + dot) / 2;
  const denom = qNorm * Math.sqrt(m.sqNorms[slot]!);
  // A zero vector has no direction: treat it as orthogonal to everything (cos 0).
  const cos = denom === 0 ? 0 : Math.max(-1, Math.min(1, dot / denom));
  return (1 + cos) / 2;
}

function squaredNorm(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  return s;
}

/** Every accepted record with its exact score (hybrid fusion needs whole lists). */
export function denseScoreAll(
  ns: Namespace,
  metric: Metric,
  query: Float32Array,
  accept: Accept,
): Scored[] {
  const qNorm = Math.sqrt(squaredNorm(query));
  const out: Scored[] = [];
  for (let slot = 0; slot < ns.bySlot.length; slot++) {
    const record = ns.bySlot[slot]!;
    if (accept(record)) out.push({ record, score: exactScore(ns, metric, query, qNorm, slot) });
  }
  return out.sort(byScore);
}

// Float32 has 8 exponent bits: past about 2^128 a dot product overflows to Infinity, and
// below 2^-126 its terms lose precision to underflow, which the relative error bound below
// does not cover. Every term and partial sum of q.v is at most |q| |v| (Cauchy-Schwarz), and
// flushed terms cost at most 2^-134 in all, so these margins keep both effects away.
const SCREEN_MAX = 2 ** 100;
const SCREEN_MIN = 2 ** -100;

/** Whether the float32 screen's error bound holds for this query against every stored row. */
function screeningIsSafe(qNorm: number, maxNorm: number, minNonzeroNorm: number): boolean {
  if (qNorm === 0) return true;
  if (qNorm < SCREEN_MIN) return false;
  if (qNorm * maxNorm > SCREEN_MAX) return false;
  return qNorm * minNonzeroNorm >= SCREEN_MIN;
}

/**
 * The top `k` accepted records by exact score. The SIMD kernel screens all rows in float32;
 * its error is bounded (below), so any row that could still belong to the exact top k has a
 * screened score within 2E of the k-th best screened score. Only those rows are rescored in
 * float64, which keeps the answer exact while the full pass stays at memory speed. Where
 * the magnitudes would take float32 out of its range, every row is scored in float64.
 */
export function denseTopK(
  ns: Namespace,
  metric: Metric,
  query: Float32Array,
  k: number,
  accept: Accept,
): Scored[] {
  const m = ns.matrix!;
  const n = m.count;
  if (n === 0 || k <= 0) return [];
  const sqNorms = m.sqNorms;
  const qSq = squaredNorm(query);
  const qNorm = Math.sqrt(qSq);
  let maxSq = 0;
  let minNonzeroSq = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const sq = sqNorms[i]!;
    if (sq > maxSq) maxSq = sq;
    if (sq > 0 && sq < minNonzeroSq) minNonzeroSq = sq;
  }
  const maxNorm = Math.sqrt(maxSq);
  if (!screeningIsSafe(qNorm, maxNorm, Math.sqrt(minNonzeroSq))) {
    return denseScoreAll(ns, metric, query, accept).slice(0, k);
  }
  const dots = m.dots(query);
  // Screening works on a key that orders rows as the score does (cos, dot, or minus the
  // squared distance), where the float32 error is simple to bound: at most
  // (terms + roundings) * 2^-24 of |q| |v| for a dot product, query rounding included.
  const rel = (m.stride + 8) * 2 ** -24 * 1.1;
  const errDot = rel * qNorm * maxNorm;
  // (The squared distance adds the float64 rounding of |q|^2 + |v|^2, far below that.)
  const bound =
    metric === "COSINE"
      ? rel
      : metric === "DOT_PRODUCT"
        ? errDot
        : 2 * errDot + 2 ** -50 * (qSq + maxNorm * maxNorm);

  const keys = new Float64Array(n);
  const verdict = new Int8Array(n); // 0 unknown, 1 accepted, 2 rejected
  const accepted = (i: number): boolean => {
    if (verdict[i] === 0) verdict[i] = accept(ns.bySlot[i]!) ? 1 : 2;
    return verdict[i] === 1;
  };
  const best = new TopValues(k);
  for (let i = 0; i < n; i++) {
    const dot = dots[i]!;
    let key: number;
    if (metric === "COSINE") {
      const denom = qNorm * Math.sqrt(sqNorms[i]!);
      key = denom === 0 ? 0 : dot / denom;
    } else if (metric === "DOT_PRODUCT") {
      key = dot;
    } else {
      key = -(qSq + sqNorms[i]! - 2 * dot);
    }
    keys[i] = key;
    if (best.admits(key) && accepted(i)) best.push(key);
  }
  // A row can still be in the exact top k only if its key is within 2 bounds of the k-th key.
  const threshold = best.full ? best.min - 2 * bound : Number.NEGATIVE_INFINITY;
  const candidates: Scored[] = [];
  for (let i = 0; i < n; i++) {
    if (keys[i]! >= threshold && accepted(i)) {
      candidates.push({ record: ns.bySlot[i]!, score: exactScore(ns, metric, query, qNorm, i) });
    }
  }
  return candidates.sort(byScore).slice(0, k);
}
