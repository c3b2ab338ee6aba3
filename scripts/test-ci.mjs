// Runs the whole workspace's vitest suite once with the JSON reporter next to the
// default one, then prints the totals as the last line, which CI reads:
// "N passed, N failed". Exits non-zero when anything failed or nothing ran.
//
// Files, and the tests in each file, run in a shuffled order, so a test that only passes
// after another one (a shared map filled earlier, a server left running) turns red. The
// seed is printed; `node scripts/test-ci.mjs --seed <n>` (or `pnpm exec vitest run
// --sequence.shuffle --sequence.seed=<n>`) repeats an order.
//
// `--counts <file>` (as `pnpm check` runs it, beside its other stages) writes the suite's
// counts to that file as `{ "passed": N, "failed": N }` and ends with `vitest: N passed,
// N failed`; `pnpm check` adds them up with its other counted stages' for its totals line.
// Run alone, the counts other stages left in `.check-results/<stage>.json` are added to the
// totals here; `--expect a,b` names the stages that must have left counts: one that crashed
// before writing them counts as one failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { RESULTS_FOLDER, totals } from "./check/stages.mjs";

const { values: args } = parseArgs({
  options: {
    seed: { type: "string" },
    expect: { type: "string" },
    counts: { type: "string" },
  },
});
const seed = args.seed ?? String(Math.floor(Math.random() * 1_000_000_000));
const out = ".vitest-results.json";
rmSync(out, { force: true });
console.log(`test-ci: the suite in shuffled order, seed ${seed}`);
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

if (args.counts !== undefined) {
  mkdirSync(dirname(args.counts), { recursive: true });
  writeFileSync(args.counts, `${JSON.stringify({ passed, failed })}\n`);
  console.log(`vitest: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
// Run alone: add the counts the other stages left, and those they should have left.
const written = existsSync(RESULTS_FOLDER)
  ? readdirSync(RESULTS_FOLDER)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.replace(/\.json$/, ""))
      .filter((name) => name !== "vitest")
  : [];
const expected = (args.expect ?? "").split(",").filter(Boolean);
const others = totals([...new Set([...written, ...expected])]);
for (const line of others.lines) console.log(line);
passed += others.passed;
failed += others.failed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
