/** A bounded min-heap of numbers: keeps the k largest values seen; `min` is the k-th largest. */
export class TopValues {
  private readonly heap: number[] = [];
  constructor(private readonly k: number) {}

  get full(): boolean {
    return this.heap.length >= this.k;
  }

  get min(): number {
    return this.heap[0] ?? Number.NEGATIVE_INFINITY;
  }

  /** Whether `value` would enter the heap. */
  admits(value: number): boolean {
    return !this.full || value > this.heap[0]!;
  }

  push(value: number): void {
    const h = this.heap;
    if (this.full) {
      if (value <= h[0]!) return;
      h[0] = value;
      this.down(0);
      return;
    }
    h.push(value);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]! <= h[i]!) break;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && h[l]! < h[m]!) m = l;
      if (r < h.length && h[r]! < h[m]!) m = r;
      if (m === i) return;
      [h[m], h[i]] = [h[i]!, h[m]!];
      i = m;
    }
  }
}

/** Highest score first; equal scores in ascending id order, so results are deterministic. */
export function byScore(a: { score: number; record: { id: string } }, b: typeof a): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0;
}
