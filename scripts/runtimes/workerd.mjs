// The clients inside a workerd worker. workerd's default outbound network reaches public
// addresses only; the config routes the worker's fetches through a network service that
// allows loopback, where the dev server and the harness's endpoints listen.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { dirname, join } from "node:path";

const START_DEADLINE_MS = 30_000;

function configText(port) {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "smoke", worker = .smokeWorker),
    (name = "loopback", network = (allow = ["127.0.0.1/32"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "smoke")],
);

const smokeWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2026-11-01",
  globalOutbound = "loopback",
);
`;
}

/** A loopback port that was free a moment ago (workerd takes its address from the config). */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the loopback port. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts workerd and resolves to its stop function once it listens on `port`. */
async function startWorkerd(binary, configFile, port) {
  const child = spawn(binary, ["serve", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  let exit;
  const exited = new Promise((resolve) => child.on("close", resolve));
  exited.then((status) => {
    exit = status;
  });
  const stop = async () => {
    child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + START_DEADLINE_MS;
  while (!(await accepts(port))) {
    if (exit !== undefined || Date.now() > deadline) {
      await stop();
      const why =
        exit !== undefined ? `exited (${exit})` : `not listening after ${START_DEADLINE_MS} ms`;
      throw new Error(`workerd ${why}:\n${stderr.trim().split("\n").slice(-8).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return stop;
}

/** Starts workerd with the bundled worker, posts the smoke config, returns the results. */
export async function runInWorkerd(binary, consumer, config) {
  const folder = dirname(consumer.workerBundle);
  const port = await freePort();
  const configFile = join(folder, `smoke-${port}.capnp`);
  writeFileSync(configFile, configText(port));
  const stop = await startWorkerd(binary, configFile, port);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      body: JSON.stringify(config),
    });
    if (!response.ok) {
      throw new Error(`the worker answered ${response.status}: ${await response.text()}`);
    }
    return await response.json();
  } finally {
    await stop();
  }
}
