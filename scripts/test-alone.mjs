// A stage of `pnpm check`: runs the whole vitest suite once more with files and the tests in
// each file in a shuffled order, so a test that only passes after another one (a shared map
// filled earlier, a server left running) turns red here. The seed is printed, and a failure
// is reproduced with `pnpm exec vitest run --sequence.shuffle --sequence.seed=<seed>`.
// Shuffling the one run fits the check's time budget on two cores; running each of the
// test files in its own process would cost a vitest start-up per file.
//
// Writes `.check-results/test-alone.json` = { passed, failed }, counted in test files, which
// scripts/test-ci.mjs adds to the closing totals (and fails on). It exits 0 once that file is
// written, so `pnpm check` still reaches its totals line; run alone, read its last line.
//
//   node scripts/test-alone.mjs [--seed <n>]
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({ options: { seed: { type: "string" } } });
const seed = args.seed ?? String(Math.floor(Math.random() * 1_000_000_000));
const report = join(tmpdir(), `test-alone-${process.pid}.json`);

console.log(`test-alone: the suite in shuffled order, seed ${seed}`);
const run = spawnSync(
  "pnpm",
  [
    "exec",
    "vitest",
    "run",
    "--sequence.shuffle",
    `--sequence.seed=${seed}`,
    "--reporter=dot",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ],
  { stdio: "inherit" },
);

let passed = 0;
const failedFiles = [];
try {
  for (const file of JSON.parse(readFileSync(report, "utf8")).testResults) {
    if (file.status === "passed") passed++;
    else failedFiles.push(file.name);
  }
} catch {
  failedFiles.push(`vitest exited with ${run.status} and wrote no report`);
} finally {
  rmSync(report, { force: true });
}
if (run.status !== 0 && failedFiles.length === 0) {
  failedFiles.push(`vitest exited with ${run.status}`);
}

mkdirSync(".check-results", { recursive: true });
writeFileSync(
  ".check-results/test-alone.json",
  `${JSON.stringify({ passed, failed: failedFiles.length })}\n`,
);
if (failedFiles.length > 0) {
  console.error(
    `test-alone: red in shuffled order (seed ${seed}):\n  ${failedFiles.join("\n  ")}\n` +
      `Reproduce: pnpm exec vitest run --sequence.shuffle --sequence.seed=${seed}`,
  );
} else {
  console.log(`test-alone: ${passed} test files pass in shuffled order (seed ${seed})`);
}
