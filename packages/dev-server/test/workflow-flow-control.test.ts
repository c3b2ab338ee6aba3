import { expect, test } from "vitest";
import { perTest, type Reply, triggerOk, until } from "./workflow-harness.js";

const each = perTest();
const setup = (timeScale: number, reply: Reply) => each.setup({ timeScale, workflow: reply });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function flow(key: string, value: string, body: string) {
  return {
    headers: {
      "Svc-Flow-Control-Key": key,
      "Svc-Flow-Control-Value": value,
      "content-type": "text/plain",
    },
    body,
  };
}

test("never more deliveries in flight per key than parallelism; none is dropped", async () => {
  const { svc, workflow } = await setup(0.001, async () => {
    await sleep(30);
    return 200;
  });
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      triggerOk(svc.base, `${workflow.url}/wf`, flow("tenant-1", "parallelism=2", String(i))),
    ),
  );
  await until(() => workflow.calls.length === 8 && workflow.active() === 0, 5000, "8 deliveries");
  expect(workflow.maxActive()).toBe(2);
  expect(workflow.calls.map((c) => c.body.toString()).sort()).toEqual(
    ["0", "1", "2", "3", "4", "5", "6", "7"].sort(),
  );
  await until(
    () => svc.service.runs().every((run) => run.state === "succeeded"),
    2000,
    "every run to succeed",
  );
});

test("runs over the limit wait in arrival order", async () => {
  const { svc, workflow } = await setup(0.001, async () => {
    await sleep(5);
    return 200;
  });
  for (let i = 0; i < 6; i++) {
    await triggerOk(svc.base, `${workflow.url}/wf`, flow("serial", "parallelism=1", String(i)));
  }
  await until(() => workflow.calls.length === 6, 5000, "6 deliveries");
  expect(workflow.calls.map((c) => c.body.toString())).toEqual(["0", "1", "2", "3", "4", "5"]);
  expect(workflow.maxActive()).toBe(1);
});

test("at most rate starts per period", async () => {
  // rate=2 per 1 s, scaled by 0.1: at most two starts in any 100 ms.
  const { svc, workflow } = await setup(0.1, () => 200);
  await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      triggerOk(svc.base, `${workflow.url}/wf`, flow("rated", "rate=2, period=1s", String(i))),
    ),
  );
  await until(() => workflow.calls.length === 6, 5000, "6 deliveries");
  // Start times as the service took them: arrival at the endpoint adds connection jitter.
  const starts = svc.service
    .runs()
    .map((run) => run.attempts[0]?.startedAt ?? 0)
    .sort((a, b) => a - b);
  for (let i = 2; i < starts.length; i++) {
    // The third start of any window comes a full period (100 ms) after the first.
    expect((starts[i] ?? 0) - (starts[i - 2] ?? 0)).toBeGreaterThanOrEqual(99);
  }
  const arrivals = workflow.calls.map((c) => c.at);
  expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(150);
});

test("limits are per key: a busy key does not hold back another", async () => {
  let releaseBusy: (() => void) | undefined;
  const { svc, workflow } = await setup(0.001, (call) =>
    call.body.toString() === "busy"
      ? new Promise<number>((resolve) => {
          releaseBusy = () => resolve(200);
        })
      : 200,
  );
  await triggerOk(svc.base, `${workflow.url}/wf`, flow("a", "parallelism=1", "busy"));
  await until(() => workflow.active() === 1, 5000, "the busy delivery");
  await triggerOk(svc.base, `${workflow.url}/wf`, flow("a", "parallelism=1", "queued"));
  await triggerOk(svc.base, `${workflow.url}/wf`, flow("b", "parallelism=1", "other key"));
  await until(() => workflow.calls.some((c) => c.body.toString() === "other key"), 5000, "key b");
  expect(workflow.calls.map((c) => c.body.toString())).toEqual(["busy", "other key"]);
  expect(svc.service.runs()[1]?.state).toBe("waiting");
  releaseBusy?.();
  await until(() => workflow.calls.length === 3, 5000, "the queued delivery");
  expect(workflow.calls[2]?.body.toString()).toBe("queued");
});

test("retries of a run wait for its key like any delivery", async () => {
  let first = true;
  const { svc, workflow } = await setup(0.001, async (call) => {
    await sleep(10);
    if (call.body.toString() === "flaky" && first) {
      first = false;
      return 500;
    }
    return 200;
  });
  const bodies = ["flaky", "b", "c", "d"];
  await Promise.all(
    bodies.map((body) =>
      triggerOk(svc.base, `${workflow.url}/wf`, {
        ...flow("shared", "parallelism=1", body),
        headers: { ...flow("shared", "parallelism=1", body).headers, "Svc-Retry-Delay": "0" },
      }),
    ),
  );
  await until(() => workflow.calls.length === 5 && workflow.active() === 0, 5000, "5 deliveries");
  expect(workflow.maxActive()).toBe(1);
});
