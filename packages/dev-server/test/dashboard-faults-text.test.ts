// What the dashboard's faults panel sends from its form, and how it writes a rule and a
// faulted request.
import { describe, expect, it } from "vitest";
import { describeFault, faultRule, requestLine } from "../src/dashboard/browser/faults-text.js";
import type { Fault } from "../src/dashboard/browser/wire.js";

describe("faultRule", () => {
  it("sends the status and times as numbers, and no operation for every route", () => {
    const rule = faultRule({ service: "vector", operation: "", status: "503", times: "1" });
    expect(JSON.stringify(rule)).toBe('{"service":"vector","status":503,"times":1}');
  });

  it("sends the chosen operation", () => {
    const rule = faultRule({ service: "vector", operation: "info", status: "502", times: "3" });
    expect(JSON.stringify(rule)).toBe(
      '{"service":"vector","status":502,"times":3,"operation":"info"}',
    );
  });

  it("leaves a value the server refuses for the server to name (an empty status is 0)", () => {
    expect(faultRule({ service: "workflow", operation: "", status: "", times: "x" })).toEqual({
      service: "workflow",
      status: 0,
      times: Number.NaN,
    });
  });
});

describe("describeFault", () => {
  const rule = (fields: Partial<Fault>): Fault => ({
    id: "f1",
    service: "vector",
    times: 1,
    hits: 0,
    ...fields,
  });

  it("writes where a rule applies: method and path, an operation, or every route", () => {
    expect(
      describeFault(rule({ method: "GET", path: "/info", status: 503, times: 0, hits: 1 })),
    ).toBe("vector GET /info: 503, 1 hit, 0 left");
    expect(describeFault(rule({ service: "workflow", operation: "trigger", status: 502 }))).toBe(
      "workflow any trigger (operation): 502, 0 hit, 1 left",
    );
    expect(describeFault(rule({ status: 500, times: "Infinity" }))).toBe(
      "vector any every route: 500, 0 hit, Infinity left",
    );
  });

  it("writes what a rule does: drop the connection, answer a status, or only wait", () => {
    expect(describeFault(rule({ drop: "reset" }))).toBe(
      "vector any every route: reset, 0 hit, 1 left",
    );
    expect(describeFault(rule({ drop: "truncate", status: 200 }))).toBe(
      "vector any every route: truncate, 0 hit, 1 left",
    );
    expect(describeFault(rule({ delayMs: 300 }))).toBe(
      "vector any every route: delay 300 ms, 0 hit, 1 left",
    );
  });
});

describe("requestLine", () => {
  it("names the service, method and path", () => {
    const request = {
      fault: "f1",
      service: "vector",
      method: "GET",
      path: "/info",
      outcome: "503",
      at: 0,
    };
    expect(requestLine(request)).toBe("vector GET /info");
  });
});
