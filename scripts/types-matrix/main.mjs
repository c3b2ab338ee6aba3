// `pnpm types:matrix`: the packages as a user's compiler sees them. The packed tarballs are
// installed with npm into a project outside the repo (scripts/runtimes/consumer.mjs), with
// the samples of the READMEs, the guides and the API reference and the strict consumer
// (samples.mjs); each TypeScript of the matrix compiles them under a user's strict settings
// with each module resolution, declarations included (skipLibCheck off): one `tsc -b` per
// TypeScript, a project per setting (output.mjs reads its errors). Prints the table
// TypeScript x settings x samples and writes the cell counts to .check-results/types.json
// for `pnpm check`. `pnpm types:matrix 5.3.3 5.4.5` compiles with those versions instead
// (from the registry, cached as the runtimes are): how the oldest supported one was found.
// `--install-only` installs the matrix's compilers into the cache and stops.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { runCountedStage } from "../lib/counted-stage.mjs";
import { mapBounded } from "../lib/map-bounded.mjs";
import { installTypeScript, NATIVE, OLDEST } from "../lib/typescript.mjs";
import { consumerWorkspace } from "../runtimes/consumer.mjs";
import { DECLARATIONS, errorsBySetting } from "./output.mjs";
import { writeSamples } from "./samples.mjs";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What each column compiles with, besides its module resolution. */
const STRICT = {
  target: "es2022",
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: false,
  noEmit: true,
  // The dev server runs on Node: its declarations name Node's types, as the app's do.
  types: ["node"],
};
const SETTINGS = {
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
};
// Two cores: two compilers at a time.
const PARALLEL = 2;

/** The repo's own compiler, as `{ binary, version }`. */
function repoCompiler() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "node_modules/typescript/package.json")));
  return { binary: join(ROOT, "node_modules/.bin/tsc"), version: manifest.version };
}

/**
 * The project: the tarballs installed (the consumer both matrices share under `pnpm check`),
 * and the samples in a folder of the matrix's own.
 */
async function prepareProject() {
  const consumer = await consumerWorkspace("types");
  const samples = writeSamples(join(consumer.work, "samples"));
  return { project: consumer.work, samples, remove: consumer.remove };
}

/**
 * Compiles the project with one compiler, every setting in one `tsc -b` (a project per
 * setting, in a folder of the compiler's own, where tsc -b leaves its .tsbuildinfo files);
 * resolves to one column per setting: its errors by file.
 */
async function compile(project, compiler) {
  const started = performance.now();
  const folder = `ts-${compiler.version}`;
  mkdirSync(join(project, folder));
  const configs = Object.entries(SETTINGS).map(([name, setting]) => {
    const config = join(folder, `tsconfig.${name}.json`);
    const tsconfig = {
      compilerOptions: { ...STRICT, ...setting },
      include: ["../samples/**/*.ts"],
    };
    writeFileSync(join(project, config), JSON.stringify(tsconfig, null, 2));
    return config;
  });
  let output;
  try {
    const args = ["-b", ...configs, "--verbose", "--pretty", "false"];
    const result = await run(compiler.binary, args, { cwd: project, maxBuffer: 64 * 2 ** 20 });
    output = result.stdout;
  } catch (error) {
    // tsc exits 1 or 2 when it found errors; anything else (it did not run) is a failure too.
    output = `${error.stdout ?? ""}${error.stderr ?? ""}` || String(error.message);
  }
  const seconds = (performance.now() - started) / 1000;
  const bySetting = errorsBySetting(output, Object.keys(SETTINGS));
  return [...bySetting].map(([setting, errors]) => ({ compiler, setting, errors, seconds }));
}

/** One row per group of samples and one for the declarations; one column per compile. */
function table(samples, columns) {
  const groups = [...new Set(samples.map((sample) => sample.group)), DECLARATIONS];
  const header = ["samples", ...columns.map((c) => `TS ${c.compiler.version} ${c.setting}`)];
  const rows = groups.map((group) => {
    const files =
      group === DECLARATIONS
        ? [DECLARATIONS]
        : samples.filter((s) => s.group === group).map((s) => s.file);
    const cells = columns.map(({ errors }) => {
      const failed = files.filter((file) => errors.has(file) || errors.has("*")).length;
      return `${failed === 0 ? "pass" : "FAIL"} ${files.length - failed}/${files.length}`;
    });
    return [`${group} (${files.length})`, ...cells];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** The cells: each sample and the declarations, under each compiler and setting. */
function count(samples, columns) {
  let passed = 0;
  let failed = 0;
  for (const { errors } of columns) {
    for (const file of [...samples.map((sample) => sample.file), DECLARATIONS]) {
      if (errors.has(file) || errors.has("*")) failed++;
      else passed++;
    }
  }
  return { passed, failed };
}

async function main(versions) {
  const started = performance.now();
  const seconds = (from = started) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
  // The downloads start first and run while the packages are packed and installed.
  const wanted = versions.length > 0 ? versions : [OLDEST, NATIVE];
  const installs = Promise.all(wanted.map((version) => installTypeScript(version)));
  installs.catch(() => {});
  const { project, samples, remove } = await prepareProject();
  try {
    console.log(
      `types: ${samples.length} samples; tarballs built, packed and installed in ${seconds()}`,
    );
    const installed = await installs;
    const compilers =
      versions.length > 0 ? installed : [installed[0], repoCompiler(), installed[1]];
    const compiling = performance.now();
    const columns = (
      await mapBounded(compilers, PARALLEL, (compiler) => compile(project, compiler))
    ).flat();
    console.log(
      `\nTypeScript x settings x samples (cells passed/compiled):\n${table(samples, columns)}\n`,
    );
    for (const { compiler, setting, errors, seconds: took } of columns) {
      console.log(
        `types: TS ${compiler.version} ${setting}: ${errors.size === 0 ? "no errors" : `${errors.size} files with errors`} (all settings compiled in ${took.toFixed(1)} s)`,
      );
      for (const [file, lines] of errors) {
        console.log(`  ${file}:\n    ${lines.slice(0, 6).join("\n    ")}`);
      }
    }
    const totals = count(samples, columns);
    console.log(
      `types: compiled in ${seconds(compiling)}; ${totals.passed} passed, ${totals.failed} failed in ${seconds()}`,
    );
    return totals;
  } finally {
    remove();
  }
}

if (process.argv[2] === "--install-only") {
  // `pnpm check` installs the compilers in the background from its start: typecheck and this
  // matrix wait for them instead of opening with the download.
  await Promise.all([OLDEST, NATIVE].map((version) => installTypeScript(version)));
} else {
  await runCountedStage("types", () => main(process.argv.slice(2)));
}
