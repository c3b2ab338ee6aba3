// A user's project, outside the repo: the packed tarballs installed with npm (no workspace
// links), with the registry packages both matrices need beside them. The runtime matrix
// copies its smoke files into it and bundles them for workerd and the browser; the types
// matrix writes its samples into it. Each writes into a folder of its own inside the
// project, so under `pnpm check` one install serves both (made by the first that needs it:
// one pack and one npm install fewer; the runtime matrix that found it made took 21.6 ->
// 16.4 CPU seconds, medians of three).
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { packPackages } from "../lib/pack.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SMOKE_FILES = fileURLToPath(new URL("../../test/runtimes/", import.meta.url));
/**
 * Set by `pnpm check` to a path inside its own temporary folder (removed when it ends): the
 * consumer shared by the two matrices. Unset, each makes its own and removes it.
 */
const SHARED_CONSUMER = "X_SHARED_CONSUMER";
// The marks the maker of a shared consumer leaves in its folder for the other stage.
const READY = ".ready";
const FAILED = ".failed";
// The pack and the install take 5-30 s on a loaded 2-core machine; npm's own limit is 300 s.
const WAIT_DEADLINE_MS = 600_000;

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 300_000 });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim().split("\n").slice(-10);
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${output.join("\n")}`);
  }
  return result.stdout;
}

/**
 * What the project needs from the registry beside the tarballs: for the @x/otel smoke, its
 * peer, the API and the SDK parts its tests use, at the versions @x/otel's own tests run
 * with; for the types matrix's samples, Node's types (as a TypeScript app on Node has),
 * vitest (the testing guide's samples import it) and undici (the core README's).
 */
function registryDependencies() {
  const otel = JSON.parse(readFileSync(join(ROOT, "packages/otel/package.json"), "utf8"));
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const names = ["@opentelemetry/api", "@opentelemetry/core", "@opentelemetry/sdk-trace-base"];
  return {
    ...Object.fromEntries(names.map((name) => [name, otel.devDependencies[name]])),
    "@types/node": `^${process.versions.node.split(".")[0]}`,
    vitest: root.devDependencies.vitest,
    undici: "^7",
  };
}

/** Builds every package's dist/ (a turbo cache hit inside `pnpm check`). */
export function buildPackages() {
  run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"], ROOT);
}

/**
 * Packs every package into `folder/tarballs` and installs the tarballs with npm into a new
 * project, `folder/consumer`, an ES module project (as a new Node app is) beside the
 * registry packages. Returns the project's path.
 */
export function installTarballs(folder) {
  const tarballFolder = join(folder, "tarballs");
  const project = join(folder, "consumer");
  mkdirSync(tarballFolder);
  mkdirSync(project);
  const tarballs = packPackages(tarballFolder);

  // The tarballs depend on each other by version range (`@x/core: ^0.0.0`); the overrides
  // make npm take those from the local tarballs too, as it would from the registry.
  const specs = Object.fromEntries(
    Object.entries(tarballs).map(([name, path]) => [name, `file:${path}`]),
  );
  const manifest = {
    name: "x-consumer",
    private: true,
    type: "module",
    dependencies: { ...specs, ...registryDependencies() },
    overrides: specs,
  };
  writeFileSync(join(project, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], project);
  return project;
}

/**
 * Runs `make(folder)` once for every process that asks for `folder`: the first creates the
 * folder and makes it; the others wait until it is made, and fail with its error when it
 * could not be. Resolves once the folder is ready.
 */
export async function madeOnce(folder, make, { deadlineMs = WAIT_DEADLINE_MS, pollMs = 200 } = {}) {
  let maker = true;
  try {
    mkdirSync(folder);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    maker = false;
  }
  if (maker) {
    try {
      await make(folder);
    } catch (error) {
      writeFileSync(join(folder, FAILED), String(error?.message ?? error));
      throw error;
    }
    writeFileSync(join(folder, READY), "");
    return;
  }
  const deadline = Date.now() + deadlineMs;
  while (!existsSync(join(folder, READY))) {
    if (existsSync(join(folder, FAILED))) {
      const why = readFileSync(join(folder, FAILED), "utf8");
      throw new Error(`the stage that made ${folder} failed: ${why}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${folder} was not ready after ${deadlineMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * The consumer project with the packages built, packed and installed, and a new folder of
 * the caller's own inside it, named `<name>-…`. Resolves to `{ project, work, remove }`:
 * `remove()` deletes what only this caller uses (the whole project, unless it is shared).
 */
export async function consumerWorkspace(name) {
  const shared = process.env[SHARED_CONSUMER];
  const folder = shared || mkdtempSync(join(tmpdir(), "x-consumer-"));
  try {
    const make = () => {
      buildPackages();
      installTarballs(folder);
    };
    if (shared) await madeOnce(folder, make);
    else make();
  } catch (error) {
    if (!shared) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const project = join(folder, "consumer");
  const work = mkdtempSync(join(project, `${name}-`));
  const remove = () => rmSync(shared ? work : folder, { recursive: true, force: true });
  return { project, work, remove };
}

async function bundle(entry, outfile, conditions) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions,
    logLevel: "error",
  });
}

/**
 * The runtime matrix's files in the consumer: the smoke files, and the bundles workerd and
 * the browser load. Resolves to their paths and `remove()`.
 */
export async function prepareConsumer() {
  const { work, remove } = await consumerWorkspace("runtimes");
  try {
    const smoke = join(work, "smoke");
    cpSync(SMOKE_FILES, smoke, { recursive: true });
    const workerBundle = join(work, "workerd", "worker.js");
    const pageBundle = join(work, "page", "page.js");
    await bundle(join(smoke, "worker.mjs"), workerBundle, ["workerd", "worker"]);
    await bundle(join(smoke, "page.mjs"), pageBundle, []);
    return { smoke, workerBundle, pageBundle, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
