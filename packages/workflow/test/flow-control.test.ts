import { describe, expect, it } from "vitest";
import { formatFlowControl, parseFlowControlValue } from "../src/internal";
import { validationError } from "./helpers";

function rule(run: () => unknown): string {
  const error = validationError(run);
  expect(error.field).toBe("flowControl");
  return error.rule;
}

describe("parseFlowControlValue", () => {
  it.each([
    ["parallelism=1", { parallelism: 1 }],
    ["rate=10", { rate: 10 }],
    ["parallelism=1, rate=10, period=1m", { parallelism: 1, rate: 10, period: 60 }],
    ["rate=5,period=1d10h", { rate: 5, period: 122400 }],
    ["  rate=2 ,period=30s ", { rate: 2, period: 30 }],
    ["parallelism=4,rate=1", { parallelism: 4, rate: 1 }],
  ])("reads %j", (text, limits) => {
    expect(parseFlowControlValue(text)).toEqual(limits);
  });

  it.each([
    ["", "needs parallelism or rate"],
    ["   ", "needs parallelism or rate"],
    ["period=1m", "period needs rate"],
    ["parallelism=2, period=1m", "period needs rate"],
    ["parallelism=0", "parallelism must be a positive integer"],
    ["rate=-1", "rate must be a positive integer"],
    ["rate=1.5", "rate must be a positive integer"],
    ["rate=abc", "rate must be a positive integer"],
    ["rate=1, period=0s", "period must be positive"],
    ["burst=3", '"burst=3" is not parallelism=<n>, rate=<n>, period=<delay> in order'],
    ["rate=1, rate=2", '"rate=2" is not parallelism=<n>, rate=<n>, period=<delay> in order'],
    ["rate=1,,parallelism=2", '"" is not parallelism=<n>, rate=<n>, period=<delay> in order'],
    ["rate 1", '"rate 1" is not parallelism=<n>, rate=<n>, period=<delay> in order'],
    ["rate = 1", '"rate = 1" is not parallelism=<n>, rate=<n>, period=<delay> in order'],
    [
      "rate=1, parallelism=2",
      '"parallelism=2" is not parallelism=<n>, rate=<n>, period=<delay> in order',
    ],
    ["period=1m, rate=1", '"rate=1" is not parallelism=<n>, rate=<n>, period=<delay> in order'],
  ])("rejects %j", (text, expected) => {
    expect(rule(() => parseFlowControlValue(text))).toBe(expected);
  });

  it("rejects a period outside the delay grammar", () => {
    expect(rule(() => parseFlowControlValue("rate=1, period=1x"))).toContain('"1x"');
  });
});

describe("formatFlowControl", () => {
  it("writes only the given parts, in a fixed order", () => {
    expect(formatFlowControl({ key: "k", period: "1m", rate: 10, parallelism: 1 })).toBe(
      "parallelism=1, rate=10, period=1m",
    );
    expect(formatFlowControl({ key: "k", parallelism: 3 })).toBe("parallelism=3");
    expect(formatFlowControl({ key: "k", rate: 3, period: 90 })).toBe("rate=3, period=90s");
  });

  it.each([
    [{}, "needs parallelism or rate"],
    [{ period: "1m" }, "period needs rate"],
    [{ parallelism: 2, period: 60 }, "period needs rate"],
    [{ parallelism: 1.5 }, "parallelism must be a positive integer"],
    [{ rate: 0 }, "rate must be a positive integer"],
    [{ rate: Number.NaN }, "rate must be a positive integer"],
    [{ rate: 1, period: -1 }, "must be a non-negative finite number of seconds"],
    [{ rate: 1, period: 0 }, "period must be positive"],
  ])("rejects %j", (limits, expected) => {
    expect(rule(() => formatFlowControl({ key: "k", ...limits }))).toBe(expected);
  });
});
