// Deterministic test data: the same vectors on every run, so runs compare.

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function vectorOf(next: () => number, dimension: number): number[] {
  const v = new Array<number>(dimension);
  for (let i = 0; i < dimension; i++) v[i] = next() * 2 - 1;
  return v;
}

/** `count` records with ids `doc-<from + i>`, small metadata and random dense vectors. */
export function records(next: () => number, dimension: number, count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => ({
    id: `doc-${from + i}`,
    vector: vectorOf(next, dimension),
    metadata: { lang: i % 3 ? "en" : "de", year: 2000 + ((from + i) % 25) },
  }));
}

/** Elapsed milliseconds of each call of `fn`. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}
