// dev.runs: list, get, waitFor and cancel from code, and the same over HTTP.
import { ValidationError } from "@x/core";
import { WorkflowClient } from "@x/workflow";
import { afterEach, describe, expect, it } from "vitest";
import { type DevServer, type RunView, RunWaitError } from "../src/index.js";
import { openSnapshot, sealSnapshot } from "../src/persistence/state.js";

import { devCall, type Endpoint, startEndpoint, startManual, trigger } from "./kit-harness.js";
import { startReceiver } from "./workflow-harness.js";

const HOUR = 3_600_000;
let dev: DevServer | undefined;
let endpoint: Endpoint | undefined;
afterEach(async () => {
  await dev?.close();
  await endpoint?.close();
  dev = undefined;
  endpoint = undefined;
});

async function setUp(status?: (n: number) => number): Promise<[DevServer, Endpoint]> {
  dev = await startManual();
  endpoint = await startEndpoint(dev, status);
  return [dev, endpoint];
}

describe("reading runs", () => {
  it("lists, narrows and gets runs from code and over HTTP alike", async () => {
    const [dev, endpoint] = await setUp();
    const a = await trigger(dev, `${endpoint.url}/a`, { "Svc-Label": "blue" });
    const b = await trigger(dev, `${endpoint.url}/b`, { "Svc-Delay": "1h", "Svc-Label": "red" });
    await dev.clock.advance(0);
    const ids = (runs: RunView[]) => runs.map((run) => run.workflowRunId);
    expect(ids(await dev.runs.list())).toEqual([a.workflowRunId, b.workflowRunId]);
    expect(ids(await dev.runs.list({ state: "scheduled" }))).toEqual([b.workflowRunId]);
    expect(ids(await dev.runs.list({ label: "blue" }))).toEqual([a.workflowRunId]);
    expect(ids(await dev.runs.list({ limit: 1 }))).toEqual([b.workflowRunId]);
    const listed = await devCall(dev, "/v2/dev/runs?state=scheduled");
    expect(listed.body).toEqual({ runs: await dev.runs.list({ state: "scheduled" }) });

    const run = await dev.runs.get(b.workflowRunId);
    expect(run).toMatchObject({ state: "scheduled", labels: ["red"], attempts: [] });
    expect((await devCall(dev, `/v2/dev/runs/${b.workflowRunId}`)).body).toEqual(run);
    expect(await dev.runs.get("wfr_nope")).toBeUndefined();
    expect((await devCall(dev, "/v2/dev/runs/wfr_nope")).status).toBe(404);
  });

  it("refuses bad arguments with a ValidationError naming the field", async () => {
    const [dev] = await setUp();
    const cases: [() => Promise<unknown>, string][] = [
      [() => dev.runs.list({ state: "done" as "succeeded" }), "state: must be one of scheduled"],
      [() => dev.runs.list({ label: "" }), "label: must be a non-empty string"],
      [() => dev.runs.list({ limit: 0 }), "limit: must be an integer from 1 to 1000"],
      [() => dev.runs.list({ lable: "x" } as object), 'did you mean "label"'],
      [() => dev.runs.get(42 as unknown as string), "id: runs.get takes a run id"],
      [() => dev.runs.waitFor("", "succeeded"), "id: runs.waitFor takes a run id"],
      [() => dev.runs.waitFor("x", "done" as "succeeded"), "until: must be a run state"],
      [() => dev.runs.waitFor("x", "succeeded", { timeoutMs: 0 }), "timeoutMs: must be an integer"],
      [
        () => dev.runs.waitFor("x", "succeeded", { timeout: 5 } as object),
        'did you mean "timeoutMs"',
      ],
      [() => dev.runs.waitFor("wfr_nope", "succeeded"), 'id: no run with id "wfr_nope"'],
      [() => dev.runs.cancel("wfr_nope"), 'id: no run with id "wfr_nope"'],
    ];
    for (const [call, words] of cases) {
      const error = await call().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error, words).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain(words);
    }
  });
});

describe("GET /v2/dev/runs is bounded", () => {
  it("refuses a listing of more than 1,000 runs with a 400 saying how to narrow it; limit and filters pass", async () => {
    const [dev, endpoint] = await setUp();
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/job`, { "Svc-Delay": "1d" });
    const saved = openSnapshot(await dev.snapshot());
    const template = saved.runs.find((run) => run.id === workflowRunId);
    if (template === undefined) throw new Error("no saved run");
    const runs = Array.from({ length: 1_001 }, (_, i) => ({
      ...template,
      id: `bulk-${i}`,
      view: { ...template.view, workflowRunId: `bulk-${i}` },
    }));
    await dev.restore(sealSnapshot({ ...saved, runs }));

    const all = await devCall(dev, "/v2/dev/runs");
    expect(all).toEqual({
      status: 400,
      body: {
        error:
          "1001 runs match, over the 1000 one listing holds; pass limit (1 to 1000) for the most recent, or narrow by state or label",
      },
    });
    const recent = await devCall(dev, "/v2/dev/runs?limit=1000");
    expect(recent.status).toBe(200);
    expect((recent.body as { runs: RunView[] }).runs.at(-1)?.workflowRunId).toBe("bulk-1000");
    expect(await devCall(dev, "/v2/dev/runs?label=none")).toEqual({
      status: 200,
      body: { runs: [] },
    });
  });
});

describe("waitFor", () => {
  it("resolves with the run once it reaches the state, or a predicate holds", async () => {
    const [dev, endpoint] = await setUp((n) => (n === 1 ? 500 : 200));
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/w`, { "Svc-Retries": "1" });
    const failedOnce = await dev.runs.waitFor(
      workflowRunId,
      (run) => run.attempts.length === 1 && run.state === "retrying",
    );
    expect(failedOnce.attempts[0]?.status).toBe(500);
    const waiting = dev.runs.waitFor(workflowRunId, "succeeded");
    await dev.clock.advance("1s");
    expect((await waiting).attempts.map((attempt) => attempt.status)).toEqual([500, 200]);
  });

  it("rejects naming the state reached when the run ends elsewhere", async () => {
    const [dev, endpoint] = await setUp(() => 200);
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/w`);
    const error = await dev.runs.waitFor(workflowRunId, "callback-failed").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunWaitError);
    expect((error as RunWaitError).message).toBe(
      `run ${workflowRunId} ended in state "succeeded" without reaching "callback-failed"`,
    );
    expect((error as RunWaitError).run.state).toBe("succeeded");
  });

  it("rejects naming the state it is stuck in when the time runs out", async () => {
    const [dev, endpoint] = await setUp();
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/w`, { "Svc-Delay": "1h" });
    await expect(dev.runs.waitFor(workflowRunId, "succeeded", { timeoutMs: 20 })).rejects.toThrow(
      `run ${workflowRunId} is still "scheduled" after 20 ms of waiting for "succeeded"; the clock is manual: advance it`,
    );
  });
});

