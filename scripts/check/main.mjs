// `pnpm check`: the gates in order, stopping at the first that fails; then the stages that
// count passes and failures (the runtime matrix, the release rehearsal), which all run; then
// the vitest suite, whose script prints the table of stage seconds and, last, the totals
// line `N passed, N failed` that .ci/run reads. Chromium's install (apt-get, on a fresh
// machine) is mostly download and unpacking, so it runs in the background while the gates
// run, and is awaited before the first stage that drives a browser.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatStageTable, RESULTS_FOLDER, readStages, recordStage } from "./stages.mjs";

/** The gates: each a root script (with its arguments); any failure stops the check. */
const GATES = [
  ["lint:spec"],
  ["gen:check"],
  ["workflows:check"],
  ["release:check"],
  ["lint"],
  ["lint:deps"],
  ["size", "--check"],
  ["build"],
  ["api:check"],
  ["lint:pkg"],
  ["typecheck"],
  ["contract:mutate"],
];
/** Stages that write their counts to .check-results/ for the totals; a failure does not stop the rest. */
const COUNTED = [["test:runtimes"], ["release:rehearse"], ["spec:walk"]];

/** Runs `command args` to its end; resolves with its exit code. */
function run(command, args, stdio = "inherit") {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio });
    child.on("error", (error) => {
      console.error(`${command} ${args.join(" ")}: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Runs the root script `name` and records how long it took. */
async function stage([name, ...args]) {
  const started = performance.now();
  const code = await run("pnpm", ["run", name, ...args]);
  recordStage([name, ...args].join(" "), (performance.now() - started) / 1000);
  return code;
}

/** Starts the Chromium check in the background, its output held in a file until awaited. */
function startChromium() {
  const folder = mkdtempSync(join(tmpdir(), "x-chromium-"));
  const logFile = join(folder, "log");
  const log = openSync(logFile, "w");
  const started = performance.now();
  // Its seconds are taken when it ends, not when the check gets round to waiting for it.
  const seconds = run("node", ["scripts/ensure-chromium.mjs"], ["ignore", log, log]).then(
    () => (performance.now() - started) / 1000,
  );
  // ensure-chromium never fails the check itself: without a browser, the tests that need
  // one fail and say so.
  return async () => {
    const took = await seconds;
    closeSync(log);
    process.stdout.write(readFileSync(logFile, "utf8"));
    rmSync(folder, { recursive: true, force: true });
    recordStage("chromium", took, "in background");
  };
}

// Forget the counts and seconds of an earlier run: the closing lines add only this run's.
rmSync(RESULTS_FOLDER, { recursive: true, force: true });
const chromiumReady = startChromium();
for (const gate of GATES) {
  const code = await stage(gate);
  if (code !== 0) {
    await chromiumReady();
    console.log(`\n${formatStageTable(readStages())}`);
    console.log(`check: ${gate.join(" ")} failed (exit ${code}); the stages after it did not run.`);
    process.exit(code);
  }
}
await chromiumReady();
for (const counted of COUNTED) await stage(counted);
// The counted stages must have left their counts: runtimes.json, release.json, spec-walk.json.
const suite = ["scripts/test-ci.mjs", "--expect", "runtimes,release,spec-walk", "--stage-table"];
process.exit(await run("node", suite));
