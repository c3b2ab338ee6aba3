// `pnpm check`: every gate and counted stage, two at a time (the machines CI runs on have two
// cores, and most stages keep one busy, or wait on sockets and child processes), then the
// closing lines: the table of stage seconds and the totals line `N passed, N failed` that
// .ci/run reads.
//
// A stage starts once the stages it needs have passed (`after`), in the order listed. Its
// output is held in a file and printed whole when it ends, so two stages never interleave. A
// gate that fails stops the check: no stage starts after it, the running ones are awaited,
// and the check exits with the gate's code.
// The counted stages (the runtime matrix, the release rehearsal, the spec walk, the vitest
// suite) leave their counts in .check-results/<name>.json; all of them run, and their counts
// add up to the totals line. The downloads run in the background from the start, beside the
// gates and the build: Chromium's install (apt-get, on a fresh machine), awaited before the
// stages that drive a browser, the runtimes of the matrix (into their cache), awaited
// before the matrix, and the TypeScript compilers (into the same cache), awaited before
// the suite, typecheck, the types matrix, the contract's type mutants, the release rehearsal
// and the spec walk.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatStageTable, RESULTS_FOLDER, readStages, recordStage, totals } from "./stages.mjs";

/** How many stages run at once. */
const SLOTS = 2;
/** The quick gates: each reads the tree and takes seconds; the rest start once they pass. */
const QUICK = ["lint:spec", "gen:check", "workflows:check", "release:check", "lint", "lint:deps"];
/**
 * Every stage: `run` is the root script and its arguments (or a command), `after` the stages
 * it needs, `counted` where its counts go, `downloads` the background downloads it waits for.
 * Listed in the order they start when free to: the long vitest suite as soon as the build is
 * there, the others beside it.
 */
const STAGES = [
  ...QUICK.map((name) => ({ name, run: [name] })),
  // The build writes every package's dist/, which the stages after it read.
  { name: "build", run: ["build"], after: QUICK },
  // The bundle budgets, measured on the built packages: what a user's bundler is given.
  { name: "size", run: ["size", "--check"], after: ["build"] },
  {
    name: "vitest",
    // Some tests read dist/ (the outside install, the API report); see scripts/test-ci.mjs.
    command: ["node", "scripts/test-ci.mjs", "--counts", `${RESULTS_FOLDER}/vitest.json`],
    after: ["build"],
    counted: "vitest",
    // The native compiler: test/sdk-examples.test.ts checks with it, as the docs build does.
    downloads: ["chromium", "compilers"],
  },
  // Typecheck and contract:mutate need no dist/, but wait for the build all the same: it keeps
  // both cores busy, and the suite after it is the longest stage (measured: the build beside
  // typecheck took twice as long, and the suite started that much later).
  // Its script runs `turbo run build` first: all cached by now. The native compiler it runs
  // is among the compilers downloaded in the background.
  { name: "typecheck", run: ["typecheck"], after: ["build"], downloads: ["compilers"] },
  // The packed packages compiled as users compile them, with each TypeScript of the matrix.
  {
    name: "types",
    run: ["types:matrix"],
    after: ["build"],
    counted: "types",
    downloads: ["compilers"],
  },
  // Its script runs `turbo run build` first: all cached by now, nothing is rewritten.
  { name: "api:check", run: ["api:check"], after: ["build"] },
  // Packs into a temporary folder and checks every package in one process
  // (scripts/lint-pkg/main.mjs). Its script runs `turbo run build` first: all cached by now.
  { name: "lint:pkg", run: ["lint:pkg"], after: ["build"] },
  {
    name: "contract:mutate",
    run: ["contract:mutate"],
    after: ["build"],
    downloads: ["compilers"],
  },
  {
    name: "test:runtimes",
    run: ["test:runtimes"],
    after: ["build"],
    counted: "runtimes",
    downloads: ["chromium", "runtimes"],
  },
  {
    name: "release:rehearse",
    run: ["release:rehearse"],
    after: ["build"],
    counted: "release",
    downloads: ["compilers"],
  },
  {
    name: "spec:walk",
    run: ["spec:walk"],
    after: ["build"],
    counted: "spec-walk",
    downloads: ["compilers"],
  },
];

/**
 * Runs a stage's command with its output in `logFile`, through with-cpu.mjs, which writes the
 * CPU seconds it used to `cpuFile`; resolves with its exit code.
 */
