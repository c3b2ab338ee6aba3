import { type DotsKernel, dotsJs, dotsKernel } from "./dense-kernel.js";

const PAGE = 65_536;
const MAX_PAGES = 65_536; // wasm32 addresses at most 4 GiB

/**
 * Bytes past which a namespace's rows move into WebAssembly memory for the SIMD kernel.
 * Every WebAssembly memory reserves about 10 GiB of address space whatever its size (V8's
 * guard regions), so a memory per namespace ran out after some 13,000 namespaces; a small
 * namespace, where the kernel saves nothing worth it, keeps its rows in a plain buffer.
 */
const KERNEL_BYTES = 256 * 1024;

/**
 * The dense vectors of one namespace: one contiguous float32 block, rows padded to a
 * multiple of 4 floats, with squared norms kept in float64. Layout in bytes: [query: stride
 * floats][rows: capacity x stride floats][dot products: capacity floats]. The block is a
 * plain buffer until it passes KERNEL_BYTES, then WebAssembly memory that the SIMD kernel
 * reads (unless the runtime has no SIMD or no address space left: the rows then stay in a
 * plain buffer, read by the JS loop).
 */
export class DenseMatrix {
  readonly stride: number;
  count = 0;
  /** Squared norm of each row, computed in float64 from the stored float32 values. */
  sqNorms: Float64Array = new Float64Array(0);
  private capacity = 0;
  private plain = new ArrayBuffer(0);
  private memory: WebAssembly.Memory | undefined;
  private kernel: DotsKernel | null = null;
  private view = new Float32Array(0);

  constructor(readonly dim: number) {
    this.stride = Math.ceil(dim / 4) * 4;
  }

  private get rowsOffset(): number {
    return this.stride; // in floats
  }

  /** Float32 view of the whole block; renewed when growth replaces or detaches the buffer. */
  get floats(): Float32Array {
    const buffer = this.memory ? this.memory.buffer : this.plain;
    if (this.view.buffer !== buffer) this.view = new Float32Array(buffer);
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
    if (bytes > MAX_PAGES * PAGE) {
      throw new RangeError(
        `a namespace holds at most ${Math.floor((MAX_PAGES * PAGE) / 4 / (this.stride + 1)) - 1} dense vectors of this dimension`,
      );
    }
    this.grow(bytes);
    const norms = new Float64Array(capacity);
    norms.set(this.sqNorms.subarray(0, this.count));
    this.sqNorms = norms;
    this.capacity = capacity;
  }

  /**
   * Makes the block at least `bytes` long: WebAssembly memory grows in place; a plain buffer
   * is copied into a larger one, or into WebAssembly memory once it passes KERNEL_BYTES.
   * Only the rows in use are copied: the query and the dot products are rewritten by
   * every query.
   */
  private grow(bytes: number): void {
    if (this.memory) {
      const pages = Math.ceil(bytes / PAGE);
      const current = this.memory.buffer.byteLength / PAGE;
      if (pages > current) this.memory.grow(pages - current);
      return;
    }
    const from = this.rowStart(0) * 4;
    const rows =
      this.count === 0
        ? new Uint8Array(0)
        : new Uint8Array(this.plain, from, this.count * this.stride * 4);
    const moved = bytes >= KERNEL_BYTES ? withKernel(Math.ceil(bytes / PAGE)) : undefined;
    if (moved) {
      this.memory = moved.memory;
      this.kernel = moved.kernel;
      new Uint8Array(moved.memory.buffer).set(rows, from);
    } else {
      const plain = new ArrayBuffer(bytes);
      new Uint8Array(plain).set(rows, from);
      this.plain = plain;
    }
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
    if (values instanceof Float32Array) {
      // Already float32 (a restored row): copied whole, the norm taken from the same values.
      f.set(values.subarray(0, this.dim), start);
      for (let j = 0; j < this.dim; j++) sq += (values[j] as number) * (values[j] as number);
      this.sqNorms[slot] = sq;
      return;
    }
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

  /** The row's values in place: valid until the next write or growth. */
  rowView(slot: number): Float32Array {
    const start = this.rowStart(slot);
    return this.floats.subarray(start, start + this.dim);
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

/**
 * WebAssembly memory of `pages` pages with the SIMD kernel bound to it; undefined where the
 * runtime has no SIMD, or no address space for another memory (V8 throws a RangeError).
 */
function withKernel(pages: number): { memory: WebAssembly.Memory; kernel: DotsKernel } | undefined {
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: MAX_PAGES });
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
  const kernel = dotsKernel(memory);
  return kernel ? { memory, kernel } : undefined;
}
