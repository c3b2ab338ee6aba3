// The manual clock: nothing timed happens until the test advances it, and then each due
// delivery runs at its own virtual time, in due order.
import { ValidationError } from "@x/core";
import { VectorIndex } from "@x/vector";
import { afterEach, describe, expect, it } from "vitest";
import { createClock, type DevServer, startDevServer } from "../src/index.js";
import { devCall, type Endpoint, startEndpoint, startManual, trigger } from "./kit-harness.js";
import { startReceiver } from "./workflow-harness.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let dev: DevServer | undefined;
let endpoint: Endpoint | undefined;
afterEach(async () => {
  await dev?.close();
  await endpoint?.close();
  dev = undefined;
  endpoint = undefined;
});

describe("the manual clock", () => {
  it("delivers an undelayed trigger at once and a Svc-Not-Before a week ahead on the dot", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev);
    const start = dev.clock.now();
    const now = await trigger(dev, `${endpoint.url}/now`);
    await dev.clock.advance(0);
    expect(endpoint.calls.map((call) => [call.path, call.at])).toEqual([["/now", start]]);
    expect((await dev.runs.get(now.workflowRunId))?.state).toBe("succeeded");

    const notBefore = Math.ceil(start / 1000) + 7 * 86_400;
    const later = await trigger(dev, `${endpoint.url}/week`, {
      "Svc-Not-Before": String(notBefore),
    });
    expect(await dev.runs.get(later.workflowRunId)).toMatchObject({
      state: "scheduled",
      nextAttemptAt: notBefore * 1000,
    });
    expect(await dev.clock.advance("6d")).toBe(start + 6 * DAY);
    expect(endpoint.calls).toHaveLength(1);
    await dev.clock.advance("1d1s");
    expect(endpoint.calls.map((call) => [call.path, call.at])).toEqual([
      ["/now", start],
      ["/week", notBefore * 1000],
    ]);
    const run = await dev.runs.get(later.workflowRunId);
    expect(run?.state).toBe("succeeded");
    expect(run?.attempts[0]?.startedAt).toBe(notBefore * 1000);
    expect(run?.nextAttemptAt).toBeUndefined();
  });

  it("runs a rate=1, period=1h flow control's three runs an hour apart", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev);
    const start = dev.clock.now();
    const ids: string[] = [];
    for (const name of ["a", "b", "c"]) {
      const { workflowRunId } = await trigger(dev, `${endpoint.url}/${name}`, {
        "Svc-Flow-Control-Key": "tenant",
        "Svc-Flow-Control-Value": "rate=1, period=1h",
      });
      ids.push(workflowRunId);
    }
    await dev.clock.advance(0);
    expect(endpoint.calls.map((call) => call.path)).toEqual(["/a"]);
    expect((await dev.runs.get(ids[1]!))?.state).toBe("waiting");
    await dev.clock.advance(HOUR - 1);
    expect(endpoint.calls).toHaveLength(1);
    await dev.clock.advance("2h");
    expect(endpoint.calls.map((call) => [call.path, call.at - start])).toEqual([
      ["/a", 0],
      ["/b", HOUR],
      ["/c", 2 * HOUR],
    ]);
    const runs = await dev.runs.list();
    expect(runs.map((run) => run.attempts[0]?.startedAt)).toEqual([
      start,
      start + HOUR,
      start + 2 * HOUR,
    ]);
  });

  it("runs what falls due in one advance in due order, each at its own time", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev, (n) => (n === 1 ? 503 : 200));
    const start = dev.clock.now();
    await trigger(dev, `${endpoint.url}/late`, { "Svc-Delay": "2h" });
    await trigger(dev, `${endpoint.url}/early`, {
      "Svc-Delay": "1h",
      "Svc-Retries": "1",
      "Svc-Retry-Delay": "1800000",
    });
    await dev.clock.advance("3h");
    // /early fails at 1h, is retried at 1h30 inside the same window, before /late at 2h.
    expect(endpoint.calls.map((call) => [call.path, call.at - start])).toEqual([
      ["/early", HOUR],
      ["/early", HOUR + HOUR / 2],
      ["/late", 2 * HOUR],
    ]);
    expect(dev.clock.now()).toBe(start + 3 * HOUR);
  });

  it("shows a retry's due time in whole ms, the time its attempt starts", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev, (n) => (n <= 2 ? 503 : 200));
    const start = dev.clock.now();
    // The default backoff's second wait is e^2.5 s: 12,182.49 ms, run at 12,183.
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/backoff`, {
      "Svc-Retries": "2",
    });
    await dev.clock.advance(0);
    await dev.clock.advance(1_000);
    expect((await dev.runs.get(workflowRunId))?.nextAttemptAt).toBe(start + 1_000 + 12_183);
    await dev.clock.advance(12_183);
    expect(endpoint.calls.map((call) => call.at - start)).toEqual([0, 1_000, 13_183]);
  });

  it("runs the failure call and its retries inside the advance, on the run's retry setting", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev, () => 500);
    const start = dev.clock.now();
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/fails`, {
      "Svc-Retries": "1",
      "Svc-Retry-Delay": "60000",
    });
    await dev.clock.advance("1h");
    // Delivery, its one retry a minute later, then the failure call at once and its one
    // retry a minute after that: the failure call keeps the run's retries and delay.
    expect(
      endpoint.calls.map((call) => [
        call.headers["svc-failure-call"] ?? "delivery",
        call.at - start,
      ]),
    ).toEqual([
      ["delivery", 0],
      ["delivery", 60_000],
      ["true", 60_000],
      ["true", 120_000],
    ]);
    expect((await dev.runs.get(workflowRunId))?.state).toBe("callback-failed");
  });

  it("waits for a hanging delivery until its real-time timeout cuts it; virtual time stands still", async () => {
    dev = await startManual({ deliveryTimeoutMs: 300 });
    // Records the call, then never answers.
    endpoint = await startReceiver(() => new Promise<number>(() => {}));
    const start = dev.clock.now();
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/hangs`, {
      "Svc-Retries": "1",
      "Svc-Retry-Delay": "60000",
    });
    expect(await dev.clock.advance(0)).toBe(start);
    const run = await dev.runs.get(workflowRunId);
    expect(run?.state).toBe("retrying");
    expect(run?.attempts).toMatchObject([
      { startedAt: start, finishedAt: start, error: "timed out after 300 ms" },
    ]);
    expect(run?.nextAttemptAt).toBe(start + 60_000);
  });

  it("queues advances called together: each moves on from where the one before ended", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev);
    const start = dev.clock.now();
    await trigger(dev, `${endpoint.url}/mid`, { "Svc-Delay": "90m" });
    const both = await Promise.all([dev.clock.advance("1h"), dev.clock.advance("1h")]);
    expect(both).toEqual([start + HOUR, start + 2 * HOUR]);
    expect(endpoint.calls.map((call) => call.at - start)).toEqual([HOUR + HOUR / 2]);
  });

  it("moves the vector pending window", async () => {
    dev = await startManual({ vector: { dimension: 2, pendingMs: 1_000 } });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
    await dev.vector.upsert({ id: "a", vector: [1, 0] });
    expect(await index.info()).toMatchObject({ vectorCount: 0, pendingVectorCount: 1 });
    await dev.clock.advance(999);
    expect(await index.info()).toMatchObject({ vectorCount: 0, pendingVectorCount: 1 });
    await dev.clock.advance(1);
    expect(await index.info()).toMatchObject({ vectorCount: 1, pendingVectorCount: 0 });
  });

  it("refuses a bad advance, and timeScale with the manual clock", async () => {
    dev = await startManual();
    for (const by of [-1, Number.NaN, Number.POSITIVE_INFINITY, "1 day", "", null]) {
      await expect(dev.clock.advance(by as number)).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(dev.clock.advance("soon")).rejects.toThrow('advance: "soon" is not like "10s"');
    await expect(dev.clock.advance(9e15)).rejects.toThrow("past the largest date");
    // A refused advance leaves the clock where it was, and later advances still run.
    const now = dev.clock.now();
    await expect(dev.clock.advance(1)).resolves.toBe(now + 1);
    await expect(startDevServer({ clock: "manual", timeScale: 0.01 })).rejects.toMatchObject({
      name: "ValidationError",
      message: expect.stringContaining("timeScale: cannot be combined with a manual clock"),
    });
    await expect(startDevServer({ clock: "fake" as "manual" })).rejects.toThrow(
      'clock: must be "real" or "manual"',
    );
  });
});

describe("the real clock", () => {
  it("reads the wall clock and cannot be advanced", async () => {
    dev = await startDevServer({ vector: { dimension: 2 } });
    expect(dev.clock.mode).toBe("real");
    const before = Date.now();
    const now = dev.clock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    await expect(dev.clock.advance("1d")).rejects.toThrow('clock: "manual"');
  });
});

describe('createClock("real")', () => {
  // The dashboard reads nextDueAt every second; a day's delay at 500 triggers a second
  // leaves far more waiting timers than a spread into Math.min takes as arguments.
  it("says when its earliest timer is due, however many wait", () => {
    const clock = createClock("real");
    for (let i = 0; i < 200_000; i++) clock.after(3_600_000, () => {});
    const low = Date.now();
    clock.after(60_000, () => {});
    const high = Date.now();
    let due: number | undefined;
    try {
      due = clock.nextDueAt();
    } finally {
      clock.clearAll();
    }
    expect(due).toBeGreaterThanOrEqual(low + 60_000);
    expect(due).toBeLessThanOrEqual(high + 60_000);
    expect(clock.nextDueAt()).toBeUndefined();
  });
});

describe("GET and POST /v2/dev/clock", () => {
  it("reads and advances the manual clock", async () => {
    dev = await startManual();
    endpoint = await startEndpoint(dev);
    const start = dev.clock.now();
    expect(await devCall(dev, "/v2/dev/clock")).toEqual({
      status: 200,
      body: { mode: "manual", now: start },
    });
    await trigger(dev, `${endpoint.url}/x`, { "Svc-Delay": "1d" });
    expect((await devCall(dev, "/v2/dev/clock")).body).toEqual({
      mode: "manual",
      now: start,
      nextDueAt: start + DAY,
    });
    const advanced = await devCall(dev, "/v2/dev/clock", {
      method: "POST",
      body: { advance: "1d" },
    });
    expect(advanced).toEqual({ status: 200, body: { mode: "manual", now: start + DAY } });
    // Answered once the delivery due in that day has run.
    expect(endpoint.calls.map((call) => call.at)).toEqual([start + DAY]);
    const byMs = await devCall(dev, "/v2/dev/clock", { method: "POST", body: { advanceMs: 5 } });
    expect(byMs.body).toEqual({ mode: "manual", now: start + DAY + 5 });
  });

  it.each([
    ["not JSON", "{", "not valid JSON"],
    ["an array", "[]", "must be a JSON object"],
    ["no field", "{}", "exactly one of advance"],
    ["both fields", '{"advance":"1d","advanceMs":1}', "exactly one of advance"],
    ["an unknown field", '{"advanse":"1d"}', 'unknown field "advanse"'],
    ["a number as advance", '{"advance":5}', "advance: must be a duration string"],
    ["a bad duration", '{"advance":"1 day"}', 'advance: "1 day" is not like'],
    ["a string as advanceMs", '{"advanceMs":"5"}', "advanceMs: must be a number"],
    ["a negative advanceMs", '{"advanceMs":-5}', "advance: must be a finite number"],
  ])("answers %s with a 400 and the service's error body", async (_, body, words) => {
    dev = await startManual();
    const answer = await devCall(dev, "/v2/dev/clock", { method: "POST", body });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: string }).error).toContain(words);
  });

  it("needs the token, takes GET and POST only, and refuses to advance the real clock", async () => {
    dev = await startDevServer({ vector: { dimension: 2 } });
    expect((await devCall(dev, "/v2/dev/clock", { token: false })).status).toBe(401);
    expect(
      (
        await devCall(dev, "/v2/dev/clock", {
          method: "POST",
          body: { advance: "1d" },
          token: false,
        })
      ).status,
    ).toBe(401);
    const read = await devCall(dev, "/v2/dev/clock");
    expect(read.body).toMatchObject({ mode: "real" });
    const refused = await devCall(dev, "/v2/dev/clock", {
      method: "POST",
      body: { advance: "1d" },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toContain("--clock manual");
    expect((await devCall(dev, "/v2/dev/clock", { method: "PUT" })).status).toBe(405);
  });
});

describe('createClock("manual")', () => {
  // The timer is its own handle: cancelling marks it, and the heap drops it on its way up.
  it("never runs a cancelled timer and no longer counts it as next due", async () => {
    const clock = createClock("manual", 0);
    const ran: string[] = [];
    const first = clock.after(100, () => ran.push("first"));
    clock.after(200, () => ran.push("second"));
    first.cancel();
    expect(clock.nextDueAt()).toBe(200);
    await clock.advance(300);
    expect(ran).toEqual(["second"]);
    first.cancel(); // after the others ran: still nothing
    expect(clock.nextDueAt()).toBeUndefined();
  });
});
