// Many saved runs restored at once: each is scheduled by the restore alone and delivered
// once, in due order, by one advance; a second restore replaces them before they are due.
// (The bench restores 100,000; a few thousand show the same order on the manual clock.)
import { describe, expect, it } from "vitest";
import type { DevServer } from "../src/index.js";
import { openSnapshot, sealSnapshot } from "../src/persistence/state.js";
import type { SavedRun } from "../src/workflow/saved-runs.js";
import {
  closedAfterEach,
  type Endpoint,
  startEndpoint,
  startManual,
  trigger,
} from "./kit-harness.js";

const DAY = 86_400_000;
const later = closedAfterEach();

/** One real trigger's saved run, copied `count` times with ids `<prefix>-<i>` and `dueAt(i)`. */
async function savedRuns(
  dev: DevServer,
  endpoint: Endpoint,
  prefix: string,
  count: number,
  dueAt: (i: number) => number,
): Promise<SavedRun[]> {
  const { workflowRunId } = await trigger(dev, `${endpoint.url}/job`, {
    "Svc-Delay": "1d",
    "Svc-Label": "bulk",
  });
  const template = openSnapshot(await dev.snapshot()).runs.find((run) => run.id === workflowRunId);
  if (template === undefined || !("step" in template)) throw new Error("no saved run");
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}-${i}`;
    const due = dueAt(i);
    return {
      ...template,
      id,
      notBefore: due,
      view: { ...template.view, workflowRunId: id, notBefore: due, nextAttemptAt: due },
      step: { kind: "delivery", retried: 0, dueAt: due },
    };
  });
}

const delivered = (endpoint: Endpoint) =>
  endpoint.calls.map((call) => String(call.headers["svc-workflow-runid"]));

describe("restoring many runs", () => {
  it("delivers each of 1,000 restored runs once, in due order, equal due times in snapshot order", async () => {
    const dev = later(await startManual());
    const endpoint = later(await startEndpoint(dev));
    const start = dev.clock.now();
    // Due times spread over a day, out of order, with many equal ones (i and i + 250).
    const dueAt = (i: number) => start + 1 + ((i * 7_919) % 250) * 60_000;
    const runs = await savedRuns(dev, endpoint, "bulk", 1_000, dueAt);
    const base = openSnapshot(await dev.snapshot());
    await dev.restore(sealSnapshot({ ...base, savedAt: start, runs }));

    expect(await dev.runs.list({ state: "scheduled" })).toHaveLength(1_000);
    expect(endpoint.calls).toHaveLength(0);
    await dev.clock.advance(DAY);

    const expected = runs
      .map((run, i) => ({ id: run.id, due: dueAt(i), i }))
      .sort((a, b) => a.due - b.due || a.i - b.i);
    expect(delivered(endpoint)).toEqual(expected.map((run) => run.id));
    expect(endpoint.calls.map((call) => call.at)).toEqual(expected.map((run) => run.due));
    const states = new Set((await dev.runs.list()).map((run) => run.state));
    expect([...states]).toEqual(["succeeded"]);
  });

  it("a second restore before they are due replaces the first one's runs: none of those is delivered", async () => {
    const dev = later(await startManual());
    const endpoint = later(await startEndpoint(dev));
    const start = dev.clock.now();
    const first = await savedRuns(dev, endpoint, "first", 200, (i) => start + 1_000 + i);
    const second = await savedRuns(dev, endpoint, "second", 200, (i) => start + 2_000 - i);
    const base = openSnapshot(await dev.snapshot());
    await dev.restore(sealSnapshot({ ...base, savedAt: start, runs: first }));
    await dev.restore(sealSnapshot({ ...base, savedAt: start, runs: second }));
    await dev.clock.advance(DAY);

    expect(delivered(endpoint)).toEqual(second.map((run) => run.id).reverse());
    expect(await dev.runs.get("first-0")).toBeUndefined();
  });

  it("delivers each restored run its own body, runs with the same body sharing it", async () => {
    const dev = later(await startManual());
    const endpoint = later(await startEndpoint(dev));
    const start = dev.clock.now();
    const bodies = ['{"n":1}', '{"n":2}', '{"n":1}', "", '{"n":2}'];
    const runs = (await savedRuns(dev, endpoint, "body", bodies.length, (i) => start + i)).map(
      (run, i) => ({
        ...run,
        body: Buffer.from(bodies[i] as string).toString("base64"),
        view: { ...run.view, bodyBytes: (bodies[i] as string).length },
      }),
    );
    const base = openSnapshot(await dev.snapshot());
    await dev.restore(sealSnapshot({ ...base, savedAt: start, runs }));
    await dev.clock.advance(DAY);

    expect(endpoint.calls.map((call) => call.body.toString())).toEqual(bodies);
    // Taken again, each run keeps its body.
    const again = openSnapshot(await dev.snapshot()).runs.filter((run) =>
      run.id.startsWith("body-"),
    );
    expect(again.map((run) => run.view.bodyBytes)).toEqual(bodies.map((body) => body.length));
  });
});
