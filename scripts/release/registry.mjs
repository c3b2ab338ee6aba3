// A real npm registry (Verdaccio) on 127.0.0.1, holding only what the rehearsal publishes.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const READY_TIMEOUT_MS = 60_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// No uplinks: a package the registry does not hold is a 404, never fetched from elsewhere.
// The consumer asks it for the publishing scope only.
function config(storage, scope) {
  return {
    storage,
    web: { enable: false },
    packages: { [`${scope}*`]: { access: "$all", publish: "$anonymous" } },
    log: { type: "stdout", format: "pretty", level: "warn" },
  };
}

async function waitUntilReady(url, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the registry exited (${child.exitCode}):\n${readFileSync(logFile, "utf8")}`);
    }
    try {
      const response = await fetch(new URL("-/ping", url));
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the registry did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts Verdaccio with its storage, config and log under `dir`, and returns once it is
 * spawned: `stop` works from then on, `ready` waits until it answers.
 * @param {{ root: string, dir: string, scope: string }} options root: the repository holding verdaccio
 * @returns {Promise<{ url: string, stop(): void, ready(): Promise<void> }>}
 */
export async function launchRegistry({ root, dir, scope }) {
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, "config.yaml");
  // JSON is YAML: no YAML writer needed for a config this small.
  writeFileSync(configFile, JSON.stringify(config(join(dir, "storage"), scope), null, 2));
  const logFile = join(dir, "verdaccio.log");
  const log = openSync(logFile, "w");
  const port = await freePort();
  const bin = join(root, "node_modules", "verdaccio", "bin", "verdaccio");
  const child = spawn(
    process.execPath,
    [bin, "--config", configFile, "--listen", `127.0.0.1:${port}`],
    { stdio: ["ignore", log, log] },
  );
  closeSync(log);
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    // Its storage is thrown away with it: nothing to shut down gracefully.
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    ready: () => waitUntilReady(url, child, logFile),
  };
}
