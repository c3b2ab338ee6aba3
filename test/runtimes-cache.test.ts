// The runtimes' cache (scripts/runtimes/cache.mjs): on Linux x64 a runtime's binary is
// unpacked straight from its registry tarball, checked against the registry's sha512. Run
// against a stand-in registry on 127.0.0.1 that serves one package, with the cache in a
// temporary folder.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installCached } from "../scripts/runtimes/cache.mjs";

const isLinuxX64 = process.platform === "linux" && process.arch === "x64";
let folder: string;
let server: Server;
let requests: string[];

/** A registry that serves `@fake/tool-linux-x64@1.2.3`, with `integrity` as its sha512. */
async function startRegistry(tarball: Buffer, integrity: string) {
  requests = [];
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (req.url === "/@fake%2ftool-linux-x64/1.2.3") {
      const dist = { tarball: `${base}/tool.tgz`, integrity: `sha512-${integrity}` };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ dist }));
    } else if (req.url === "/tool.tgz") {
      res.writeHead(200).end(tarball);
    } else {
      res.writeHead(404).end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv(
    "npm_config_registry",
    `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
  );
}

/** The package's tarball: `package/bin/tool`, a script that prints its version. */
function toolTarball() {
  const source = join(folder, "source");
  mkdirSync(join(source, "package", "bin"), { recursive: true });
  writeFileSync(join(source, "package", "bin", "tool"), "#!/bin/sh\necho v1.2.3\n");
  chmodSync(join(source, "package", "bin", "tool"), 0o755);
  spawnSync("tar", ["-czf", join(folder, "tool.tgz"), "-C", source, "package"]);
  return readFileSync(join(folder, "tool.tgz"));
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
  await new Promise((resolve) => server?.close(resolve));
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!isLinuxX64)("installCached on Linux x64", () => {
  it("unpacks the binary's package from the registry's tarball and links its bin, without npm", async () => {
    const tarball = toolTarball();
    await startRegistry(tarball, createHash("sha512").update(tarball).digest("base64"));
    const installed = await installCached(SPEC);
    const prefix = join(folder, "cache", "x-runtimes", "tool@1.2.3");
    expect(installed).toEqual({
      binary: join(prefix, "node_modules/.bin/tool"),
      version: "v1.2.3",
    });
    expect(readlinkSync(installed.binary)).toBe("../@fake/tool-linux-x64/bin/tool");
    // npm would have asked for the `tool` package's document first.
    expect(requests).toEqual(["/@fake%2ftool-linux-x64/1.2.3", "/tool.tgz"]);
  });

  it("refuses a tarball that is not the registry's (sha512), and tries npm instead", async () => {
    const tarball = toolTarball();
    await startRegistry(tarball, createHash("sha512").update("another").digest("base64"));
    await expect(installCached(SPEC)).rejects.toThrow(/npm could not install tool@1.2.3/);
    expect(requests.slice(0, 2)).toEqual(["/@fake%2ftool-linux-x64/1.2.3", "/tool.tgz"]);
    // npm asked the registry for the package itself, which it does not have.
    expect(requests).toContain("/tool");
  });
});
