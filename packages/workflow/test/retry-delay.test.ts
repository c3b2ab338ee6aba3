import { describe, expect, it } from "vitest";
import * as root from "../src/index";
import {
  defaultRetryDelay,
  parseRetryDelay,
  retryDelaySchedule,
  ValidationError,
} from "../src/index";
// The limits are the parser's own, stated in its messages rather than exported.
import { MAX_NESTING, MAX_NUMBER } from "../src/retry-delay";
import { validationError } from "./helpers";

const at = (expression: string, retried: number) => parseRetryDelay(expression).evaluate(retried);

function rule(expression: string): string {
  const error = validationError(() => parseRetryDelay(expression));
  expect(error.field).toBe("retryDelay");
  return error.rule;
}

describe("parseRetryDelay", () => {
  it.each([
    ["1000", 3, 1000],
    ["2.5", 0, 2.5],
    ["retried", 4, 4],
    ["1000 * retried + 500", 3, 3500],
    ["1000 * (retried + 1)", 2, 3000],
    ["1000 * pow(2, retried)", 3, 8000],
    ["max(10000, pow(2, retried))", 2, 10000],
    ["min(10, 3)", 0, 3],
    ["exp(1)", 0, Math.E],
    ["sqrt(16)", 0, 4],
    ["abs(0 - 7)", 0, 7],
    ["floor(2.7)", 0, 2],
    ["ceil(2.2)", 0, 3],
    ["round(2.5)", 0, 3],
    ["round(2.4)", 0, 2],
    ["10 / 4", 0, 2.5],
  ])("%s with retried=%d is %d", (expression, retried, value) => {
    expect(at(expression, retried)).toBe(value);
  });

  it("binds * and / tighter than + and -, left to right", () => {
    expect(at("2 + 3 * 4", 0)).toBe(14);
    expect(at("(2 + 3) * 4", 0)).toBe(20);
    expect(at("10 - 4 - 3", 0)).toBe(3);
    expect(at("64 / 4 / 2", 0)).toBe(8);
    expect(at("1 + 8 / 2 * 3 - 1", 0)).toBe(12);
  });

  it("takes unary signs, also repeated and before calls", () => {
    expect(at("+1", 0)).toBe(1);
    expect(at("-+-retried", 2)).toBe(2);
    expect(at("-retried", 3)).toBe(-3);
    expect(at("--2", 0)).toBe(2);
    expect(at("2 * -3", 0)).toBe(-6);
    expect(at("-pow(2, 2) + 10", 0)).toBe(6);
    expect(at("abs(-5)", 0)).toBe(5);
  });

  it("ignores whitespace and evaluates many times from one parse", () => {
    const delay = parseRetryDelay("  pow( 2 ,retried )*1000 ");
    expect([0, 1, 2].map((n) => delay.evaluate(n))).toEqual([1000, 2000, 4000]);
  });

  it.each([
    ["", "unexpected end at position 1"],
    ["   ", "unexpected end at position 4"],
    ["retries", 'unknown identifier "retries" at position 1'],
    ["1000 * Retried", 'unknown identifier "Retried" at position 8'],
    ["log(2)", 'unknown function "log" at position 1'],
    ["constructor(1)", 'unknown function "constructor" at position 1'],
    ["pow(2)", "pow takes 2 argument(s), got 1 at position 1"],
    ["1 + exp(1, 2)", "exp takes 1 argument(s), got 2 at position 5"],
    ["max(1, 2, 3)", "max takes 2 argument(s), got 3 at position 1"],
    ["sqrt()", 'unexpected ")" at position 6'],
    ["pow", 'expected "(" at position 4'],
    ["(1 + 2", 'expected ")" at position 7'],
    ["1 + 2)", 'unexpected ")" at position 6'],
    ["1000 ms", 'unexpected "ms" at position 6'],
    ["1000 1", 'unexpected "1" at position 6'],
    ["1 +", "unexpected end at position 4"],
    ["1 ^ 2", 'unexpected "^" at position 3'],
    ["1 + * 2", 'unexpected "*" at position 5'],
    ["1.5.2", 'unexpected "." at position 4'],
    ["2 * * 3", 'unexpected "*" at position 5'],
  ])("rejects %j: %s", (expression, expected) => {
    expect(rule(expression)).toBe(expected);
  });
});

describe("retryDelaySchedule", () => {
  it("gives the first n delays of an expression", () => {
    expect(retryDelaySchedule("1000 * pow(2, retried)", 5)).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
    expect(retryDelaySchedule("max(3000, 1000 * retried)", 5)).toEqual([
      3000, 3000, 3000, 3000, 4000,
    ]);
    expect(retryDelaySchedule("500", 0)).toEqual([]);
  });

  it("rejects a bad expression", () => {
    expect(() => retryDelaySchedule("nope", 3)).toThrow(ValidationError);
  });

  it("follows the default backoff without an expression", () => {
    expect(retryDelaySchedule(undefined, 3)).toEqual([
      1000,
      Math.exp(2.5) * 1000,
      Math.exp(5) * 1000,
    ]);
  });
});

describe("defaultRetryDelay", () => {
  it("is min(86400, e^(2.5 n)) seconds in ms", () => {
    expect(defaultRetryDelay(0)).toBe(1000);
    expect(defaultRetryDelay(1)).toBeCloseTo(12182.49, 1);
    expect(defaultRetryDelay(4)).toBeCloseTo(22026465.79, 1);
    expect(defaultRetryDelay(5)).toBe(86_400_000);
    expect(defaultRetryDelay(40)).toBe(86_400_000);
  });
});

describe("parseRetryDelay limits", () => {
  it("are the parser's own, not root exports whose names would not say what they limit", () => {
    expect(Object.keys(root)).not.toContain("MAX_NESTING");
    expect(Object.keys(root)).not.toContain("MAX_NUMBER");
  });

  it(`nests at most ${MAX_NESTING} levels of parentheses, signs and calls`, () => {
    const nested = (depth: number) => `${"(".repeat(depth)}1${")".repeat(depth)}`;
    expect(parseRetryDelay(nested(MAX_NESTING)).evaluate(0)).toBe(1);
    expect(rule(nested(MAX_NESTING + 1))).toBe(
      `nested deeper than ${MAX_NESTING} levels at position ${MAX_NESTING + 1}`,
    );
    expect(rule(`${"-".repeat(10_000)}1`)).toMatch(/^nested deeper than 32 levels/);
    expect(rule(`${"abs(".repeat(40)}1${")".repeat(40)}`)).toMatch(/^nested deeper/);
  });

  it("refuses a number literal beyond 2^53 - 1 instead of evaluating Infinity", () => {
    expect(parseRetryDelay(String(MAX_NUMBER)).evaluate(0)).toBe(MAX_NUMBER);
    expect(rule("9".repeat(400))).toBe(
      `number ${"9".repeat(20)}… is larger than ${MAX_NUMBER} at position 1`,
    );
  });

  it("parses once: evaluate walks the tree without reading the text again", () => {
    const parsed = parseRetryDelay("1000 * pow(2, retried) + max(retried, 3)");
    expect([0, 1, 2, 5].map(parsed.evaluate)).toEqual([1003, 2003, 4003, 32005]);
  });
});
