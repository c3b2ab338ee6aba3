// Runs the whole workspace's vitest suite once with the JSON reporter next to the
// default one, then prints the totals as the last line, which CI reads:
// "N passed, N failed". Exits non-zero when anything failed or nothing ran.
//
// Stages of `pnpm check` that run outside vitest (the runtime matrix, the release
// rehearsal) leave their counts in `.check-results/<stage>.json` as
// `{ "passed": N, "failed": N }`; they are added to the totals here.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const out = ".vitest-results.json";
const stages = ".check-results";
rmSync(out, { force: true });
const run = spawnSync(
  "pnpm",
  ["exec", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
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

if (existsSync(stages)) {
  for (const name of readdirSync(stages).filter((file) => file.endsWith(".json"))) {
    const stage = JSON.parse(readFileSync(join(stages, name), "utf8"));
    console.log(`${name.replace(/\.json$/, "")}: ${stage.passed} passed, ${stage.failed} failed`);
    passed += stage.passed;
    failed += stage.failed;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
