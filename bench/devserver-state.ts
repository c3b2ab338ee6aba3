// The state file at scale: a dev server holding N records of 384 dimensions saves them on
// close (`--state FILE`) and a fresh one loads them on start. Each side runs in a process of
// its own, so its peak memory is its own: the growth of peak RSS (VmHWM, reset through
// /proc/self/clear_refs) over the RSS before, against the budget of 2.5x the raw float32
// vectors. Sizes: BENCH_STATE_SIZES (100,000 by default; add 1000000 for the budget's size).
// node --expose-gc --conditions=source --import tsx devserver-state.ts
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDevServer } from "@x/dev-server";
import { isMain } from "../scripts/lib/main.mjs";
import { random, vectorOf } from "./lib/data";
import { fmt, table } from "./lib/results.mjs";

const DIMENSION = 384;
const SIZES = (process.env.BENCH_STATE_SIZES ?? "100000").split(",").map(Number);
const BATCH = 10_000;
const BUDGET_MS = 30_000;
const BUDGET_RATIO = 2.5;

interface Phase {
  ms: number;
  /** CPU time of the process (user and system): what the phase costs whatever else runs. */
  cpuMs: number;
  /** Peak RSS over the RSS before the phase, in bytes. */
  peakGrowth: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Resets the peak RSS the kernel keeps for this process (Linux), after settling the heap. */
function startPhase(): number {
  gc?.();
  gc?.();
  writeFileSync("/proc/self/clear_refs", "5");
  return process.memoryUsage().rss;
}

function peakRss(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

async function phase(run: () => Promise<unknown>): Promise<Phase> {
  const before = startPhase();
  const started = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  return { ms, cpuMs: (user + system) / 1000, peakGrowth: Math.max(0, peakRss() - before) };
}

/** Child: fills a dev server with `count` records, then times close(), which writes FILE. */
async function saveChild(count: number, file: string): Promise<Phase> {
  const dev = await startDevServer({ vector: { dimension: DIMENSION }, stateFile: file });
  const next = random(3);
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => ({
      id: `doc-${from + i}`,
      vector: vectorOf(next, DIMENSION),
      metadata: { lang: i % 3 ? "en" : "de", year: 2000 + ((from + i) % 25) },
    }));
    await dev.vector.upsert(batch);
  }
  return phase(() => dev.close());
}

/** Child: times a start that loads FILE, and checks every record came back. */
async function loadChild(count: number, file: string): Promise<Phase> {
  let dev: Awaited<ReturnType<typeof startDevServer>> | undefined;
  const result = await phase(async () => {
    dev = await startDevServer({ vector: { dimension: DIMENSION }, stateFile: file });
  });
  const info = await fetch(`${dev?.vectorUrl}/info`, {
    headers: { authorization: `Bearer ${dev?.token}` },
  });
  const { result: facts } = (await info.json()) as { result: { vectorCount: number } };
  if (facts.vectorCount !== count) throw new Error(`loaded ${facts.vectorCount} of ${count}`);
  return result;
}

/** Runs one side in a child process of the same Node, printing its phase as JSON. */
function inChild(side: "save" | "load", count: number, file: string): Phase {
  const child = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      "--conditions=source",
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      side,
      String(count),
      file,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`${side} of ${count} exited with ${child.status}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) as string) as Phase;
}

export function stateSection(): { verdicts: string[]; markdown: string } {
  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const count of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), "x-bench-state-"));
    try {
      const file = join(dir, "state.json");
      const save = inChild("save", count, file);
      const bytes = statSync(file).size;
      const load = inChild("load", count, file);
      const raw = count * DIMENSION * 4;
      const within = (p: Phase) =>
        p.ms <= BUDGET_MS && p.peakGrowth <= raw * BUDGET_RATIO ? "ok" : "**missed**";
      rows.push([
        fmt.int(count),
        fmt.mib(bytes),
        fmt.ms(save.ms, 0),
        fmt.ms(save.cpuMs, 0),
        fmt.mib(save.peakGrowth),
        fmt.ms(load.ms, 0),
        fmt.ms(load.cpuMs, 0),
        fmt.mib(load.peakGrowth),
        fmt.mib(raw),
      ]);
      verdicts.push(
        `- state file, ${fmt.int(count)} x ${DIMENSION}: save ${within(save)}, load ${within(load)} (budget: each <= 30 s, peak RSS growth <= 2.5x the raw float32 vectors)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const markdown = [
    `### State file (${DIMENSION} dimensions, Node ${process.version})`,
    "",
    "Save: `close()` of a dev server holding the records writes `--state FILE`; load: a fresh",
    "process starts with it. Each in its own process; memory is the growth of peak RSS. CPU is",
    "the process's user and system time over the phase: wall time also counts what else ran.",
    "",
    table(
      [
        "records",
        "file",
        "save",
        "save CPU",
        "save peak RSS growth",
        "load",
        "load CPU",
        "load peak RSS growth",
        "raw float32",
      ],
      rows,
    ),
  ].join("\n");
  return { verdicts, markdown };
}

if (isMain(import.meta.url)) {
  const [side, count, file] = process.argv.slice(2);
  if (side === "save" || side === "load") {
    const run = side === "save" ? saveChild : loadChild;
    const result = await run(Number(count), file as string);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  } else {
    const { markdown, verdicts } = stateSection();
    console.log([...verdicts, "", markdown].join("\n"));
  }
}
