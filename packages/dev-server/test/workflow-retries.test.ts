import { expect, test } from "vitest";
import type { RunView } from "../src/workflow/runs.js";
import { perTest, type Reply, type Started, triggerOk, untilState } from "./workflow-harness.js";

const each = perTest();
const setup = (timeScale: number, reply: Reply) => each.setup({ timeScale, workflow: reply });

// Waits between one delivery's answer and the next start, as the service recorded them:
// arrival times at the endpoint would add connection jitter to a few-ms schedule.
function waits(run: RunView): number[] {
  const deliveries = run.attempts.filter((a) => a.kind === "delivery");
  return deliveries
    .slice(1)
    .map((a, i) => a.startedAt - (deliveries[i]?.finishedAt ?? a.startedAt));
}

async function run(svc: Started, id: string | undefined, states: Parameters<typeof untilState>[2]) {
  return untilState(svc, id ?? "", states, 10_000);
}

test("a failing step is retried with the Svc-Retry-Delay expression, evaluated with retried", async () => {
  // Fails three times, then succeeds: four attempts, three waits of 1, 2 and 3 s scaled to
  // 30, 60 and 90 ms.
  const { svc, workflow } = await setup(0.03, (_, index) => (index < 3 ? 503 : 200));
  const id = await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: { "Svc-Retry-Delay": "1000 * (retried + 1)", "content-type": "text/plain" },
    body: "same body every time",
  });
  const done = await run(svc, id, ["succeeded"]);
  expect(workflow.calls).toHaveLength(4);
  expect(workflow.calls.map((c) => c.headers["svc-retried"])).toEqual(["0", "1", "2", "3"]);
  expect(workflow.calls.map((c) => c.headers["svc-attempt"])).toEqual(["1", "2", "3", "4"]);
  expect(new Set(workflow.calls.map((c) => c.body.toString()))).toEqual(
    new Set(["same body every time"]),
  );
  expect(done.attempts.map((a) => a.status)).toEqual([503, 503, 503, 200]);
  const lines = svc.log.filter((line) => line.includes(id));
  expect(lines[0]).toMatch(/triggered, delivery to http:\/\/127\.0\.0\.1:\d+\/wf in 0 ms/);
  expect(lines).toContainEqual(
    expect.stringMatching(/delivery attempt 1\/4 -> 503, retry in 30 ms/),
  );
  expect(lines.at(-1)).toMatch(/delivery attempt 4\/4 -> 200, succeeded/);
  const [first = 0, second = 0, third = 0] = waits(done);
  expect(first).toBeGreaterThanOrEqual(29);
  expect(second).toBeGreaterThanOrEqual(59);
  expect(third).toBeGreaterThanOrEqual(89);
  expect(third).toBeGreaterThan(first);
  // Loosely, at the endpoint too: the four calls span at least most of the 180 ms of waits.
  expect((workflow.calls[3]?.at ?? 0) - (workflow.calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(150);
});

test("without an expression the default backoff min(86400, e^(2.5 n)) s applies, scaled", async () => {
  // 1 s, 12.2 s and 148 s at a time scale of 0.001: about 1, 12 and 148 ms.
  const { svc, workflow, callback } = await setup(0.001, () => 500);
  const id = await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: { "Svc-Failure-Callback": `${callback.url}/failed` },
  });
  const done = await run(svc, id, ["callback-succeeded"]);
  // The default Svc-Retries is 3: four deliveries in all.
  expect(workflow.calls).toHaveLength(4);
  const [, second = 0, third = 0] = waits(done);
  expect(second).toBeGreaterThanOrEqual(11);
  expect(third).toBeGreaterThanOrEqual(147);
  expect(third).toBeGreaterThan(second);
});

test("Svc-Retries 0 means one attempt, then the failure call", async () => {
  const { svc, workflow, callback } = await setup(0.001, () => 500);
  const id = await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: { "Svc-Retries": "0", "Svc-Failure-Callback": `${callback.url}/failed` },
  });
  const done = await run(svc, id, ["callback-succeeded"]);
  expect(workflow.calls).toHaveLength(1);
  expect(callback.calls).toHaveLength(1);
  expect(done.attempts.map((a) => a.kind)).toEqual(["delivery", "failure-call"]);
});

test("any 2xx ends the retries; 3xx and 4xx count as failures", async () => {
  const statuses = [302, 404, 204];
  const { svc, workflow } = await setup(0.001, (_, index) => statuses[index] ?? 200);
  const id = await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: { "Svc-Retry-Delay": "1" },
  });
  const done = await run(svc, id, ["succeeded"]);
  expect(done.attempts.map((a) => a.status)).toEqual([302, 404, 204]);
});

test("a negative expression result retries at once instead of failing the run", async () => {
  const { svc, workflow } = await setup(1, (_, index) => (index === 0 ? 500 : 200));
  const id = await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: { "Svc-Retry-Delay": "-1000 * (retried + 1)" },
  });
  const done = await run(svc, id, ["succeeded"]);
  expect(done.attempts.map((a) => a.status)).toEqual([500, 200]);
});

test("a huge expression result is held to the one-day cap of the default backoff", async () => {
  // pow(10, 400) ms is infinite; capped at 86,400 s, scaled by 0.000001 to 86.4 ms.
  const { svc, workflow } = await setup(0.000001, (_, index) => (index === 0 ? 500 : 200));
  const id = await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: { "Svc-Retry-Delay": "pow(10, 400)" },
  });
  const done = await run(svc, id, ["succeeded"]);
  const [wait = 0] = waits(done);
  expect(wait).toBeGreaterThanOrEqual(85);
});
