// Snapshots: dev.snapshot() / GET /v2/dev/snapshot hold both services' state as plain JSON,
// dev.restore() / PUT /v2/dev/snapshot put it back mid-test (deliveries in flight cancelled
// first), and the state file is the same value.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ValidationError } from "@x/core";
import { VectorIndex } from "@x/vector";
import { describe, expect, it } from "vitest";
import { startDevServer } from "../src/index.js";
import {
  openSnapshot,
  readSnapshotFile,
  type SnapshotData,
  sealSnapshot,
} from "../src/persistence/state.js";
import { closedAfterEach, devCall, startEndpoint, startManual, trigger } from "./kit-harness.js";
import { startReceiver } from "./workflow-harness.js";

const HOUR = 3_600_000;
const later = closedAfterEach();

describe("snapshot and restore", () => {
  it("restores runs, the clock, records and faults mid-test, and the test goes on from there", async () => {
    const dev = later(await startManual({ randomSeed: 3 }));
    const endpoint = later(await startEndpoint(dev));
    const start = dev.clock.now();
    await dev.vector.upsert([{ id: "a", vector: [1, 0] }], { namespace: "movies" });
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/later`, { "Svc-Delay": "1h" });
    await dev.faults.add({ service: "vector", method: "GET", status: 503, times: Infinity });
    const saved = await dev.snapshot();
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);

    // The test moves on: the run is delivered, records and faults change.
    await dev.clock.advance("2h");
    await dev.vector.upsert([{ id: "b", vector: [0, 1] }], { namespace: "movies" });
    await dev.vector.reset({ namespace: "movies" });
    await dev.faults.clear();
    const other = await trigger(dev, `${endpoint.url}/other`);
    await dev.clock.advance(0);
    expect(endpoint.calls.map((call) => call.path)).toEqual(["/later", "/other"]);

    await dev.restore(saved);
    expect(dev.clock.now()).toBe(start);
    expect(await dev.runs.get(other.workflowRunId)).toBeUndefined();
    expect(await dev.runs.get(workflowRunId)).toMatchObject({
      state: "scheduled",
      nextAttemptAt: start + HOUR,
    });
    expect(await dev.faults.list()).toMatchObject([{ id: "fault_1", times: "Infinity" }]);
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    const found = await index.namespace("movies").fetch(["a", "b"]);
    expect(found.map((record) => record?.id ?? null)).toEqual(["a", null]);

    // From here the saved run is delivered once more, at its own time; the ids go on alike.
    await dev.clock.advance("1h");
    expect(endpoint.calls.map((call) => [call.path, call.at])).toEqual([
      ["/later", start + HOUR],
      ["/other", start + 2 * HOUR],
      ["/later", start + HOUR],
    ]);
    expect((await dev.runs.get(workflowRunId))?.state).toBe("succeeded");
    const again = await trigger(dev, `${endpoint.url}/other`);
    expect(again.workflowRunId).toBe(other.workflowRunId);
  });

  it("cancels a delivery in flight before it restores", async () => {
    const dev = later(await startManual());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = await startReceiver(async () => {
      await held;
      return 200;
    });
    const empty = await dev.snapshot();
    const { workflowRunId } = await trigger(dev, `${slow.url}/slow`);
    while (slow.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await dev.runs.get(workflowRunId))?.state).toBe("delivering");
    await dev.restore(empty);
    expect(await dev.runs.list()).toEqual([]);
    release();
    await slow.close();
  });

  it("goes over HTTP on either port: GET and PUT /v2/dev/snapshot; a malformed one is a 400", async () => {
    const dev = later(await startManual());
    const endpoint = later(await startEndpoint(dev));
    await trigger(dev, `${endpoint.url}/later`, { "Svc-Delay": "1d" });
    const got = await fetch(`${dev.vectorUrl}/v2/dev/snapshot`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    const snapshot = (await got.json()) as SnapshotData;
    expect(snapshot).toEqual(openSnapshot(await dev.snapshot()));
    await trigger(dev, `${endpoint.url}/extra`);
    const put = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: snapshot });
    expect(put).toEqual({ status: 200, body: { restored: true } });
    expect((await dev.runs.list()).map((run) => run.url)).toEqual([`${endpoint.url}/later`]);

    const bad = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: { format: "x" } });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(
      /^the snapshot is not an x-dev state file/,
    );
    const wrongIndex = { ...snapshot, index: { ...snapshot.index, dimension: 3 } };
    await expect(dev.restore(sealSnapshot(wrongIndex))).rejects.toThrow(ValidationError);
    expect((await devCall(dev, "/v2/dev/snapshot", { method: "POST" })).status).toBe(405);
    expect((await devCall(dev, "/v2/dev/snapshot", { token: false })).status).toBe(401);
    // A refused snapshot changed nothing.
    expect(await dev.runs.list()).toHaveLength(1);
  });

  it("refuses a snapshot with a malformed record, over HTTP with a 400, in code with a ValidationError, and restored records count at once", async () => {
    const dev = later(await startManual());
    await dev.vector.upsert([
      { id: "a", vector: [0.1, 0.2], metadata: { n: 1 } },
      { id: "b", vector: [0.3, 0.4] },
    ]);
    const good = openSnapshot(await dev.snapshot());
    const records = good.namespaces[""] ?? [];
    const broken = (record: object) => ({
      ...good,
      namespaces: { "": [records[0], { ...records[1], ...record }] },
    });
    const cases: [object, string][] = [
      [{ vector: [0.3, "0.4"] }, "[1].vector: must hold finite numbers within float32 range"],
      [{ vector: [0.3, 1e39] }, "[1].vector: must hold finite numbers within float32 range"],
      // A bad value is named before a wrong length, as on upsert.
      [{ vector: [null, 0.4, 0.5] }, "[1].vector: must hold finite numbers within float32 range"],
      [{ vector: [0.3, 0.4, 0.5] }, "Invalid vector dimension: 3, expected: 2"],
      [{ vector: undefined }, "[1].vector: required on a DENSE index"],
    ];
    for (const [record, message] of cases) {
      const put = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: broken(record) });
      expect(put).toEqual({
        status: 400,
        body: { error: `the snapshot, namespace "": ${message}` },
      });
      await expect(
        dev.restore(sealSnapshot(broken(record) as unknown as SnapshotData)),
      ).rejects.toThrow(new ValidationError("snapshot", `the snapshot, namespace "": ${message}`));
    }

    await dev.restore(sealSnapshot(good));
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    expect(await index.info()).toMatchObject({ vectorCount: 2, pendingVectorCount: 0 });
    expect(openSnapshot(await dev.snapshot())).toEqual(good);
  });

  it("changes nothing when a later namespace holds a bad record: records, runs, faults and clock stay", async () => {
    const dev = later(await startManual({ randomSeed: 5 }));
    const endpoint = later(await startEndpoint(dev));
    await dev.vector.upsert([{ id: "kept", vector: [1, 0] }], { namespace: "a" });
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/kept`, { "Svc-Delay": "1h" });
    await dev.faults.add({ service: "vector", status: 503 });
    const faults = await dev.faults.list();
    await dev.faults.clear();
    const saved = openSnapshot(await dev.snapshot());
    // The snapshot's first namespaces and its runs are sound; the last namespace is not.
    const bad: SnapshotData = {
      ...saved,
      savedAt: saved.savedAt + HOUR,
      runs: [],
      namespaces: {
        a: [{ id: "other", vector: [0, 1] }],
        b: [{ id: "fine", vector: [0.5, 0.5] }],
        // As a hand edit leaves it: a number in quotes.
        c: JSON.parse('[{ "id": "broken", "vector": [0.5, "0.5"] }]'),
      },
      faults,
    };

    await expect(dev.restore(sealSnapshot(bad))).rejects.toThrow('namespace "c": [0].vector');
    const put = await devCall(dev, "/v2/dev/snapshot", { method: "PUT", body: bad });
    expect(put.status).toBe(400);
    expect(openSnapshot(await dev.snapshot())).toEqual(saved);
    expect((await dev.runs.get(workflowRunId))?.state).toBe("scheduled");
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    expect(await index.namespace("a").fetch(["kept", "other"])).toMatchObject([
      { id: "kept" },
      null,
    ]);
  });

  it("the state file holds a snapshot: what close() writes, restore() takes", async () => {
    const folder = mkdtempSync(join(tmpdir(), "x-dev-snapshot-"));
    try {
      const stateFile = join(folder, "state.json");
      const first = await startManual({ stateFile });
      const endpoint = later(await startEndpoint(first));
      await trigger(first, `${endpoint.url}/later`, { "Svc-Delay": "1d" });
      await first.vector.upsert([{ id: "a", vector: [1, 0] }]);
      const expected = openSnapshot(await first.snapshot());
      await first.close();
      const written = (await readSnapshotFile(stateFile)) as SnapshotData;
      expect(written).toEqual(expected);

      const dev = later(await startDevServer({ clock: "manual", vector: { dimension: 2 } }));
      await dev.restore(sealSnapshot(written));
      expect((await dev.runs.list()).map((run) => run.state)).toEqual(["scheduled"]);
      expect(dev.clock.now()).toBe(written.savedAt);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
