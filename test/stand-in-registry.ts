// A stand-in for the npm registry, for the tests of the installs that skip npm on Linux x64
// (scripts/runtimes/cache.mjs): on 127.0.0.1, it serves one package's version document and
// its tarball, answers 404 to anything else, and records every path asked for.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";

export interface StandInRegistry {
  /** Its address, as `npm_config_registry` takes it (with the closing slash). */
  url: string;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** The registry's integrity value of `tarball`: its sha512, in base64. */
export function sha512(data: Buffer | string): string {
  return createHash("sha512").update(data).digest("base64");
}

/**
 * A gzipped tarball, made in `folder`, that holds `package/<file>`: an executable shell
 * script with `script` as its body.
 */
export function scriptTarball(folder: string, file: string, script: string): Buffer {
  const source = join(folder, "source");
  const path = join(source, "package", file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
  const tarball = join(folder, "package.tgz");
  spawnSync("tar", ["-czf", tarball, "-C", source, "package"]);
  return readFileSync(tarball);
}

/**
 * Starts a registry that serves `name@version` with `tarball`, its document giving
 * `integrity` as the tarball's sha512 (the tarball's own unless given).
 */
export async function startStandInRegistry(pkg: {
  name: string;
  version: string;
  tarball: Buffer;
  integrity?: string | undefined;
}): Promise<StandInRegistry> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === `/${pkg.name.replace("/", "%2f")}/${pkg.version}`) {
      const integrity = `sha512-${pkg.integrity ?? sha512(pkg.tarball)}`;
      const dist = { tarball: `${base}/package.tgz`, integrity };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ dist }));
    } else if (req.url === "/package.tgz") {
      res.writeHead(200).end(pkg.tarball);
    } else {
      res.writeHead(404).end("{}");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
