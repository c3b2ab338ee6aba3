// Mutation check of the contract suite: applies each spec mutation listed in
// packages/contract/cases/mutations.json to a temporary copy of the bundled spec, runs the
// fast suite files against it (X_CONTRACT_SPEC_DIR) and reports whether the suite went red.
// A mutant is killed when a test that passes against the real spec fails against it.
// Then the type-level mutations (`typeMutations`): each renames a field, parameter or header
// in the source spec (specs/<service>/openapi.yaml), generates the client's types from it as
// `pnpm gen` would, and type-checks a copy of the client package (src and test) against
// them with the native compiler (TypeScript 7, as `pnpm typecheck` runs it). A type mutant is
// killed when tsc fails: a spec rename must break the compiler.
// Prints "killed N/M" and exits non-zero when any mutant survives.
//
//   node scripts/contract-mutate.mjs [--only <text>] [--jobs <n>]
import { spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { parse as parseYaml } from "yaml";
import { mapBounded } from "./lib/map-bounded.mjs";
import { installTypeScript, NATIVE } from "./lib/typescript.mjs";

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
const listed = readJson(join(contract, "cases/mutations.json"));
const selected = (m) => !args.only || m.name.includes(args.only);
const mutations = listed.mutations.filter(selected);
const typeMutations = listed.typeMutations.filter(selected);
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
      // --no-isolate: the suite files share one module graph, about a third faster. One
      // worker: the mutants already run `jobs` at a time, and a second worker per run would
      // import that graph twice (a fifth more CPU for the same tests). The file cache of
      // transformed modules: the runs differ only in the specs the suite reads at run time, so
      // the baseline's transforms serve every mutant (transform time 6 s -> 0.4 s a run).
      [
        "run",
        ...SUITE,
        // The suite files' project (vitest.config.ts): the other is not set up at all.
        "--project",
        "shared",
        "--no-isolate",
        "--maxWorkers=1",
        "--experimental.fsModuleCache",
        "--reporter=json",
        `--outputFile=${report}`,
      ],
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

/** The types `pnpm gen` would write for `document` (same options as scripts/gen.mjs). */
async function typesOf(service, document) {
  const ast = await openapiTS(document, { alphabetize: false, defaultNonNullable: false });
  return `// Generated from a mutated specs/${service}/openapi.yaml.\n\n${astToString(ast)}`;
}

/**
 * Type-checks a copy of the client package whose generated types are `types` with the native
 * compiler; resolves to tsc's exit code and its first lines of output. The copy sits under
 * the root's node_modules/.cache, where no other stage of `pnpm check` looks (lint, the import rules,
 * the spec walk and the release rehearsal read the packages, and may run beside this), with
 * a `node_modules` link to the package's own, so `@x/core` resolves as it does for the
 * package and the rest from the root's, and its package.json, so the tests' imports of the
 * package by name resolve to the copy. It is removed in every outcome.
 */
async function typecheckWith(service, label, types) {
  const pkg = join(root, "packages", service);
  const dir = join(
    root,
    "node_modules/.cache/x-type-mutants",
    `${service}-${label.replace(/[^\w-]+/g, "_")}`,
  );
  rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(join(pkg, "src"), join(dir, "src"), { recursive: true });
    cpSync(join(pkg, "test"), join(dir, "test"), { recursive: true });
    // Its manifest too: the tests import the package by its own name.
    cpSync(join(pkg, "package.json"), join(dir, "package.json"));
    symlinkSync(join(pkg, "node_modules"), join(dir, "node_modules"), "dir");
    writeFileSync(join(dir, "src/generated/schema.d.ts"), types);
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ extends: join(pkg, "tsconfig.json"), include: ["src", "test"] }),
    );
    return await new Promise((resolve) => {
      const child = spawn(compiler.binary, ["--noEmit", "-p", dir], {
        cwd: pkg,
        stdio: ["ignore", "pipe", "ignore"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.on("exit", (code) => resolve({ code, output }));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let typeKilled = 0;
const compiler = await installTypeScript(NATIVE);
const sources = Object.fromEntries(
  SERVICES.map((s) => [s, parseYaml(readFileSync(join(root, `specs/${s}/openapi.yaml`), "utf8"))]),
);
const baselines = await mapBounded(
  SERVICES.filter((service) => typeMutations.some((m) => m.service === service)),
  jobs,
  async (service) => ({
    service,
    ...(await typecheckWith(service, "baseline", await typesOf(service, sources[service]))),
  }),
);
for (const { service, code, output } of baselines) {
  if (code !== 0) {
    console.error(`tsc fails for ${service} against its own spec:\n${output}`);
    process.exit(2);
  }
}
const typeLines = await mapBounded(typeMutations, jobs, async (m) => {
  try {
    const mutant = applyMutation(sources[m.service], m);
    const { code, output } = await typecheckWith(
      m.service,
      m.name,
      await typesOf(m.service, mutant),
    );
    if (code !== 0) {
      typeKilled++;
      const first = output.split("\n").find((l) => l.includes("error TS")) ?? "";
      return `killed    ${m.service}: ${m.name} (${m.kind}): by tsc\n            - ${first.trim()}`;
    }
    return `SURVIVED  ${m.service}: ${m.name} (${m.kind}): tsc still passes`;
  } catch (error) {
    return `BROKEN    ${m.service}: ${m.name}: ${error.message}`;
  }
});
for (const line of typeLines) console.log(line);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const total = mutations.length + typeMutations.length;
console.log(
  `killed ${killed + typeKilled}/${total}: ${killed}/${mutations.length} by the suite, ` +
    `${typeKilled}/${typeMutations.length} by tsc (${seconds} s, ${jobs} at a time)`,
);
process.exit(killed + typeKilled === total && total > 0 ? 0 : 1);
