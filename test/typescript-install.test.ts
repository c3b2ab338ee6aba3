// The native compiler's install (scripts/lib/typescript.mjs) on Linux x64: its binary's
// registry package is unpacked straight into the runtimes' cache, with no npm. Run against a
// stand-in registry on 127.0.0.1 that serves that one package (a script that prints the
// compiler's version), with the cache in a temporary folder.
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
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { installTypeScript, NATIVE } from "../scripts/lib/typescript.mjs";

const isLinuxX64 = process.platform === "linux" && process.arch === "x64";
const PACKAGE = "@typescript/typescript-linux-x64";
let folder: string;
let server: Server | undefined;
let requests: string[];

/** The platform package's tarball: `package/lib/tsc`, printing the version as tsc 7 does. */
function compilerTarball() {
  const lib = join(folder, "source", "package", "lib");
  mkdirSync(lib, { recursive: true });
  writeFileSync(join(lib, "tsc"), `#!/bin/sh\necho "Version ${NATIVE}"\n`);
  chmodSync(join(lib, "tsc"), 0o755);
  spawnSync("tar", ["-czf", join(folder, "tsc.tgz"), "-C", join(folder, "source"), "package"]);
  return readFileSync(join(folder, "tsc.tgz"));
}

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "x-typescript-install-"));
  vi.stubEnv("XDG_CACHE_HOME", join(folder, "cache"));
  const tarball = compilerTarball();
  const integrity = createHash("sha512").update(tarball).digest("base64");
  requests = [];
  const registry = createServer((req, res) => {
    requests.push(req.url ?? "");
    const base = `http://127.0.0.1:${(registry.address() as { port: number }).port}`;
    if (req.url === `/${PACKAGE.replace("/", "%2f")}/${NATIVE}`) {
      const dist = { tarball: `${base}/tsc.tgz`, integrity: `sha512-${integrity}` };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ dist }));
    } else if (req.url === "/tsc.tgz") {
      res.writeHead(200).end(tarball);
    } else {
      res.writeHead(404).end("{}");
    }
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  server = registry;
  const port = (registry.address() as { port: number }).port;
  vi.stubEnv("npm_config_registry", `http://127.0.0.1:${port}/`);
});

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
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
    expect(requests).toEqual([`/${PACKAGE.replace("/", "%2f")}/${NATIVE}`, "/tsc.tgz"]);
  },
);
