// What the dashboard's runs panel writes about a run: the state's badge colour, each
// attempt's outcome and duration, how the failure call went, when the run is due, and the
// facts of its detail view.
import { describe, expect, it } from "vitest";
import { time } from "../src/dashboard/browser/format.js";
import {
  attemptOutcome,
  due,
  failureCallOutcome,
  runFacts,
  stateTone,
  took,
} from "../src/dashboard/browser/runs-text.js";
import type { Attempt, Run } from "../src/dashboard/browser/wire.js";
import { RUN_STATES } from "../src/workflow/runs-query.js";

const NOW = Date.UTC(2030, 0, 1);

function attempt(fields: Partial<Attempt>): Attempt {
  return { kind: "delivery", attempt: 1, startedAt: NOW, headers: {}, ...fields };
}

function run(fields: Partial<Run>): Run {
  return {
    workflowRunId: "wfr_1",
    workflowCreatedAt: NOW,
    url: "http://127.0.0.1:9/api",
    state: "delivering",
    labels: [],
    retries: 3,
    failureCallback: "http://127.0.0.1:9/api",
    bodyBytes: 12,
    attempts: [],
    ...fields,
  };
}

describe("stateTone", () => {
  it("colours each state: done well, done badly, waiting, or busy", () => {
    expect(Object.fromEntries(RUN_STATES.map((state) => [state, stateTone(state)]))).toEqual({
      scheduled: "wait",
      waiting: "wait",
      delivering: "",
      retrying: "wait",
      succeeded: "good",
      "callback-delivering": "",
      "callback-retrying": "wait",
      "callback-succeeded": "good",
      "callback-failed": "bad",
      cancelled: "bad",
    });
  });
});

describe("attemptOutcome and took", () => {
  it("say an unfinished attempt is in flight, and show no duration for it", () => {
    expect(attemptOutcome(attempt({}))).toBe("in flight");
    expect(took(attempt({}))).toBe("");
  });

  it("give a finished attempt's status and how long it took", () => {
    const answered = attempt({ finishedAt: NOW + 12, status: 503 });
    expect(attemptOutcome(answered)).toBe("503");
    expect(took(answered)).toBe("12 ms");
  });

  it("say why no answer came", () => {
    expect(attemptOutcome(attempt({ finishedAt: NOW, error: "connection refused" }))).toBe(
      "no answer: connection refused",
    );
    expect(attemptOutcome(attempt({ finishedAt: NOW }))).toBe("no answer: unknown error");
  });
});

describe("failureCallOutcome", () => {
  const delivery = attempt({ finishedAt: NOW, status: 503 });
  const call = (n: number, fields: Partial<Attempt>) =>
    attempt({ kind: "failure-call", attempt: n, ...fields });

  it("is empty before the failure call", () => {
    expect(failureCallOutcome(run({ state: "retrying", attempts: [delivery] }))).toBe("");
  });

  it("gives the verdict of the run's state and the last call's outcome, with the count", () => {
    const delivered = run({
      state: "callback-succeeded",
      attempts: [delivery, call(1, { finishedAt: NOW, status: 200 })],
    });
    expect(failureCallOutcome(delivered)).toBe("delivered (200, 1 call)");
    const retrying = run({
      state: "callback-retrying",
      attempts: [
        delivery,
        call(1, { finishedAt: NOW, status: 500 }),
        call(2, { finishedAt: NOW, status: 502 }),
      ],
    });
    expect(failureCallOutcome(retrying)).toBe("retrying (502, 2 calls)");
    const gaveUp = run({
      state: "callback-failed",
      attempts: [delivery, call(1, { finishedAt: NOW, error: "timeout" })],
    });
    expect(failureCallOutcome(gaveUp)).toBe("gave up (no answer: timeout, 1 call)");
    const calling = run({ state: "callback-delivering", attempts: [delivery, call(1, {})] });
    expect(failureCallOutcome(calling)).toBe("calling (in flight, 1 call)");
  });
});

describe("due", () => {
  it("is empty when no attempt waits, else when the next one comes on the server's clock", () => {
    expect(due(run({}), NOW)).toBe("");
    expect(due(run({ nextAttemptAt: NOW + 3_600_000 }), NOW)).toBe(
      `in 60 min (${time(NOW + 3_600_000)})`,
    );
  });
});

describe("runFacts", () => {
  it("lists the run's facts, leaving out what it was not triggered with", () => {
    expect(runFacts(run({ labels: ["orders", "eu"] }), NOW)).toEqual([
      ["Run", "wfr_1"],
      ["State", "delivering"],
      ["URL", "http://127.0.0.1:9/api"],
      ["Created", time(NOW)],
      ["Retries", "3"],
      ["Labels", "orders, eu"],
      ["Trace", ""],
      ["Failure call to", "http://127.0.0.1:9/api"],
      ["Body", "12 bytes"],
    ]);
  });

  it("adds the retry delay, content type, trace, next attempt and flow control when there are", () => {
    const facts = runFacts(
      run({
        retryDelay: "1000 * retried",
        contentType: "application/json",
        traceparent: "00-abc-def-01",
        nextAttemptAt: NOW + 90_000,
        flowControl: { key: "k", parallelism: 2 },
      }),
      NOW,
    );
    expect(Object.fromEntries(facts)).toMatchObject({
      Retries: "3 (delay 1000 * retried)",
      Body: "12 bytes, application/json",
      Trace: "00-abc-def-01",
      "Next attempt": `in 90 s (${time(NOW + 90_000)})`,
      "Flow control": '{"key":"k","parallelism":2}',
    });
    expect(facts.map(([name]) => name).slice(-2)).toEqual(["Next attempt", "Flow control"]);
  });
});
