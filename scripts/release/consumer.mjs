// A user's project outside the workspace: it installs the packages by name, with only the
// package scope pointed at the local registry, then runs the smoke and type-checks a
// first program with a user's strict settings.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installTypeScript, NATIVE } from "../lib/typescript.mjs";
import { mustRun, run } from "./run.mjs";

/** What the package READMEs tell users to install; the rehearsal runs exactly this. */
export const INSTALLED_BY_NAME = ["@x/workflow", "@x/vector", "@x/dev-server", "@x/otel"];

/**
 * What a TypeScript app on Node installs beside them: Node's own types, for the Node major
 * it runs (`@x/dev-server` takes them as an optional peer, so npm adds none by itself).
 */
const NODE_TYPES = `@types/node@^${process.versions.node.split(".")[0]}`;

// [file in smoke/, its name in the consumer project]
const SMOKE_FILES = [
  ["steps.cjs", "steps.cjs"],
  ["esm.mjs", "esm.mjs"],
  ["cjs.cjs", "cjs.cjs"],
  // One program, checked as an ES module and as CommonJS.
  ["first-program.ts", "first-program.mts"],
  ["first-program.ts", "first-program.cts"],
];

// How users compile: strict, with exact optional properties. Under Node's resolution the
// libraries' own declarations are checked too (skipLibCheck off), which proves the types
// of everything they import arrived with the install (`@types/node` installed by the app,
// as every Node TypeScript project does). TypeScript's own lib files (lib.es2022, lib.dom)
// come with the compiler, not the install: checking them proved nothing and took half the
// run's CPU seconds (skipDefaultLibCheck). Checking @types/node costs seconds of CPU, so the
// bundler run, there for the `import` condition's resolution, skips it as most projects do.
const TSCONFIGS = {
  node16: {
    compilerOptions: {
      module: "node16",
      moduleResolution: "node16",
      skipLibCheck: false,
      skipDefaultLibCheck: true,
    },
    files: ["first-program.mts", "first-program.cts"],
  },
  bundler: {
    compilerOptions: { module: "esnext", moduleResolution: "bundler", skipLibCheck: true },
    files: ["first-program.mts"],
  },
};
const STRICT_OPTIONS = {
  target: "es2022",
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  // Node's types, named as a TypeScript 7 project names them (7 includes no @types package
  // unless listed; 5.x included every one installed, here only @types/node).
  types: ["node"],
};

/** Writes the project: package.json, an .npmrc sending `scope` to the registry, the smoke. */
export function createConsumer(dir, registryUrl, scope) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "release-rehearsal-consumer", private: true }, null, 2)}\n`,
  );
  writeFileSync(join(dir, ".npmrc"), `${scope.replace(/\/$/, "")}:registry=${registryUrl}\n`);
  const smokeDir = fileURLToPath(new URL("./smoke/", import.meta.url));
  for (const [file, copy] of SMOKE_FILES) copyFileSync(join(smokeDir, file), join(dir, copy));
  for (const [name, tsconfig] of Object.entries(TSCONFIGS)) {
    const compilerOptions = { ...STRICT_OPTIONS, ...tsconfig.compilerOptions };
    writeFileSync(
      join(dir, `tsconfig.${name}.json`),
      JSON.stringify({ ...tsconfig, compilerOptions }, null, 2),
    );
  }
}

export async function installByName(dir) {
  await mustRun("npm", ["install", ...INSTALLED_BY_NAME, NODE_TYPES, "--no-audit", "--no-fund"], {
    cwd: dir,
  });
}

/** The version of each scoped package npm installed, by name. */
export function installedVersions(dir, names) {
  const versions = new Map();
  for (const name of names) {
    const manifest = join(dir, "node_modules", ...name.split("/"), "package.json");
    try {
      versions.set(name, JSON.parse(readFileSync(manifest, "utf8")).version);
    } catch {
      versions.set(name, undefined);
    }
  }
  return versions;
}

/**
 * Runs one smoke entry (`esm.mjs` or `cjs.cjs`) and returns its steps as
 * `{ name, problems }`; a crash before any step ran is one failed step.
 */
export async function runSmoke(dir, entry) {
  const result = await run(process.execPath, [entry], { cwd: dir });
  const steps = [];
  for (const line of result.output.split("\n")) {
    const passed = /^ok (.+)$/.exec(line);
    const failed = /^not ok (.+?): (.+)$/.exec(line);
    if (passed) steps.push({ name: passed[1], problems: [] });
    if (failed) steps.push({ name: failed[1], problems: [failed[2]] });
  }
  const failedSteps = steps.filter((step) => step.problems.length > 0).length;
  if (result.code !== 0 && failedSteps === 0) {
    steps.push({ name: `${entry} ran`, problems: [`exited ${result.code}:\n${result.output}`] });
  }
  return steps;
}

/**
 * Type-checks the first program under each tsconfig, with the native compiler (TypeScript 7,
 * from the cache `pnpm check` fills in the background): under a fifth of the CPU seconds 5.9
 * took here. The types matrix compiles the packages' declarations with 5.7 and 5.9.
 * Each compile is single-threaded: both run at once, beside the smoke, on two cores.
 */
export async function typeCheck(dir) {
  const { binary } = await installTypeScript(NATIVE);
  return Promise.all(
    Object.keys(TSCONFIGS).map(async (name) => {
      const args = ["-p", `tsconfig.${name}.json`, "--singleThreaded"];
      const result = await run(binary, args, { cwd: dir });
      return { name, problems: result.code === 0 ? [] : [result.output.trim()] };
    }),
  );
}

/** The installed CLI answers `--help`. */
export async function binProblems(dir) {
  const result = await run(join(dir, "node_modules", ".bin", "x-dev"), ["--help"], { cwd: dir });
  if (result.code !== 0) return [`x-dev --help exited ${result.code}:\n${result.output}`];
  if (!result.output.includes("Usage")) return [`x-dev --help printed:\n${result.output}`];
  return [];
}
