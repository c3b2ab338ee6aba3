import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { float32Json, float32JsonArray } from "../src/vector/float32.js";

/** The shortest decimal that reads back as `x`'s float32, found by trying every length. */
function shortestByEveryLength(x: number): number {
  const f = Math.fround(x);
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(f.toPrecision(digits));
    if (Math.fround(candidate) === f) return candidate;
  }
  throw new Error(`no decimal of 9 digits reads back as ${f}`);
}

/** The formatter before its arithmetic path: a binary search over toPrecision's digits. */
function shortestByText(x: number): number {
  const f = Math.fround(x);
  if (!Number.isFinite(f)) return x;
  if (f === 0) return 0;
  let fewest = 1;
  let enough = 9;
  while (fewest < enough) {
    const digits = (fewest + enough) >> 1;
    if (Math.fround(Number(f.toPrecision(digits))) === f) enough = digits;
    else fewest = digits + 1;
  }
  return Number(f.toPrecision(enough));
}

const bits = new Uint32Array(1);
const asFloat32 = new Float32Array(bits.buffer);

/** The float32 whose bit pattern is `pattern`. */
function float32OfBits(pattern: number): number {
  bits[0] = pattern;
  return asFloat32[0] as number;
}

/** The bit pattern of the float32 nearest `x`. */
function bitsOf(x: number): number {
  asFloat32[0] = x;
  return bits[0] as number;
}

describe("float32Json", () => {
  it("writes the float32 of a value in its shortest round-trip form", () => {
    expect(float32Json(0.1)).toBe(0.1);
    expect(float32Json(Math.fround(0.2))).toBe(0.2);
    expect(float32Json(2 / 60)).toBe(0.033333335);
    expect(float32Json(1 - 1e-17)).toBe(1);
    expect(float32Json(-0)).toBe(0);
  });

  it("keeps a value past float32's range as its float64, since Infinity has no JSON form", () => {
    expect(float32Json(1e39)).toBe(1e39);
  });

  it("finds the same digits as trying every length, for any finite float32", () => {
    const finite = fc.float({ noNaN: true, noDefaultInfinity: true }).filter((x) => x !== 0);
    fc.assert(
      fc.property(finite, (x) => {
        expect(float32Json(x)).toBe(shortestByEveryLength(x));
      }),
      { numRuns: 2000 },
    );
  });

  // Snapshots are compared byte for byte: the arithmetic path must give what the text did.
  it("gives what formatting through text gives, for any float32 bit pattern", () => {
    const finite = fc
      .integer({ min: 0, max: 2 ** 32 - 1 })
      .map(float32OfBits)
      .filter(Number.isFinite);
    fc.assert(
      fc.property(finite, (x) => {
        expect(float32Json(x)).toBe(shortestByText(x));
      }),
      { numRuns: 20_000 },
    );
  });

  it("gives what formatting through text gives next to every power of ten, half-way cases and the range's ends", () => {
    const values: number[] = [];
    // Where log10 and the scaled digits sit on a boundary: 64 float32s each side of 10^k.
    for (let k = -45; k <= 38; k++) {
      const at = bitsOf(Number(`1e${k}`));
      for (let step = -64; step <= 64; step++) values.push(float32OfBits(at + step));
    }
    // Exact halves at some digit count, where the text rounds up: 1.00390625 reads back at
    // 8 digits both as 1.0039062 and as 1.0039063, and the text gives 1.0039063.
    values.push(1.00390625, 1.01171875, 1.02734375, 0.5, 1.5, 2.5, 0.125, 0.375, 1024.5);
    values.push(8388607.5, 16777215, 3.0517578125e-5);
    // Past the exact powers of ten the arithmetic uses, and float32's smallest and largest.
    values.push(1e-15, 9.99e-15, 1.001e22, 1e23, 1.4e-45, 1.1754942e-38, 1.17549435e-38);
    values.push(3.4028235e38, 1e-30, 123456789, 0.000123456789);
    for (const x of values.flatMap((v) => [v, -v]).filter(Number.isFinite)) {
      expect(float32Json(x)).toBe(shortestByText(x));
    }
  });

  it("writes arrays and float32 arrays value by value", () => {
    const values = [0.1, -0, 1e39, 2 / 60, -3.4028235e38, 1e-40];
    const expected = values.map(float32Json);
    expect(float32JsonArray(values)).toEqual(expected);
    expect(float32JsonArray(new Float32Array(values))).toEqual(
      Array.from(new Float32Array(values), float32Json),
    );
  });
});
