// A generated load of hostile requests against `x-dev start` in its own process, as an
// attacker or a careless script would send them: every route of both ports, with the
// server's liveness checked throughout and at the end. No answer may be a 5xx, none may go
// unanswered, and the process must stay up; a state file written before the load still
// loads after it, and so does the one written at the stop after it.
import type { ChildProcess } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { startDevServer } from "../src/index.js";
import { bundledCli } from "./cli-process.js";
import { HostileGenerator, sendRaw } from "./hostile-requests.js";

const cli = bundledCli();

const TOKEN = "dev_hostile_token";
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_128);
const REQUESTS = 600;
const CONCURRENCY = 6;
const LIVENESS_EVERY = 50;

interface Running {
  child: ChildProcess;
  workflowPort: number;
  vectorPort: number;
  output: () => string;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function startCli(stateFile: string): Promise<Running> {
  const args = [
    ...["start", "--token", TOKEN, "--dimension", "2", "--state", stateFile],
    ...["--workflow-port", "0", "--vector-port", "0", "--quiet"],
  ];
  const { child, output, exit } = cli.run(args);
  children.push(child);
  for (let i = 0; i < 400 && child.exitCode === null; i++) {
    const workflow = /workflow\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(output());
    const vector = /vector\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(output());
    if (workflow && vector) {
      return {
        child,
        workflowPort: Number(workflow[1]),
        vectorPort: Number(vector[1]),
        output,
        exit,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`x-dev did not start:\n${output()}`);
}

async function stopCli(running: Running): Promise<number | null> {
  running.child.kill("SIGTERM");
  return running.exit;
}

const auth = { authorization: `Bearer ${TOKEN}` };

/** A request of each port answered as usual: the server is alive and serving. */
async function expectAlive(running: Running): Promise<void> {
  expect(running.child.exitCode).toBeNull();
  const clock = await fetch(`http://127.0.0.1:${running.workflowPort}/v2/dev/clock`, {
    headers: auth,
  });
  expect(clock.status).toBe(200);
  const info = await fetch(`http://127.0.0.1:${running.vectorPort}/info`, { headers: auth });
  expect(info.status).toBe(200);
}

async function recordsIn(running: Running, namespace: string): Promise<string[]> {
  const answer = await fetch(`http://127.0.0.1:${running.vectorPort}/range/${namespace}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ cursor: "0", limit: 100 }),
  });
  const { result } = (await answer.json()) as { result: { vectors: { id: string }[] } };
  return result.vectors.map((record) => record.id).sort();
}

it("survives a generated load of hostile requests on every route, and its state files still load", async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-hostile-"));
  const stateFile = join(dir, "state.json");

  // A state file written before the load: records in a namespace and a waiting run.
  const first = await startCli(stateFile);
  const upsert = await fetch(`http://127.0.0.1:${first.vectorPort}/upsert/kept`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify([
      { id: "a", vector: [1, 0] },
      { id: "b", vector: [0, 1] },
    ]),
  });
  expect(upsert.status).toBe(200);
  expect(await stopCli(first)).toBe(0);
  const before = join(dir, "before.json");
  await copyFile(stateFile, before);

  const running = await startCli(stateFile);
  const generator = new HostileGenerator(SEED, TOKEN);
  const failures: string[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < REQUESTS) {
      const n = sent++;
      const request = generator.request();
      const port = request.port === "workflow" ? running.workflowPort : running.vectorPort;
      const outcome = await sendRaw(port, request.bytes, 10_000);
      if ("status" in outcome && outcome.status >= 500) {
        failures.push(`${outcome.status} for ${request.summary}`);
      } else if ("error" in outcome && outcome.error === "no answer in time") {
        failures.push(`no answer for ${request.summary}`);
      }
      if (n % LIVENESS_EVERY === 0) await expectAlive(running);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(failures, `seed ${SEED}`).toEqual([]);
  await expectAlive(running);
  expect(running.output()).not.toMatch(/Uncaught|ERR_INVALID_CHAR|MaxListenersExceeded/);
  expect(await stopCli(running)).toBe(0);

  // The state file written before the load still loads, and so does the one written after.
  for (const file of [before, stateFile]) {
    const again = await startCli(file);
    await expectAlive(again);
    if (file === before) expect(await recordsIn(again, "kept")).toEqual(["a", "b"]);
    expect(await stopCli(again)).toBe(0);
  }
}, 180_000);

it("answers a request target URL parsing refuses (found by the load) with a 400, not a 500", async () => {
  const dev = await startDevServer({ token: TOKEN, vector: { dimension: 2 } });
  try {
    const port = Number(new URL(dev.vectorUrl).port);
    const request = `POST //%%aaa HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
    expect(await sendRaw(port, Buffer.from(request), 10_000)).toEqual({ status: 400 });
  } finally {
    await dev.close();
  }
});
