// Mutation check of the contract suite: applies each spec mutation listed in
// packages/contract/cases/mutations.json to a temporary copy of the bundled spec, runs the
// fast suite files against it (X_CONTRACT_SPEC_DIR) and reports whether the suite went red.
// A mutant is killed when a test that passes against the real spec fails against it.
// Prints "killed N/M" and exits non-zero when any mutant survives.
//
//   node scripts/contract-mutate.mjs [--only <text>] [--jobs <n>]
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const contract = join(root, "packages/contract");
const SUITE = [
  "packages/contract/test/suite-protocol.test.ts",
  "packages/contract/test/suite-requests.test.ts",
  "packages/contract/test/suite-responses.test.ts",
];
const SERVICES = ["workflow", "vector"];

const { values: args } = parseArgs({
  options: { only: { type: "string" }, jobs: { type: "string" } },
});
const { applyMutation } = await import(pathToFileURL(join(contract, "src/suite/mutate.mjs")).href);
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const documents = Object.fromEntries(
  SERVICES.map((s) => [
    s,
    readJson(join(root, `packages/openapi-check/src/generated/${s}.openapi.json`)),
  ]),
);
const mutations = readJson(join(contract, "cases/mutations.json")).mutations.filter(
  (m) => !args.only || m.name.includes(args.only),
);
const jobs = Math.max(1, Number(args.jobs) || Math.min(availableParallelism(), 4));
const work = mkdtempSync(join(tmpdir(), "contract-mutate-"));
const started = Date.now();

/** Writes the specs (one of them mutated) to a fresh directory and runs the suite on it. */
async function runSuite(label, specs) {
  const dir = join(work, label.replace(/[^\w-]+/g, "_"));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [service, doc] of Object.entries(specs)) {
    writeFileSync(join(dir, `${service}.openapi.json`), JSON.stringify(doc));
  }
  const report = join(dir, "report.json");
  const code = await new Promise((resolve) => {
    const child = spawn(
      join(root, "node_modules/.bin/vitest"),
      // --no-isolate: the suite files share one module graph, about a third faster.
      ["run", ...SUITE, "--no-isolate", "--reporter=json", `--outputFile=${report}`],
      {
        cwd: root,
        // Fewer fast-check runs per property than a normal run: same for baseline and mutants.
        env: { ...process.env, X_CONTRACT_SPEC_DIR: dir, X_CONTRACT_RUNS: "50", FORCE_COLOR: "0" },
        stdio: "ignore",
      },
    );
    child.on("exit", resolve);
  });
  const passed = new Set();
  const failed = new Set();
  try {
    for (const file of readJson(report).testResults) {
      if (file.status === "failed" && file.assertionResults.length === 0) {
        failed.add(`${file.name}: the file failed to run`);
      }
      for (const test of file.assertionResults) {
        (test.status === "passed" ? passed : failed).add(test.fullName);
      }
    }
  } catch {
    failed.add(`vitest exited with ${code} and wrote no report`);
  }
  return { passed, failed };
}

const baseline = await runSuite("baseline", documents);
if (baseline.passed.size === 0) {
  console.error("The suite passes no test against the real spec; nothing to compare with.");
  process.exit(2);
}
console.log(
  `baseline: ${baseline.passed.size} tests pass against the real spec` +
    (baseline.failed.size ? ` (${baseline.failed.size} already fail and are ignored)` : ""),
);

let killed = 0;
const queue = [...mutations];
async function worker() {
  for (let m = queue.shift(); m; m = queue.shift()) {
    let line;
    try {
      const specs = { ...documents, [m.service]: applyMutation(documents[m.service], m) };
      const result = await runSuite(m.name, specs);
      const red = [...baseline.passed].filter((name) => !result.passed.has(name));
      if (red.length > 0) {
        killed++;
        const shown = red
          .slice(0, 3)
          .map((name) => `\n            - ${name}`)
          .join("");
        line = `killed    ${m.service}: ${m.name} (${m.kind}): ${red.length} red${shown}`;
      } else {
        line = `SURVIVED  ${m.service}: ${m.name} (${m.kind})`;
      }
    } catch (error) {
      line = `BROKEN    ${m.service}: ${m.name}: ${error.message}`;
    }
    console.log(line);
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
rmSync(work, { recursive: true, force: true });

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`killed ${killed}/${mutations.length} (${seconds} s, ${jobs} at a time)`);
process.exit(killed === mutations.length && mutations.length > 0 ? 0 : 1);
