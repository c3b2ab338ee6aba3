// The native compiler's install (scripts/lib/typescript.mjs) on Linux x64: its binary's
// registry package is unpacked straight into the runtimes' cache, with no npm. Run against a
// stand-in registry on 127.0.0.1 that serves that one package (a script that prints the
// compiler's version), with the cache in a temporary folder.
import { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { installTypeScript, NATIVE } from "../scripts/lib/typescript.mjs";
import { type StandInRegistry, scriptTarball, startStandInRegistry } from "./stand-in-registry.js";

const isLinuxX64 = process.platform === "linux" && process.arch === "x64";
const PACKAGE = "@typescript/typescript-linux-x64";
let folder: string;
let registry: StandInRegistry;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "x-typescript-install-"));
  vi.stubEnv("XDG_CACHE_HOME", join(folder, "cache"));
  // The platform package's `lib/tsc`, printing the version as tsc 7 does.
  const tarball = scriptTarball(folder, "lib/tsc", `echo "Version ${NATIVE}"`);
  registry = await startStandInRegistry({ name: PACKAGE, version: NATIVE, tarball });
  vi.stubEnv("npm_config_registry", registry.url);
});

afterEach(async () => {
  await registry.close();
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

it.skipIf(!isLinuxX64)(
  "installs the native compiler from its Linux x64 package alone, without npm",
  async () => {
    const installed = await installTypeScript(NATIVE);
    const prefix = join(folder, "cache", "x-runtimes", `typescript@${NATIVE}`);
    expect(installed).toEqual({ binary: join(prefix, "node_modules/.bin/tsc"), version: NATIVE });
    expect(readlinkSync(installed.binary)).toBe(`../${PACKAGE}/lib/tsc`);
    // npm would have asked for the `typescript` package's document first.
    expect(registry.requests).toEqual([
      `/${PACKAGE.replace("/", "%2f")}/${NATIVE}`,
      "/package.tgz",
    ]);
  },
);
