// The service holds every number of a vector, and every score, as a float32, and writes each
// in the shortest decimal that reads back as the same float32: a stored 0.1 comes back as
// 0.1, not as the float64 digits of its float32 (0.10000000149011612).

/** Float32 needs at most 9 significant digits to read back unchanged. */
const MAX_DIGITS = 9;

/**
 * `x` rounded to float32, as the number whose JSON form is the shortest decimal that reads
 * back as that float32 (`Math.fround(0.1)` gives `0.1`; `2 / 60` gives `0.033333335`). A
 * score past float32's range (a dot product of large values) stays the float64 it is, since
 * Infinity has no JSON form.
 */
export function float32Json(x: number): number {
  const f = Math.fround(x);
  if (!Number.isFinite(f)) return x;
  if (f === 0) return 0;
  // Reading back holds from some digit count on, and for every count past it: search for
  // the first, in about three tries instead of up to nine (random values need eight or nine).
  let fewest = 1;
  let enough = MAX_DIGITS;
  while (fewest < enough) {
    const digits = (fewest + enough) >> 1;
    if (Math.fround(Number(f.toPrecision(digits))) === f) enough = digits;
    else fewest = digits + 1;
  }
  return Number(f.toPrecision(enough));
}

/** Each of `values` as `float32Json` writes it. */
export function float32JsonArray(values: ArrayLike<number>): number[] {
  return Array.from(values, float32Json);
}
