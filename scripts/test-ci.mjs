// Runs the whole workspace's vitest suite once with the JSON reporter next to the
// default one, then prints the totals as the last line, which CI reads:
// "N passed, N failed". Exits non-zero when anything failed or nothing ran.
//
// Files, and the tests in each file, run in a shuffled order, so a test that only passes
// after another one (a shared map filled earlier, a server left running) turns red. The
// seed is printed; `node scripts/test-ci.mjs --seed <n>` (or `pnpm exec vitest run
// --sequence.shuffle --sequence.seed=<n>`) repeats an order.
//
// Stages of `pnpm check` that run outside vitest (the runtime matrix, the release
// rehearsal) leave their counts in `.check-results/<stage>.json` as
// `{ "passed": N, "failed": N }`; they are added to the totals here. `--expect a,b` names
// the stages that must have left counts: one that crashed before writing them counts as
// one failure, so a broken stage can never vanish from the totals. `--stage-table` (as
// `pnpm check` runs it) records the suite's seconds and prints the table of every stage's
// seconds (scripts/check/stages.mjs) right before the totals.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { formatStageTable, readStages, recordStage } from "./check/stages.mjs";

const { values: args } = parseArgs({
  options: {
    seed: { type: "string" },
    expect: { type: "string" },
    "stage-table": { type: "boolean", default: false },
  },
});
const seed = args.seed ?? String(Math.floor(Math.random() * 1_000_000_000));
const out = ".vitest-results.json";
const stages = ".check-results";
rmSync(out, { force: true });
console.log(`test-ci: the suite in shuffled order, seed ${seed}`);
const started = performance.now();
const run = spawnSync(
  "pnpm",
  [
    "exec",
    "vitest",
    "run",
    "--sequence.shuffle",
    `--sequence.seed=${seed}`,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ],
  { stdio: "inherit" },
);
const suiteSeconds = (performance.now() - started) / 1000;

let passed = 0;
let failed = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, "utf8"));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  // A file that fails to load has no tests to count; count it as a failure.
  failed += report.testResults.filter(
    (f) => f.status === "failed" && f.assertionResults.length === 0,
  ).length;
}
if (run.status !== 0 && failed === 0) failed = 1;
if (failed > 0) console.log(`test-ci: to repeat this order, pass --seed ${seed}`);

const written = existsSync(stages)
  ? readdirSync(stages)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.replace(/\.json$/, ""))
  : [];
for (const name of written) {
  const stage = JSON.parse(readFileSync(join(stages, `${name}.json`), "utf8"));
  console.log(`${name}: ${stage.passed} passed, ${stage.failed} failed`);
  passed += stage.passed;
  failed += stage.failed;
}
for (const name of (args.expect ?? "").split(",").filter(Boolean)) {
  if (written.includes(name)) continue;
  console.log(`${name}: left no counts in ${stages}/${name}.json; counted as 1 failed`);
  failed += 1;
}
if (args["stage-table"]) {
  recordStage("vitest", suiteSeconds);
  console.log(`\n${formatStageTable(readStages())}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
