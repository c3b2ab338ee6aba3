import { expect, test } from "vitest";
import { closedAfterEach, startEndpoint, startManual, trigger } from "./kit-harness.js";
import { perTest, type Reply, triggerOk, until } from "./workflow-harness.js";

const HOUR = 3_600_000;
const later = closedAfterEach();

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

test("at most rate starts per period, each the moment the period allows", async () => {
  // On the manual clock: which runs start, and at what time, is exact, not a measured gap.
  const dev = later(await startManual());
  const endpoint = later(await startEndpoint(dev));
  const start = dev.clock.now();
  for (let i = 0; i < 6; i++) {
    await trigger(dev, `${endpoint.url}/${i}`, {
      "Svc-Flow-Control-Key": "rated",
      "Svc-Flow-Control-Value": "rate=2, period=1h",
    });
  }
  await dev.clock.advance(0);
  expect(endpoint.calls).toHaveLength(2);
  await dev.clock.advance(HOUR - 1);
  expect(endpoint.calls).toHaveLength(2);
  await dev.clock.advance("2h");
  expect(endpoint.calls.map((call) => [call.path, call.at - start])).toEqual([
    ["/0", 0],
    ["/1", 0],
    ["/2", HOUR],
    ["/3", HOUR],
    ["/4", 2 * HOUR],
    ["/5", 2 * HOUR],
  ]);
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
