// The runtimes' cache (scripts/runtimes/cache.mjs): on Linux x64 a runtime's binary is
// unpacked straight from its registry tarball, checked against the registry's sha512. Run
// against a stand-in registry on 127.0.0.1 that serves one package, with the cache in a
// temporary folder.
import { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installCached } from "../scripts/runtimes/cache.mjs";
import {
  type StandInRegistry,
  scriptTarball,
  sha512,
  startStandInRegistry,
} from "./stand-in-registry.js";

const isLinuxX64 = process.platform === "linux" && process.arch === "x64";
let folder: string;
let registry: StandInRegistry | undefined;

/** Serves `@fake/tool-linux-x64@1.2.3`, whose `bin/tool` prints its version. */
async function startRegistry(integrity?: string) {
  const tarball = scriptTarball(folder, "bin/tool", "echo v1.2.3");
  registry = await startStandInRegistry({
    name: "@fake/tool-linux-x64",
    version: "1.2.3",
    tarball,
    integrity,
  });
  vi.stubEnv("npm_config_registry", registry.url);
  return registry;
}

const SPEC = {
  package: "tool",
  version: "1.2.3",
  bin: "tool",
  linuxX64: { packages: ["@fake/tool-linux-x64"], binary: "@fake/tool-linux-x64/bin/tool" },
};

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "x-runtimes-cache-"));
  vi.stubEnv("XDG_CACHE_HOME", join(folder, "cache"));
});

afterEach(async () => {
  await registry?.close();
  registry = undefined;
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!isLinuxX64)("installCached on Linux x64", () => {
  it("unpacks the binary's package from the registry's tarball and links its bin, without npm", async () => {
    const { requests } = await startRegistry();
    const installed = await installCached(SPEC);
    const prefix = join(folder, "cache", "x-runtimes", "tool@1.2.3");
    expect(installed).toEqual({
      binary: join(prefix, "node_modules/.bin/tool"),
      version: "v1.2.3",
    });
    expect(readlinkSync(installed.binary)).toBe("../@fake/tool-linux-x64/bin/tool");
    // npm would have asked for the `tool` package's document first.
    expect(requests).toEqual(["/@fake%2ftool-linux-x64/1.2.3", "/package.tgz"]);
  });

  it("refuses a tarball that is not the registry's (sha512), and tries npm instead", async () => {
    const { requests } = await startRegistry(sha512("another"));
    await expect(installCached(SPEC)).rejects.toThrow(/npm could not install tool@1.2.3/);
    expect(requests.slice(0, 2)).toEqual(["/@fake%2ftool-linux-x64/1.2.3", "/package.tgz"]);
    // npm asked the registry for the package itself, which it does not have.
    expect(requests).toContain("/tool");
  });
});
