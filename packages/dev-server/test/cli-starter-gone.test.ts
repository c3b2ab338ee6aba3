// x-dev stops when the process that started it goes away, saving its state file as on
// SIGTERM: when its parent dies without passing a signal on (as `npm exec` does), and when
// stdin, a pipe from the starter, is closed.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { readSnapshotFile } from "../src/persistence/state.js";
import { bundledCli } from "./cli-process.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const cli = bundledCli();
const START = ["start", "--workflow-port", "0", "--vector-port", "0"];

const folders: string[] = [];
const children: ChildProcess[] = [];
const grandchildren: number[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  // An x-dev that failed to stop must not outlive the test.
  for (const pid of grandchildren.splice(0)) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function stateFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "x-dev-starter-"));
  folders.push(folder);
  return join(folder, "state.json");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves once what `stream` printed holds `pattern`; the text so far. It waits on the
 * stream's own events, not a count of polls, so a loaded machine only makes it slower.
 */
function printed(stream: Readable, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk;
      if (pattern.test(text)) {
        stream.off("data", onData);
        resolve(text);
      }
    };
    stream.on("data", onData);
    stream.once("end", () => reject(new Error(`the output ended without ${pattern}:\n${text}`)));
  });
}

/** Resolves when every process writing to `stream` has closed it (has exited). */
function closed(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    stream.resume();
    stream.once("end", resolve);
  });
}

// The timeout only guards against a hang.
describe("x-dev and the process that started it", { timeout: 120_000 }, () => {
  it("stops and saves its state when its parent dies without a signal", async () => {
    const state = stateFile();
    const args = cli.argv([...START, "--state", state]);
    // The intermediate starts x-dev (stdin from /dev/null, so only the parent's exit can
    // tell), prints its pid, and is then killed outright, passing nothing on.
    const starter = spawn(
      process.execPath,
      [
        "-e",
        `const { spawn } = require("node:child_process");
         const dev = spawn(process.execPath, ${JSON.stringify(args)}, { stdio: ["ignore", "inherit", "inherit"] });
         console.log("dev pid " + dev.pid);
         setInterval(() => {}, 1000);`,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(starter);
    const stdout = starter.stdout as Readable;
    const output = await printed(stdout, /workflow\s+http/);
    const pid = Number(/dev pid (\d+)/.exec(output)?.[1]);
    grandchildren.push(pid);
    expect(isAlive(pid)).toBe(true);
    const gone = closed(stdout);
    starter.kill("SIGKILL");
    // x-dev shares the starter's stdout: the pipe ends when x-dev has exited too.
    await gone;
    expect(existsSync(state)).toBe(true);
    expect(await readSnapshotFile(state)).toMatchObject({ format: "x-dev-state" });
  });

  it("stops and saves its state when stdin, a pipe from its starter, is closed", async () => {
    const state = stateFile();
    const dev = spawn(process.execPath, cli.argv([...START, "--state", state]), {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
    });
    children.push(dev);
    const exit = new Promise<number | null>((resolve) => dev.on("exit", resolve));
    const stdout = dev.stdout as Readable;
    let output = await printed(stdout, /workflow\s+http/);
    stdout.on("data", (chunk) => {
      output += chunk;
    });
    dev.stdin?.end();
    expect(await exit).toBe(0);
    expect(output).toContain("x-dev: stdin was closed by the process that started x-dev, stopping");
    expect(output).toContain(`saved 0 vectors in 1 namespace and 0 unfinished runs to ${state}`);
  });
});