describe("cancel", () => {
  it("cancels a scheduled run from code: it is never delivered", async () => {
    const [dev, endpoint] = await setUp();
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/s`, { "Svc-Delay": "1h" });
    const cancelled = await dev.runs.cancel(workflowRunId);
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.nextAttemptAt).toBeUndefined();
    await dev.clock.advance("1d");
    expect(endpoint.calls).toEqual([]);
    expect((await dev.runs.get(workflowRunId))?.state).toBe("cancelled");
    await expect(dev.runs.cancel(workflowRunId)).rejects.toThrow(
      `run "${workflowRunId}" already ended (cancelled)`,
    );
  });

  it("cancels a retrying run over HTTP: no retry and no failure call follow", async () => {
    const [dev, endpoint] = await setUp(() => 500);
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/r`, { "Svc-Retries": "2" });
    await dev.runs.waitFor(workflowRunId, "retrying");
    const answer = await devCall(dev, `/v2/dev/runs/${workflowRunId}`, { method: "DELETE" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ workflowRunId, state: "cancelled" });
    await dev.clock.advance("1d");
    expect(endpoint.calls).toHaveLength(1);
    expect((await dev.runs.get(workflowRunId))?.state).toBe("cancelled");

    const again = await devCall(dev, `/v2/dev/runs/${workflowRunId}`, { method: "DELETE" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: `id: run "${workflowRunId}" already ended (cancelled); only an unfinished run can be cancelled`,
    });
    expect((await devCall(dev, "/v2/dev/runs/wfr_nope", { method: "DELETE" })).status).toBe(404);
    expect(
      (await devCall(dev, `/v2/dev/runs/${workflowRunId}`, { method: "DELETE", token: false }))
        .status,
    ).toBe(401);
  });

  it("cancels a run held by flow control before it starts: the next run takes its slot", async () => {
    const [dev, endpoint] = await setUp();
    const start = dev.clock.now();
    const flow = { "Svc-Flow-Control-Key": "k", "Svc-Flow-Control-Value": "rate=1, period=1h" };
    await trigger(dev, `${endpoint.url}/first`, flow);
    const held = await trigger(dev, `${endpoint.url}/held`, flow);
    const after = await trigger(dev, `${endpoint.url}/after`, flow);
    await dev.clock.advance(0);
    await dev.runs.cancel(held.workflowRunId);
    await dev.clock.advance("3h");
    // A cancelled run never starts, so it uses none of the key's starts per period.
    expect(endpoint.calls.map((call) => [call.path, call.at - start])).toEqual([
      ["/first", 0],
      ["/after", HOUR],
    ]);
    expect((await dev.runs.get(after.workflowRunId))?.state).toBe("succeeded");
  });
});

it("cancels a run whose delivery is in flight: the answer is recorded, nothing follows", async () => {
  dev = await startManual();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Records the call at once and answers 500 only once released.
  endpoint = await startReceiver(async () => {
    await released;
    return 500;
  });
  const { workflowRunId } = await trigger(dev, `${endpoint.url}/held`, { "Svc-Retries": "3" });
  await dev.runs.waitFor(workflowRunId, "delivering");
  await dev.runs.cancel(workflowRunId);
  release();
  await dev.clock.advance("1d");
  const run = await dev.runs.get(workflowRunId);
  expect(run?.state).toBe("cancelled");
  expect(run?.attempts.map((attempt) => attempt.status)).toEqual([500]);
  expect(run?.nextAttemptAt).toBeUndefined();
  expect(endpoint.calls).toHaveLength(1);
});

describe("traceparent", () => {
  it("delivers the trigger's forwarded traceparent and shows it in the run view", async () => {
    const [dev, endpoint] = await setUp();
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const wf = new WorkflowClient({ token: dev.token, baseUrl: dev.workflowUrl });
    const { workflowRunId } = await wf.trigger({
      url: `${endpoint.url}/t`,
      headers: { traceparent },
    });
    const plain = await wf.trigger({ url: `${endpoint.url}/plain` });
    const run = await dev.runs.waitFor(workflowRunId, "succeeded");
    expect(endpoint.calls.find((call) => call.path === "/t")?.headers.traceparent).toBe(
      traceparent,
    );
    expect(run.traceparent).toBe(traceparent);
    expect((await devCall(dev, `/v2/dev/runs/${workflowRunId}`)).body).toMatchObject({
      traceparent,
    });
    const other = await dev.runs.waitFor(plain.workflowRunId, "succeeded");
    expect("traceparent" in other).toBe(false);
  });
});
