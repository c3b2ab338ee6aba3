// The dev server as a test kit at scale: timers scheduled on the manual clock (10k to 100k),
// 100,000 scheduled runs created from a snapshot and advanced through (each delivered once,
// in due order, to a stub fetch: the scheduler's cost, not the network's), and restoring a
// snapshot of 10,000 records of 384 dimensions and 1,000 runs.
// node --conditions=source --import tsx devserver-kit.ts
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createClock,
  createWorkflowService,
  type DevSnapshot,
  startDevServer,
  type WorkflowSnapshot,
} from "@x/dev-server";
import { isMain } from "../scripts/lib/main.mjs";
import { random, records } from "./lib/data";
import { fmt, quantile, table } from "./lib/results.mjs";

// The snapshot types are opaque (their fields are the dev server's own, not its API); the
// bench builds snapshots by editing their JSON, so it names the fields it edits here.
interface SavedRun {
  id: string;
  notBefore: number;
  view: Record<string, unknown>;
  step: { kind: string; retried: number; dueAt: number | null };
  [field: string]: unknown;
}
interface SnapshotJson {
  runs: SavedRun[];
  [field: string]: unknown;
}
const json = (snapshot: WorkflowSnapshot | DevSnapshot) => snapshot as unknown as SnapshotJson;

const TOKEN = "dev_bench_token_0123456789";
const TIMER_COUNTS = [10_000, 20_000, 40_000, 100_000];
const RUNS = Number(process.env.BENCH_KIT_RUNS ?? 100_000);
const START = Date.UTC(2030, 0, 1);
/** Due times spread over a day, shuffled, many equal: the order `advance` must keep. */
const dueOffsets = (count: number) => {
  const next = random(5);
  return Array.from({ length: count }, () => Math.floor(next() * 86_400_000));
};

function scheduleTimers(count: number): { ms: number } {
  const clock = createClock("manual", 0);
  const dues = dueOffsets(count);
  const started = performance.now();
  for (const due of dues) clock.after(due, () => {});
  return { ms: performance.now() - started };
}

/** One real trigger's saved run, to copy: the bench builds snapshots, not HTTP traffic. */
async function templateRun(): Promise<SavedRun> {
  const service = createWorkflowService({ token: TOKEN, clock: createClock("manual", START) });
  const server = createServer(service.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await fetch(`http://127.0.0.1:${port}/v2/trigger/http://127.0.0.1:9/job`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      "Svc-Delay": "1d",
    },
    body: "{}",
  });
  const [run] = json(service.snapshot()).runs;
  server.close();
  await service.close();
  if (run === undefined) throw new Error("the trigger made no run");
  return run;
}

function scheduledRuns(template: SavedRun, count: number): SavedRun[] {
  return dueOffsets(count).map((offset, i) => {
    const id = `wfr_bench_${i}`;
    const dueAt = START + offset;
    return {
      ...template,
      id,
      notBefore: dueAt,
      view: { ...template.view, workflowRunId: id, notBefore: dueAt, nextAttemptAt: dueAt },
      step: { kind: "delivery", retried: 0, dueAt },
    };
  });
}

async function hundredThousandRuns(template: SavedRun) {
  const delivered: string[] = [];
  const stub = async (_url: string | URL | Request, init?: RequestInit) => {
    delivered.push(new Headers(init?.headers).get("svc-workflow-runid") ?? "");
    return new Response(null, { status: 200 });
  };
  const clock = createClock("manual", START);
  const service = createWorkflowService({ token: TOKEN, clock, fetch: stub as typeof fetch });
  const runs = scheduledRuns(template, RUNS);
  const snapshot = { savedAt: START, runs, flowControl: [] } as unknown as WorkflowSnapshot;
  let started = performance.now();
  await service.restore(snapshot);
  const createMs = performance.now() - started;
  started = performance.now();
  await clock.advance("1d");
  const advanceMs = performance.now() - started;
  // Each once, in due order (equal due times in the order they were scheduled).
  const expected = runs
    .map((run, i) => ({ id: run.id, due: run.step.dueAt ?? Number.POSITIVE_INFINITY, i }))
    .sort((a, b) => a.due - b.due || a.i - b.i)
    .map((run) => run.id);
  const inOrder = delivered.length === RUNS && delivered.every((id, i) => id === expected[i]);
  await service.close();
  return { createMs, advanceMs, inOrder };
}

