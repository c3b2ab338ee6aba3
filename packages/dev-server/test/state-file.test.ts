// --state FILE: vectors, namespaces and unfinished runs survive a stop and a start, and the
// runs resume at their next step with their attempt count and flow-control key.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { readSnapshotFile, type SnapshotData } from "../src/persistence/state.js";
import { startReceiver, until } from "./workflow-harness.js";

const TOKEN = "state-token";
const auth = { authorization: `Bearer ${TOKEN}` };
let dir: string;
const open: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-state-"));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(file: string, lines: string[] = [], timeScale = 1): Promise<DevServer> {
  const dev = await startDevServer({
    token: TOKEN,
    vector: { dimension: 2 },
    stateFile: file,
    timeScale,
    log: (line) => lines.push(line),
  });
  open.push(dev);
  return dev;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function runsOf(dev: DevServer) {
  const response = await fetch(`${dev.workflowUrl}/v2/dev/runs`, { headers: auth });
  return (
    (await response.json()) as {
      runs: { workflowRunId: string; state: string; attempts: unknown[] }[];
    }
  ).runs;
}

it("saves vectors, namespaces and a retrying run on close, and resumes them on start", async () => {
  const file = join(dir, "state.json");
  let failing = true;
  const endpoint = await startReceiver(() => (failing ? 503 : 200));
  open.push(endpoint);
  const lines: string[] = [];
  const first = await start(file, lines, 1);
  await post(`${first.vectorUrl}/upsert`, {
    id: "a",
    vector: [1, 0],
    metadata: { k: 1 },
    data: "d",
  });
  await post(`${first.vectorUrl}/upsert/empty-soon`, { id: "x", vector: [0, 1] });
  await post(`${first.vectorUrl}/delete/empty-soon`, { ids: ["x"] });
  const target = encodeURIComponent(`${endpoint.url}/wf`);
  const trigger = await post(
    `${first.workflowUrl}/v2/trigger/${target}`,
    { n: 1 },
    {
      "Svc-Workflow-RunId": "kept",
      "Svc-Retries": "3",
      "Svc-Retry-Delay": "1000",
      "Svc-Flow-Control-Key": "tenant",
      "Svc-Flow-Control-Value": "parallelism=1",
    },
  );
  expect(trigger.status).toBe(200);
  // Stop once the first attempt's failure is recorded and its retry is waiting.
  let before = await runsOf(first);
  for (let polls = 0; polls < 500 && before[0]?.state !== "retrying"; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    before = await runsOf(first);
  }
  expect(before[0]?.state).toBe("retrying");
  await first.close();
  expect(
    lines.some((line) => line.includes("saved 1 vector in 2 namespaces and 1 unfinished run")),
  ).toBe(true);
  const saved = (await readSnapshotFile(file)) as SnapshotData;
  expect((saved.runs[0] as { step?: unknown }).step).toMatchObject({
    kind: "delivery",
    retried: 1,
  });

  failing = false;
  const second = await start(file, lines, 1);
  expect(
    lines.some((line) => line.includes("loaded 1 vector in 2 namespaces and 1 unfinished run")),
  ).toBe(true);
  const fetched = await post(`${second.vectorUrl}/fetch`, {
    ids: ["a"],
    includeMetadata: true,
    includeData: true,
    includeVectors: true,
  });
  expect(fetched.body.result).toEqual([{ id: "a", vector: [1, 0], metadata: { k: 1 }, data: "d" }]);
  const range = await post(`${second.vectorUrl}/range/empty-soon`, { cursor: "0", limit: 5 });
  expect(range.status).toBe(200);
  await until(() => endpoint.calls.length === 2, 5000, "the resumed attempt");
  const call = endpoint.calls[1]!;
  expect(call.headers["svc-attempt"]).toBe("2");
  expect(call.headers["svc-workflow-runid"]).toBe("kept");
  expect(JSON.parse(call.body.toString())).toEqual({ n: 1 });
  let runs = await runsOf(second);
  for (let polls = 0; polls < 500 && runs[0]?.state !== "succeeded"; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    runs = await runsOf(second);
  }
  expect(runs[0]).toMatchObject({
    workflowRunId: "kept",
    state: "succeeded",
    flowControl: { key: "tenant", parallelism: 1 },
  });
  expect(runs[0]!.attempts).toHaveLength(2);
  // The same trigger again is still recognised as a repeat of the saved run.
  const repeat = await post(
    `${second.workflowUrl}/v2/trigger/${target}`,
    { n: 1 },
    {
      "Svc-Workflow-RunId": "kept",
      "Svc-Retries": "3",
      "Svc-Retry-Delay": "1000",
      "Svc-Flow-Control-Key": "tenant",
      "Svc-Flow-Control-Value": "parallelism=1",
    },
  );
  expect(repeat.body).toEqual(trigger.body);
});

it("without a state file, close() says how many unfinished runs it dropped", async () => {
  const lines: string[] = [];
  const dev = await startDevServer({ token: TOKEN, log: (line) => lines.push(line) });
  open.push(dev);
  const target = encodeURIComponent("http://127.0.0.1:1/wf");
  await post(`${dev.workflowUrl}/v2/trigger/${target}`, {}, { "Svc-Delay": "1h" });
  await dev.close();
  expect(lines).toContain("x-dev: dropped 1 unfinished run (start with --state FILE to keep them)");
});

it.each([
  ["not JSON", "{ oops", "is not valid JSON"],
  ["another file", JSON.stringify({ name: "package" }), "is not an x-dev state file"],
  [
    "another index",
    JSON.stringify({
      format: "x-dev-state",
      version: 1,
      savedAt: 0,
      index: { dimension: 3, metric: "COSINE", type: "DENSE" },
      namespaces: {},
      runs: [],
    }),
    "holds a DENSE index (3 dimensions",
  ],
])("a state file that is %s is a clear startup error", async (_, text, words) => {
  const file = join(dir, "bad.json");
  await writeFile(file, text);
  await expect(start(file)).rejects.toThrow(words);
});
