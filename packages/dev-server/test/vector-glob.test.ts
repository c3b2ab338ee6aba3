import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../src/vector/errors.js";
import { FilterWork } from "../src/vector/filter-work.js";
import { compileGlob, GlobPatternError } from "../src/vector/glob.js";

/** A budget no test here comes near: these tests are about what matches. */
const ample = () => new FilterWork(Number.MAX_SAFE_INTEGER);

// The reference: the glob rules read literally, one recursive step per pattern character,
// trying every split for `*`. Exponential, so only for the small inputs below.
function referenceMatch(pattern: string[], value: string[]): boolean {
  if (pattern.length === 0) return value.length === 0;
  const head = pattern[0]!;
  if (head === "*") {
    for (let split = 0; split <= value.length; split++) {
      if (referenceMatch(pattern.slice(1), value.slice(split))) return true;
    }
    return false;
  }
  if (value.length === 0) return false;
  if (head === "?") return referenceMatch(pattern.slice(1), value.slice(1));
  if (head === "[") {
    const cls = referenceClass(pattern);
    if (cls === undefined) return false;
    return cls.test(value[0]!) && referenceMatch(pattern.slice(cls.length), value.slice(1));
  }
  return head === value[0] && referenceMatch(pattern.slice(1), value.slice(1));
}

function referenceClass(
  pattern: string[],
): { length: number; test(c: string): boolean } | undefined {
  let j = 1;
  const negated = pattern[j] === "^" || pattern[j] === "!";
  if (negated) j++;
  const start = j;
  const close = pattern.indexOf("]", start + 1);
  if (close < 0) return undefined;
  const members = pattern.slice(start, close);
  const test = (c: string) => {
    let inside = false;
    for (let k = 0; k < members.length; k++) {
      if (members[k + 1] === "-" && k + 2 < members.length) {
        if (c >= members[k]! && c <= members[k + 2]!) inside = true;
        k += 2;
      } else if (members[k] === c) inside = true;
    }
    return inside !== negated;
  };
  return { length: close + 1, test };
}

function referenceValid(pattern: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== "[") continue;
    const cls = referenceClass(pattern.slice(i));
    if (cls === undefined) return false;
    const members = pattern.slice(i + 1, i + cls.length - 1);
    if (members[0] === "^" || members[0] === "!") members.shift();
    for (let k = 0; k < members.length; k++) {
      if (members[k + 1] === "-" && k + 2 < members.length) {
        if (members[k + 2]! < members[k]!) return false;
        k += 2;
      }
    }
    i += cls.length - 1;
  }
  return true;
}

describe("glob matching", () => {
  it.each([
    ["The *", "The Sea", true],
    ["The *", "the Sea", false],
    ["*", "", true],
    ["?", "", false],
    ["?", "😀", true],
    ["a?c", "a😀c", true],
    ["[😀-😂]", "😁", true],
    ["[]]", "]", true],
    ["[^]]", "]", false],
    ["[!a]x", "bx", true],
    ["[a-]", "-", true],
    ["[-a]", "-", true],
    ["*.txt", "notes.txt.bak", false],
    ["*a*b*c", "xxaxxbxxcxx", false],
    ["*a*b*c", "xxaxxbxxc", true],
    ["a**b", "ab", true],
    ["\\*", "\\x", true],
    ["\\*", "\\*", true],
  ])("%s on %s is %s", (pattern, value, expected) => {
    expect(compileGlob(pattern).test(value, ample())).toBe(expected);
  });

  it.each([
    ["abc[de", 4, "never closed"],
    ["[", 1, "never closed"],
    ["[]", 1, "never closed"],
    ["x[z-a]", 3, "ends before it starts"],
  ])("refuses %s at character %d", (pattern, position, words) => {
    let caught: unknown;
    try {
      compileGlob(pattern);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(GlobPatternError);
    expect((caught as GlobPatternError).position).toBe(position);
    expect((caught as GlobPatternError).message).toContain(words);
  });

  it("agrees with the literal reading of the rules on random small patterns and values", () => {
    const patternChar = fc.constantFrom("a", "b", "-", "]", "*", "?", "[", "^", "!");
    const valueChar = fc.constantFrom("a", "b", "c", "-", "]", "^");
    fc.assert(
      fc.property(
        fc.array(patternChar, { maxLength: 9 }),
        fc.array(valueChar, { maxLength: 9 }),
        (pattern, value) => {
          const valid = referenceValid(pattern);
          let glob: ReturnType<typeof compileGlob> | undefined;
          try {
            glob = compileGlob(pattern.join(""));
          } catch (err) {
            if (!(err instanceof GlobPatternError)) throw err;
          }
          expect(glob !== undefined).toBe(valid);
          if (glob) {
            expect(glob.test(value.join(""), ample())).toBe(referenceMatch(pattern, value));
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("stays polynomial on patterns that make a backtracking matcher exponential", () => {
    const cases = [
      ["**********b", "a".repeat(30), false],
      [`${"*a".repeat(500)}b`, "a".repeat(10_000), false],
      [`*${"a".repeat(1000)}b`, "a".repeat(10_000), false],
      ["*".repeat(100_000), "a".repeat(1000), true],
      ["[ab]".repeat(50_000), "ab".repeat(25_000), true],
    ] as const;
    for (const [pattern, value, expected] of cases) {
      const glob = compileGlob(pattern);
      const started = performance.now();
      const matched = glob.test(value, ample());
      const ms = performance.now() - started;
      // Reported, not asserted: timing depends on the machine.
      console.log(`glob of ${pattern.length} chars on ${value.length} chars: ${ms.toFixed(2)} ms`);
      expect(matched).toBe(expected);
    }
  });

  it("spends a step of its budget per position it tries, and stops when the budget runs out", () => {
    // The probe's shape: a long pattern that almost matches, on a long value (9 million
    // steps to the end).
    const glob = compileGlob(`*${"a".repeat(1000)}b`);
    const value = "a".repeat(10_000);
    let caught: unknown;
    try {
      glob.test(value, new FilterWork(1_000_000));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as Error).message).toContain("limit of 1000000 steps");
    expect((caught as Error).message).toContain("--max-filter-steps");
    // A literal pattern tries each of the value's 3 positions once: 3 steps.
    expect(compileGlob("abc").test("abc", new FilterWork(3))).toBe(true);
    expect(() => compileGlob("abc").test("abc", new FilterWork(2))).toThrow(InvalidInputError);
  });
});