async function restoreSnapshot(template: SavedRun) {
  const next = random(17);
  const dev = await startDevServer({ clock: "manual", startAt: START, vector: { dimension: 384 } });
  try {
    for (let from = 0; from < 10_000; from += 1000) {
      await dev.vector.upsert(records(next, 384, 1000, from));
    }
    const base = json(await dev.snapshot());
    const snapshot = { ...base, runs: scheduledRuns(template, 1000) } as unknown as DevSnapshot;
    await dev.restore(snapshot);
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      await dev.restore(snapshot);
      samples.push(performance.now() - started);
    }
    const started = performance.now();
    const taken = await dev.snapshot();
    const takeMs = performance.now() - started;
    const bytes = Buffer.byteLength(JSON.stringify(taken));
    return { p50: quantile(samples, 0.5), min: Math.min(...samples), takeMs, bytes };
  } finally {
    await dev.close();
  }
}

export async function kitSection() {
  const timerMs = TIMER_COUNTS.map((count) => {
    scheduleTimers(count); // warm-up
    return quantile(
      Array.from({ length: 3 }, () => scheduleTimers(count).ms),
      0.5,
    );
  });
  const timerRows = TIMER_COUNTS.map((count, i) => [fmt.int(count), fmt.ms(timerMs[i] ?? 0, 1)]);
  const hundredThousand = timerMs[TIMER_COUNTS.indexOf(100_000)] ?? Number.POSITIVE_INFINITY;
  const template = await templateRun();
  const runs = await hundredThousandRuns(template);
  const restore = await restoreSnapshot(template);
  const verdicts = [
    `- 100,000 timers scheduled on the manual clock in ${fmt.ms(hundredThousand, 0)} (budget < 1 s): ${hundredThousand < 1000 ? "ok" : "**missed**"}`,
    `- ${fmt.int(RUNS)} scheduled runs created in ${fmt.ms(runs.createMs, 0)} (budget < 1 s): ${runs.createMs < 1000 ? "ok" : "**missed**"}; advance delivered each once in due order: ${runs.inOrder ? "yes" : "**no**"}`,
    `- restore 10,000 records x 384 + 1,000 runs: p50 ${fmt.ms(restore.p50, 1)} (budget < 100 ms): ${restore.p50 < 100 ? "ok" : "**missed**"}`,
  ];
  const markdown = [
    "### The test kit at scale",
    "",
    "Timers scheduled on the manual clock (due times shuffled over a day), median of 3:",
    "",
    table(["timers", "schedule"], timerRows),
    "",
    `${fmt.int(RUNS)} runs scheduled over a day, created by restoring a snapshot of them, then one`,
    "`advance(\"1d\")` delivering each to a stub fetch (the scheduler's cost, not loopback's):",
    "",
    table(
      ["runs", "created", "advance through all", "each once, in due order"],
      [
        [
          fmt.int(RUNS),
          fmt.ms(runs.createMs, 0),
          fmt.ms(runs.advanceMs, 0),
          runs.inOrder ? "yes" : "no",
        ],
      ],
    ),
    "",
    "A snapshot of 10,000 records of 384 dimensions and 1,000 scheduled runs, restored 7 times:",
    "",
    table(
      ["restore p50", "restore min", "snapshot taken in", "snapshot JSON"],
      [
        [
          fmt.ms(restore.p50, 1),
          fmt.ms(restore.min, 1),
          fmt.ms(restore.takeMs, 1),
          fmt.mib(restore.bytes),
        ],
      ],
    ),
  ].join("\n");
  return { verdicts, markdown };
}

if (isMain(import.meta.url)) {
  const { verdicts, markdown } = await kitSection();
  console.log([...verdicts, "", markdown].join("\n"));
}
