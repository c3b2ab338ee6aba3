import { describe, expect, it } from "vitest";
import { formatDelay, MAX_DELAY_SECONDS } from "../src/index";
import { parseDelay } from "../src/internal";
import { validationError } from "./helpers";

describe("parseDelay", () => {
  it.each([
    ["0s", 0],
    ["10s", 10],
    ["1.5h", 5400],
    ["2m", 120],
    ["1d", 86400],
    ["1d10h30m", 86400 + 36000 + 1800],
    ["1h30s", 3630],
    ["0.25m", 15],
    ["30m1h", 5400],
    ["1h1h", 7200],
    ["1s2s3s", 6],
  ])("reads %s as %d seconds", (text, seconds) => {
    expect(parseDelay(text)).toBe(seconds);
  });

  it.each([
    "",
    "10",
    "10x",
    "-5s",
    "1.5.2h",
    "s",
    ".5s",
    "10 s",
    " 10s",
    "1h 30m",
    "1h,30m",
    "1e3s",
    "10S",
  ])("rejects %j", (text) => {
    const error = validationError(() => parseDelay(text));
    expect(error.field).toBe("delay");
    expect(error.rule).toContain(`"${text}"`);
  });

  it("names the field it was given", () => {
    expect(validationError(() => parseDelay("x", "period")).field).toBe("period");
  });
});

describe("formatDelay", () => {
  it.each([
    [0, "0s"],
    [10, "10s"],
    [1.5, "1.5s"],
    [0.0004, "0s"],
    [90.125, "90.125s"],
    [100, "100s"],
    ["1d10h30m", "1d10h30m"],
  ])("sends %j as %j", (value, text) => {
    expect(formatDelay(value)).toBe(text);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("rejects the number %d", (value) => {
    const error = validationError(() => formatDelay(value));
    expect(error.field).toBe("delay");
    expect(error.rule).toBe("must be a non-negative finite number of seconds");
  });

  it("rejects a number of seconds that would lose precision", () => {
    expect(formatDelay(MAX_DELAY_SECONDS)).toBe(`${MAX_DELAY_SECONDS}s`);
    const error = validationError(() => formatDelay(1e21));
    expect(error.rule).toBe(`must be at most ${MAX_DELAY_SECONDS} seconds`);
  });

  it("rejects a 400-digit delay instead of sending Infinity", () => {
    const huge = `${"9".repeat(400)}s`;
    expect(Number.parseFloat(huge)).toBe(Number.POSITIVE_INFINITY);
    const error = validationError(() => parseDelay(huge));
    expect(error.field).toBe("delay");
    expect(error.rule).toMatch(/^"9{60}…" is longer than 9007199254740991 seconds$/);
    expect(validationError(() => formatDelay(huge)).rule).toBe(error.rule);
  });

  it("rejects a string outside the grammar", () => {
    expect(validationError(() => formatDelay("10x")).field).toBe("delay");
  });
});
