// Mutation check of the contract suite: applies each spec mutation listed in
// packages/contract/cases/mutations.json to a temporary copy of the bundled spec, and runs the
// fast suite files against every mutant and against the real spec (the baseline) in one
// vitest process: X_CONTRACT_SPECS lists the spec sets, and the suite registers its tests once
// per set, inside a describe named for the set (packages/contract/src/suite/spec-source.ts).
// A mutant is killed when a test that passes against the real spec fails against it.
// Beside it, the type-level mutations (`typeMutations`): each renames a field, parameter or
// header in the source spec (specs/<service>/openapi.yaml), generates the client's types from
// it as `pnpm gen` would, and type-checks a copy of the client package (src and test) against
// them with the native compiler (TypeScript 7, as `pnpm typecheck` runs it), every copy a
// project of one `tsc -b`. A type mutant is killed when tsc fails on its copy: a spec rename
// must break the compiler.
// Prints "killed N/M" and exits non-zero when any mutant survives.
//
//   node scripts/contract-mutate.mjs [--only <text>]
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
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { parse as parseYaml } from "yaml";
import { installTypeScript, NATIVE } from "./lib/typescript.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const contract = join(root, "packages/contract");
const SUITE = [
  "packages/contract/test/suite-protocol.test.ts",
  "packages/contract/test/suite-requests.test.ts",
  "packages/contract/test/suite-responses.test.ts",
];
const SERVICES = ["workflow", "vector"];
const BASELINE = "baseline: the real spec";

const { values: args } = parseArgs({ options: { only: { type: "string" } } });
const { applyMutation } = await import(pathToFileURL(join(contract, "src/suite/mutate.mjs")).href);
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const listed = readJson(join(contract, "cases/mutations.json"));
const selected = (m) => !args.only || m.name.includes(args.only);
const mutations = listed.mutations.filter(selected);
const typeMutations = listed.typeMutations.filter(selected);
/** A mutant's name: its spec set's describe in the suite run, its key in the compiler's. */
const mutantName = (m) => `${m.service}: ${m.name}`;
for (const list of [mutations, typeMutations]) {
  const names = list.map(mutantName);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) {
    console.error(`Two mutations are named "${twice}": the runs tell them apart by name.`);
    process.exit(2);
  }
}
const started = Date.now();

/** A run whose verdicts cannot be read (the message says why): the script exits with 2. */
class Unreadable extends Error {}

/**
 * Runs the suite files once per spec set (`[{ name, dir }]`) in one vitest process, and
 * resolves to the names of the tests that pass and fail against each set, by set name, as a
 * run against that set alone would name them.
 */
async function runSuite(work, sets) {
  const list = join(work, "spec-sets.json");
  writeFileSync(list, JSON.stringify(sets));
  const report = join(work, "report.json");
  const code = await new Promise((resolve) => {
    const child = spawn(
      join(root, "node_modules/.bin/vitest"),
      // --no-isolate: the suite files share one module graph (and the specs each set reads),
      // about a third faster. One worker: a second would import that graph again, for files
      // of unequal length. The file cache of transformed modules: every run transforms the
      // same files (the specs are read at run time), so one run's transforms serve the next.
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
        // Fewer fast-check runs per property than a normal run: the same for every set.
        env: { ...process.env, X_CONTRACT_SPECS: list, X_CONTRACT_RUNS: "50", FORCE_COLOR: "0" },
        stdio: "ignore",
      },
    );
    child.on("exit", resolve);
  });
  const results = new Map(sets.map(({ name }) => [name, { passed: new Set(), failed: new Set() }]));
  let files = [];
  try {
    files = readJson(report).testResults;
  } catch {
    for (const result of results.values()) {
      result.failed.add(`vitest exited with ${code} and wrote no report`);
    }
  }
  for (const file of files) {
    if (file.status === "failed" && file.assertionResults.length === 0) {
      for (const result of results.values()) {
        result.failed.add(`${file.name}: the file failed to run`);
      }
    }
    for (const test of file.assertionResults) {
      // The first title is the set's describe; the rest name the test as a plain run does.
      const [set, ...titles] = test.ancestorTitles;
      const result = results.get(set);
      (test.status === "passed" ? result?.passed : result?.failed)?.add(
        [...titles, test.title].join(" "),
      );
    }
  }
  return results;
}