function run(commandLine, logFile, cpuFile) {
  const log = openSync(logFile, "w");
  const [command, ...args] = ["node", "scripts/check/with-cpu.mjs", cpuFile, ...commandLine];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", log, log] });
    child.on("error", (error) => {
      closeSync(log);
      console.error(`${command} ${args.join(" ")}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => {
      closeSync(log);
      resolve(code ?? 1);
    });
  });
}

const logs = mkdtempSync(join(tmpdir(), "x-check-"));
// The packed packages installed as a user installs them: made once, by the first of the
// types and runtime matrices that needs it, read by both (scripts/runtimes/consumer.mjs),
// removed with the logs.
process.env.X_SHARED_CONSUMER = join(logs, "consumer");
const checkStarted = performance.now();
const since = () => (performance.now() - checkStarted) / 1000;

/**
 * The downloads, started in the background at once. None fails the check itself: without
 * a browser the tests that need one fail and say so, and the matrix installs (and counts) a
 * runtime the download missed, and a stage that needs a compiler installs it. Their seconds
 * are taken when they end.
 */
const DOWNLOADS = {
  chromium: ["node", "scripts/ensure-chromium.mjs"],
  runtimes: ["node", "scripts/runtimes/main.mjs", "--install-only"],
  compilers: ["node", "scripts/types-matrix/main.mjs", "--install-only"],
};

/** The CPU seconds with-cpu.mjs wrote to `cpuFile` (NaN where it could not tell). */
function readCpu(cpuFile) {
  return existsSync(cpuFile) ? Number(readFileSync(cpuFile, "utf8")) : Number.NaN;
}

/** Starts a download; resolves once it ended and its output was printed. */
function startDownload(name) {
  const logFile = join(logs, `download-${name}.log`);
  const cpuFile = join(logs, `download-${name}.cpu`);
  return run(DOWNLOADS[name], logFile, cpuFile).then(() => {
    process.stdout.write(readFileSync(logFile, "utf8"));
    recordStage(name, since(), "in background", 0, readCpu(cpuFile));
  });
}

// Forget the counts and seconds of an earlier run: the closing lines add only this run's.
rmSync(RESULTS_FOLDER, { recursive: true, force: true });
const downloads = Object.fromEntries(
  Object.keys(DOWNLOADS).map((name) => [name, startDownload(name)]),
);
const state = new Map(STAGES.map((stage) => [stage.name, "waiting"]));
let failedGate;
let running = 0;

function ready(stage) {
  if (state.get(stage.name) !== "waiting") return false;
  return (stage.after ?? []).every((name) => state.get(name) === "passed");
}

async function runStage(stage) {
  state.set(stage.name, "running");
  running++;
  const started = since();
  console.log(`check: ${stage.name} started (${started.toFixed(1)} s)`);
  await Promise.all((stage.downloads ?? []).map((name) => downloads[name]));
  const file = join(logs, stage.name.replace(/\W/g, "_"));
  const code = await run(
    stage.command ?? ["pnpm", "run", ...stage.run],
    `${file}.log`,
    `${file}.cpu`,
  );
  const seconds = since() - started;
  recordStage(stage.name, seconds, "", started, readCpu(`${file}.cpu`));
  const ending = `check: ${stage.name} ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`;
  console.log(`\n──── ${stage.name} ────`);
  process.stdout.write(readFileSync(`${file}.log`, "utf8"));
  console.log(ending);
  running--;
  if (code === 0) {
    state.set(stage.name, "passed");
  } else {
    state.set(stage.name, "failed");
    // A counted stage's failures are in its counts; a gate stops the check.
    if (!stage.counted && failedGate === undefined) failedGate = { name: stage.name, code };
  }
}

// Starts every stage that may start, until none is left or a gate failed.
await new Promise((resolve) => {
  const schedule = () => {
    if (failedGate === undefined) {
      for (const stage of STAGES) {
        if (running >= SLOTS) break;
        if (ready(stage)) runStage(stage).then(schedule);
      }
    }
    if (running === 0) resolve();
  };
  schedule();
});
await Promise.all(Object.values(downloads));
rmSync(logs, { recursive: true, force: true });

const order = [...Object.keys(DOWNLOADS), ...STAGES.map((stage) => stage.name)];
const stages = readStages().sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
if (failedGate !== undefined) {
  console.log(`\n${formatStageTable(stages, since())}`);
  console.log(
    `check: ${failedGate.name} failed (exit ${failedGate.code}); the stages after it did not run.`,
  );
  process.exit(failedGate.code);
}
// Every counted stage must have left its counts; one that crashed before it did is a failure.
const counted = STAGES.filter((stage) => stage.counted).map((stage) => stage.counted);
const { passed, failed, lines } = totals(counted);
for (const line of lines) console.log(line);
console.log(`\n${formatStageTable(stages, since())}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
