import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { float32Json } from "../src/vector/float32.js";

/** The shortest decimal that reads back as `x`'s float32, found by trying every length. */
function shortestByEveryLength(x: number): number {
  const f = Math.fround(x);
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(f.toPrecision(digits));
    if (Math.fround(candidate) === f) return candidate;
  }
  throw new Error(`no decimal of 9 digits reads back as ${f}`);
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
});
