// A restart with --state keeps each waiting run in the state it was saved in, with its due
// time, in every view; the state file holds a copy of the run, not the view close() cancels.
// A manual clock goes on from the saved time, so no saved run comes due during the stop,
// and a range cursor issued before the stop still pages on.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VectorIndex } from "@x/vector";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { readSnapshotFile, type SnapshotData } from "../src/persistence/state.js";
import { devCall, type Endpoint, startEndpoint, startManual, trigger } from "./kit-harness.js";

let dir: string;
let dev: DevServer | undefined;
let endpoint: Endpoint | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-restart-"));
});
afterEach(async () => {
  await dev?.close();
  await endpoint?.close();
  dev = undefined;
  endpoint = undefined;
  await rm(dir, { recursive: true, force: true });
});

it("a scheduled and a retrying run come back in their states and due times", async () => {
  const file = join(dir, "state.json");
  dev = await startManual({ stateFile: file });
  endpoint = await startEndpoint(dev, (n) => (n === 1 ? 503 : 200));
  const start = dev.clock.now();
  const retrying = await trigger(dev, `${endpoint.url}/retrying`, { "Svc-Retry-Delay": "60000" });
  await dev.runs.waitFor(retrying.workflowRunId, "retrying");
  const scheduled = await trigger(dev, `${endpoint.url}/scheduled`, { "Svc-Delay": "2h" });
  const before = await dev.runs.list();
  expect(before.map((run) => [run.state, run.nextAttemptAt])).toEqual([
    ["retrying", start + 60_000],
    ["scheduled", start + 7_200_000],
  ]);
  await dev.close();

  const saved = (await readSnapshotFile(file)) as SnapshotData;
  expect(saved.runs.map((run) => run.view.state)).toEqual(["retrying", "scheduled"]);
  expect(saved.savedAt).toBe(start);

  dev = await startManual({ stateFile: file });
  // The manual clock goes on from the saved time, so nothing came due during the stop.
  expect(dev.clock.now()).toBeGreaterThanOrEqual(start);
  const now = dev.clock.now();
  const after = await dev.runs.list();
  expect(after.map((run) => [run.workflowRunId, run.state, run.nextAttemptAt])).toEqual([
    [retrying.workflowRunId, "retrying", start + 60_000],
    [scheduled.workflowRunId, "scheduled", start + 7_200_000],
  ]);
  expect((await devCall(dev, "/v2/dev/runs")).body).toEqual({ runs: after });

  await dev.clock.advance(start + 7_200_000 - now);
  const done = await dev.runs.list();
  expect(done.map((run) => run.state)).toEqual(["succeeded", "succeeded"]);
  expect(done.map((run) => run.attempts.map((attempt) => attempt.startedAt))).toEqual([
    [start, start + 60_000],
    [start + 7_200_000],
  ]);
});

it("a manual clock restarts at the saved time when that is ahead of the wall clock", async () => {
  const file = join(dir, "state.json");
  dev = await startManual({ stateFile: file });
  const savedAt = await dev.clock.advance("30d");
  await dev.close();

  dev = await startManual({ stateFile: file });
  expect(dev.clock.now()).toBe(savedAt);
  await dev.close();
  // The real clock is the wall clock, whatever time the file was saved at.
  dev = await startDevServer({ stateFile: file });
  expect(dev.clock.now()).toBeLessThan(savedAt);
});

it("a range cursor issued before the restart pages on after it", async () => {
  const file = join(dir, "state.json");
  dev = await startManual({ stateFile: file });
  await dev.vector.upsert([
    { id: "a", vector: [1, 0] },
    { id: "b", vector: [0, 1] },
  ]);
  const before = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  const first = await before.range({ cursor: "0", limit: 1 });
  expect(first.vectors.map((record) => record.id)).toEqual(["a"]);
  await dev.close();

  // The server's modules loaded afresh, as a restarted process loads them: nothing held in
  // module state (a key drawn at start, say) carries over to the second server.
  vi.resetModules();
  const restarted = await import("../src/index.js");
  dev = await restarted.startDevServer({
    clock: "manual",
    vector: { dimension: 2 },
    stateFile: file,
  });
  const after = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  const next = await after.range({ cursor: first.nextCursor, limit: 1 });
  expect(next.vectors.map((record) => record.id)).toEqual(["b"]);
});
