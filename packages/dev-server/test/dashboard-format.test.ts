// The dashboard's times: a length in the largest readable unit, and when a time comes as
// seen from the server's clock (which a manual clock keeps apart from the browser's).
import { describe, expect, it } from "vitest";
import { inTime, span, time } from "../src/dashboard/browser/format.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("span", () => {
  it("counts seconds up to two minutes, then minutes up to two hours, hours up to two days, then days", () => {
    expect(span(0)).toBe("0 s");
    expect(span(119 * SECOND)).toBe("119 s");
    expect(span(2 * MINUTE)).toBe("2 min");
    expect(span(119 * MINUTE)).toBe("119 min");
    expect(span(2 * HOUR)).toBe("2 h");
    expect(span(47 * HOUR)).toBe("47 h");
    expect(span(2 * DAY)).toBe("2 d");
    expect(span(400 * DAY)).toBe("400 d");
  });

  it("rounds to the nearest unit", () => {
    expect(span(1499)).toBe("1 s");
    expect(span(1500)).toBe("2 s");
    expect(span(150 * SECOND)).toBe("3 min");
    expect(span(90 * MINUTE)).toBe("90 min");
    expect(span(36 * HOUR)).toBe("36 h");
    expect(span(60 * HOUR)).toBe("3 d");
  });

  it("shows a time already past as 0 s", () => {
    expect(span(-5 * MINUTE)).toBe("0 s");
  });
});

describe("inTime", () => {
  it("measures from the server's now, not the browser's", () => {
    const now = Date.UTC(2030, 0, 1);
    expect(inTime(now + HOUR, now)).toBe(`in 60 min (${time(now + HOUR)})`);
    expect(inTime(now + 2 * DAY, now)).toBe(`in 2 d (${time(now + 2 * DAY)})`);
  });
});

describe("time", () => {
  it("is empty when there is no time", () => {
    expect(time(undefined)).toBe("");
    expect(time(0)).not.toBe("");
  });
});
