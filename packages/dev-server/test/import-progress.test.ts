// What x-dev import shows as it goes: on a terminal one line rewritten in place with the
// records, the rate and the time left; elsewhere a plain line per namespace.
import { describe, expect, it } from "vitest";
import { duration, progressLine, progressReporter } from "../src/import/progress-line.js";

describe("import progress", () => {
  it("shows records, rate and time left from the live counts", () => {
    expect(progressLine({ namespace: "docs", records: 4_000, total: 10_000 }, 2_000)).toBe(
      '4,000 / 10,000 records  2,000 records/s  3 s left  (namespace "docs")',
    );
    // info's counts are eventual: past the total, no time left is shown rather than a negative one.
    expect(progressLine({ namespace: "", records: 12, total: 10 }, 1_000)).toBe(
      '12 / 10 records  12 records/s  (namespace "")',
    );
  });

  it("writes times left to the unit that matters", () => {
    expect([duration(4.4), duration(64), duration(3_725)]).toEqual([
      "4 s",
      "1 min 4 s",
      "1 h 2 min",
    ]);
  });

  it("rewrites one line on a terminal, and ends it", () => {
    const out: string[] = [];
    let now = 0;
    const reporter = progressReporter(
      (text) => out.push(text),
      true,
      () => now,
    );
    now = 1_000;
    reporter.page({ namespace: "a", records: 500, total: 1_000 });
    now = 2_000;
    reporter.page({ namespace: "b", records: 1_000, total: 1_000 });
    reporter.done();
    expect(out).toEqual([
      '\r\x1b[2Kx-dev: 500 / 1,000 records  500 records/s  1 s left  (namespace "a")',
      '\r\x1b[2Kx-dev: 1,000 / 1,000 records  500 records/s  (namespace "b")',
      "\n",
    ]);
  });

  it("writes a plain line as each namespace ends elsewhere", () => {
    const out: string[] = [];
    const reporter = progressReporter(
      (text) => out.push(text),
      false,
      () => 1_000,
    );
    reporter.page({ namespace: "a", records: 100, total: 300 });
    reporter.page({ namespace: "a", records: 200, total: 300 });
    reporter.page({ namespace: "b", records: 300, total: 300 });
    reporter.done();
    expect(out).toEqual([
      'x-dev: namespace "a" read, 200 records so far\n',
      'x-dev: namespace "b" read, 300 records so far\n',
    ]);
  });
});
