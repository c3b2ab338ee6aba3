// A user's project, outside the repo: the packed tarballs installed with npm (no workspace
// links), the smoke files beside them, and the bundles workerd and the browser load.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { packPackages } from "../lib/pack.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SMOKE_FILES = fileURLToPath(new URL("../../test/runtimes/", import.meta.url));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 300_000 });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim().split("\n").slice(-10);
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${output.join("\n")}`);
  }
  return result.stdout;
}

/**
 * What the @x/otel smoke needs from the registry beside the tarballs: its peer, the API, and
 * the SDK parts its tests use, at the versions @x/otel's own tests run with.
 */
function otelDependencies() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "packages/otel/package.json"), "utf8"));
  const names = ["@opentelemetry/api", "@opentelemetry/core", "@opentelemetry/sdk-trace-base"];
  return Object.fromEntries(names.map((name) => [name, manifest.devDependencies[name]]));
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

/** Builds every package's dist/ (a turbo cache hit inside `pnpm check`). */
export function buildPackages() {
  run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"], ROOT);
}

/**
 * Builds the packages (a turbo cache hit inside `pnpm check`), packs them and installs the
 * tarballs in a new folder under the system's temp folder. Returns its paths.
 */
export async function prepareConsumer() {
  buildPackages();
  const folder = mkdtempSync(join(tmpdir(), "x-runtimes-"));
  try {
    return await install(folder);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Packs every package into `folder/tarballs` and installs the tarballs with npm into a new
 * project, `folder/consumer`, beside the @x/otel smoke's registry packages and `extra`
 * (`{ name: version range }`); `manifest` adds fields to its package.json (such as
 * `type`). Returns the project's path.
 */
export function installTarballs(folder, { extra = {}, manifest = {} } = {}) {
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
  const written = {
    name: "x-runtime-consumer",
    private: true,
    ...manifest,
    dependencies: { ...specs, ...otelDependencies(), ...extra },
    overrides: specs,
  };
  writeFileSync(join(project, "package.json"), `${JSON.stringify(written, null, 2)}\n`);
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], project);
  return project;
}

async function install(folder) {
  const project = installTarballs(folder);
  const smoke = join(project, "smoke");
  cpSync(SMOKE_FILES, smoke, { recursive: true });
  const workerBundle = join(folder, "workerd", "worker.js");
  const pageBundle = join(folder, "page", "page.js");
  await bundle(join(smoke, "worker.mjs"), workerBundle, ["workerd", "worker"]);
  await bundle(join(smoke, "page.mjs"), pageBundle, []);
  return { folder, project, smoke, workerBundle, pageBundle };
}
