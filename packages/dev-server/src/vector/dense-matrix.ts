import { type DotsKernel, dotsJs, dotsKernel } from "./dense-kernel.js";

const PAGE = 65_536;
const MAX_PAGES = 65_536; // wasm32 addresses at most 4 GiB

/**
 * The dense vectors of one namespace: one contiguous float32 block in WebAssembly memory,
 * rows padded to a multiple of 4 floats, with squared norms kept in float64. Layout in
 * bytes: [query: stride floats][rows: capacity x stride floats][dot products: capacity floats].
 */
export class DenseMatrix {
  readonly stride: number;
  count = 0;
  /** Squared norm of each row, computed in float64 from the stored float32 values. */
  sqNorms = new Float64Array(0);
  private capacity = 0;
  private readonly memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES });
  private readonly kernel: DotsKernel | null;
  private view = new Float32Array(this.memory.buffer);

  constructor(readonly dim: number) {
    this.stride = Math.ceil(dim / 4) * 4;
    this.kernel = dotsKernel(this.memory);
  }

  private get rowsOffset(): number {
    return this.stride; // in floats
  }

  /** Float32 view of the whole memory; renewed when growth detaches the old buffer. */
  get floats(): Float32Array {
    if (this.view.buffer !== this.memory.buffer) this.view = new Float32Array(this.memory.buffer);
    return this.view;
  }

  rowStart(slot: number): number {
    return this.rowsOffset + slot * this.stride;
  }

  private ensure(rows: number): void {
    if (rows <= this.capacity) return;
    // 1.25x rather than doubling: the rows are the bulk of the memory (100k x 768 reserves
    // 301 MiB instead of 384), and growing in place is cheap (no rows move).
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.25), 64);
    const bytes = (this.stride + capacity * this.stride + capacity) * 4;
    const pages = Math.ceil(bytes / PAGE);
    const current = this.memory.buffer.byteLength / PAGE;
    if (pages > MAX_PAGES) {
      throw new RangeError(
        `a namespace holds at most ${Math.floor((MAX_PAGES * PAGE) / 4 / (this.stride + 1)) - 1} dense vectors of this dimension`,
      );
    }
    if (pages > current) this.memory.grow(pages - current);
    const norms = new Float64Array(capacity);
    norms.set(this.sqNorms.subarray(0, this.count));
    this.sqNorms = norms;
    this.capacity = capacity;
  }

  /**
   * Makes room for `rows` rows in one growth: a restore writes thousands of rows into an
   * empty namespace, and growing a quarter at a time took a system call for each step.
   */
  reserve(rows: number): void {
    this.ensure(rows);
  }

  /**
   * Drops every row but keeps the memory, for a namespace emptied in place: a restore then
   * refills it without fresh pages, which took a third of writing 10,000 rows of 384.
   */
  clear(): void {
    this.count = 0;
  }

  /** Appends a row and returns its slot. */
  push(values: ArrayLike<number>): number {
    this.ensure(this.count + 1);
    const slot = this.count++;
    this.write(slot, values);
    return slot;
  }

  write(slot: number, values: ArrayLike<number>): void {
    const f = this.floats;
    const start = this.rowStart(slot);
    let sq = 0;
    for (let j = 0; j < this.dim; j++) {
      f[start + j] = values[j]!;
      const x = f[start + j]!;
      sq += x * x;
    }
    this.sqNorms[slot] = sq;
  }

  /** Removes a row by moving the last row into its slot; returns the slot that moved (or -1). */
  remove(slot: number): number {
    const last = --this.count;
    if (slot === last) return -1;
    const f = this.floats;
    f.copyWithin(this.rowStart(slot), this.rowStart(last), this.rowStart(last) + this.stride);
    this.sqNorms[slot] = this.sqNorms[last]!;
    return last;
  }

  /** A copy of the row's values. */
  row(slot: number): Float32Array {
    const start = this.rowStart(slot);
    return this.floats.slice(start, start + this.dim);
  }

  /** Float32 dot products of `query` with every row (a view valid until the next write). */
  dots(query: ArrayLike<number>): Float32Array {
    const n = this.count;
    if (n === 0) return new Float32Array(0);
    const f = this.floats;
    for (let j = 0; j < this.stride; j++) f[j] = j < this.dim ? query[j]! : 0;
    const outFloat = this.rowsOffset + this.capacity * this.stride;
    if (this.kernel) this.kernel(0, this.rowsOffset * 4, outFloat * 4, n, this.stride);
    else dotsJs(f, 0, this.rowsOffset * 4, outFloat * 4, n, this.stride);
    return this.floats.subarray(outFloat, outFloat + n);
  }

  /** Exact (float64) dot product of `query` with one row. */
  dot(query: ArrayLike<number>, slot: number): number {
    const f = this.floats;
    const start = this.rowStart(slot);
    let s = 0;
    for (let j = 0; j < this.dim; j++) s += query[j]! * f[start + j]!;
    return s;
  }

  /** Exact (float64) squared euclidean distance of `query` to one row. */
  distance2(query: ArrayLike<number>, slot: number): number {
    const f = this.floats;
    const start = this.rowStart(slot);
    let s = 0;
    for (let j = 0; j < this.dim; j++) {
      const d = query[j]! - f[start + j]!;
      s += d * d;
    }
    return s;
  }
}