/** The suite's verdict on each mutation: one line each, and how many it killed. */
async function suiteMutants() {
  const work = mkdtempSync(join(tmpdir(), "contract-mutate-"));
  const broken = new Map();
  let results;
  try {
    const documents = Object.fromEntries(
      SERVICES.map((s) => [
        s,
        readJson(join(root, `packages/openapi-check/src/generated/${s}.openapi.json`)),
      ]),
    );
    const sets = [];
    /** Writes one set of specs (the real ones, or one of them mutated) to its own directory. */
    const addSet = (name, specs) => {
      const dir = join(work, `set-${sets.length}`);
      mkdirSync(dir);
      for (const [service, doc] of Object.entries(specs)) {
        writeFileSync(join(dir, `${service}.openapi.json`), JSON.stringify(doc));
      }
      sets.push({ name, dir });
    };
    addSet(BASELINE, documents);
    for (const m of mutations) {
      try {
        addSet(mutantName(m), {
          ...documents,
          [m.service]: applyMutation(documents[m.service], m),
        });
      } catch (error) {
        broken.set(m, error);
      }
    }
    results = await runSuite(work, sets);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const baseline = results.get(BASELINE);
  if (baseline.passed.size === 0) {
    throw new Unreadable(
      "The suite passes no test against the real spec; nothing to compare with.",
    );
  }
  const lines = [
    `baseline: ${baseline.passed.size} tests pass against the real spec` +
      (baseline.failed.size ? ` (${baseline.failed.size} already fail and are ignored)` : ""),
  ];
  let killed = 0;
  for (const m of mutations) {
    if (broken.has(m)) {
      lines.push(`BROKEN    ${m.service}: ${m.name}: ${broken.get(m).message}`);
      continue;
    }
    const result = results.get(mutantName(m));
    const red = [...baseline.passed].filter((name) => !result.passed.has(name));
    if (red.length > 0) {
      killed++;
      const shown = red
        .slice(0, 3)
        .map((name) => `\n            - ${name}`)
        .join("");
      lines.push(`killed    ${m.service}: ${m.name} (${m.kind}): ${red.length} red${shown}`);
    } else {
      lines.push(`SURVIVED  ${m.service}: ${m.name} (${m.kind})`);
    }
  }
  return { lines, killed };
}

/** The types `pnpm gen` would write for `document` (same options as scripts/gen.mjs). */
async function typesOf(service, document) {
  const ast = await openapiTS(document, { alphabetize: false, defaultNonNullable: false });
  return `// Generated from a mutated specs/${service}/openapi.yaml.\n\n${astToString(ast)}`;
}

/**
 * Type-checks copies of the client packages, one per `{ service, name, types }` (its
 * generated types), in one native compiler process: `tsc -b` with each copy a project of its
 * own, single-threaded (its threads cost half again the CPU seconds on two cores, where the
 * suite runs beside it). Resolves to the compiler's error lines of each copy (paths within
 * the copy), by name.
 *
 * The copies sit under the root's node_modules/.cache, where no other stage of `pnpm check`
 * looks (lint, the import rules, the spec walk and the release rehearsal read the packages,
 * and may run beside this), each with a `node_modules` link to its package's own, so
 * `@x/core` resolves as it does for the package and the rest from the root's, and its
 * package.json, so the tests' imports of the package by name resolve to the copy. They are
 * removed in every outcome.
 */
async function typecheckCopies(compiler, copies) {
  // Without a project `tsc -b` would build the root's tsconfig.json.
  if (copies.length === 0) return new Map();
  const base = join(root, "node_modules/.cache/x-type-mutants");
  rmSync(base, { recursive: true, force: true });
  try {
    const projects = copies.map(({ service, name, types }, i) => {
      const pkg = join(root, "packages", service);
      const dir = join(base, `${i}-${service}`);
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
      return { name, prefix: `${relative(root, dir)}/` };
    });
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(
        compiler.binary,
        ["-b", "--singleThreaded", "--pretty", "false", ...projects.map((p) => p.prefix)],
        { cwd: root, stdio: ["ignore", "pipe", "ignore"] },
      );
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.on("exit", (code) => resolve({ code, output }));
    });
    const errors = new Map(projects.map((p) => [p.name, []]));
    const unplaced = [];
    for (const line of output.split("\n").filter((l) => l.includes("error TS"))) {
      const project = projects.find((p) => line.startsWith(p.prefix));
      if (project) errors.get(project.name).push(line.slice(project.prefix.length));
      else unplaced.push(line);
    }
    // An error in no copy's files (a config or a shared source), or a failure with no error:
    // no copy's verdict can be read from that.
    if (unplaced.length > 0 || (code !== 0 && [...errors.values()].every((e) => !e.length))) {
      throw new Unreadable(`tsc -b exited with ${code} on errors in no copy:\n${output}`);
    }
    return errors;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** The compiler's verdict on each type mutation: one line each, and how many it killed. */
async function typeMutants() {
  const compiler = await installTypeScript(NATIVE);
  const sources = Object.fromEntries(
    SERVICES.map((s) => [
      s,
      parseYaml(readFileSync(join(root, `specs/${s}/openapi.yaml`), "utf8")),
    ]),
  );
  const copies = [];
  for (const service of SERVICES.filter((s) => typeMutations.some((m) => m.service === s))) {
    copies.push({
      service,
      name: `${service}: ${BASELINE}`,
      types: await typesOf(service, sources[service]),
    });
  }
  const broken = new Map();
  for (const m of typeMutations) {
    try {
      const types = await typesOf(m.service, applyMutation(sources[m.service], m));
      copies.push({ service: m.service, name: mutantName(m), types });
    } catch (error) {
      broken.set(m, error);
    }
  }
  const errors = await typecheckCopies(compiler, copies);
  for (const service of SERVICES) {
    const own = errors.get(`${service}: ${BASELINE}`) ?? [];
    if (own.length > 0) {
      throw new Unreadable(`tsc fails for ${service} against its own spec:\n${own.join("\n")}`);
    }
  }
  const lines = [];
  let killed = 0;
  for (const m of typeMutations) {
    if (broken.has(m)) {
      lines.push(`BROKEN    ${m.service}: ${m.name}: ${broken.get(m).message}`);
    } else if (errors.get(mutantName(m)).length > 0) {
      killed++;
      const first = errors.get(mutantName(m))[0].trim();
      lines.push(`killed    ${m.service}: ${m.name} (${m.kind}): by tsc\n            - ${first}`);
    } else {
      lines.push(`SURVIVED  ${m.service}: ${m.name} (${m.kind}): tsc still passes`);
    }
  }
  return { lines, killed };
}

// The suite (one vitest process) and the compiler (one single-threaded process) side by side;
// each cleans up after itself before the run stops.
const settled = await Promise.allSettled([suiteMutants(), typeMutants()]);
const stopped = settled.filter((s) => s.status === "rejected").map((s) => s.reason);
if (stopped.length > 0) {
  for (const reason of stopped)
    console.error(reason instanceof Unreadable ? reason.message : reason);
  process.exit(2);
}
const [suite, types] = settled.map((s) => s.value);
for (const line of [...suite.lines, ...types.lines]) console.log(line);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const total = mutations.length + typeMutations.length;
const killed = suite.killed + types.killed;
console.log(
  `killed ${killed}/${total}: ${suite.killed}/${mutations.length} by the suite, ` +
    `${types.killed}/${typeMutations.length} by tsc (${seconds} s)`,
);
process.exit(killed === total && total > 0 ? 0 : 1);
