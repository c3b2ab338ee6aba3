// `x-dev import` into a state file, spawned as the CLI tests spawn x-dev: the file that
// `x-dev start --state` serves ends equal to the live index, a stopped import (a failure, or
// Ctrl+C) resumes when run again, and the token is never printed.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runImportCommand } from "../src/import/command.js";
import { bundledCli } from "./cli-process.js";
import { contents, devServer, fill, LIVE_TOKEN } from "./import-harness.js";

const cli = bundledCli();

/** Runs `x-dev import` to its end; the token never shows in what it printed. */
async function importCli(args: string[]): Promise<{ code: number | null; output: string }> {
  const { output, exit } = cli.run(["import", ...args]);
  const code = await exit;
  expect(output()).not.toContain(LIVE_TOKEN);
  return { code, output: output() };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-dev-import-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const dense = { type: "DENSE" as const, dimension: 4, metric: "EUCLIDEAN" as const };

async function liveIndex(counts: Record<string, number>) {
  const live = await devServer({ token: LIVE_TOKEN, vector: dense });
  await fill(live, "DENSE", counts);
  return live;
}

/** What `x-dev start --state file` would serve. */
async function served(file: string) {
  const dev = await devServer({ stateFile: file });
  const held = await contents(dev);
  // Now, while the file's directory is there: closing writes the state file.
  await dev.close();
  return held;
}

describe("x-dev import", () => {
  it("creates the state file with the live index and its records, mode 600", async () => {
    const live = await liveIndex({ "": 20, a: 25, b: 15 });
    const file = join(dir, "state.json");
    const { code, output } = await importCli([
      "--from",
      live.vectorUrl,
      "--token",
      LIVE_TOKEN,
      "--state",
      file,
      "--page-size",
      "10",
    ]);
    expect(code).toBe(0);
    expect(output).toMatch(/imported 60 records in 3 namespaces into .*state\.json/);
    // Not a terminal: a plain line per namespace, no carriage returns.
    expect(output).toContain('namespace "a" read');
    expect(output).not.toContain("\r");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.import`)).toBe(false);
    expect(await served(file)).toEqual(await contents(live));
  });

  it("resumes from where a failed run stopped, when run again", async () => {
    const live = await liveIndex({ "": 20, b: 20 });
    const file = join(dir, "state.json");
    const fault = await live.faults.add({ service: "vector", path: "/range/b", status: 400 });
    const args = ["--from", live.vectorUrl, "--token", LIVE_TOKEN, "--state", file];
    const failed = await importCli(args);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain("x-dev: import stopped:");
    expect(failed.output).toContain("20 records imported and saved to");
    expect(failed.output).toContain("run the same command again to resume");
    expect(Object.keys(await served(file))).toEqual([""]);
    expect(existsSync(`${file}.import`)).toBe(true);

    await live.faults.clear(fault);
    const resumed = await importCli(args);
    expect(resumed.code).toBe(0);
    expect(resumed.output).toContain("imported 20 records in 1 namespace");
    expect(await served(file)).toEqual(await contents(live));
    expect(existsSync(`${file}.import`)).toBe(false);
  });

  it("saves what it imported on Ctrl+C, and resumes", async () => {
    const live = await liveIndex({ "": 10, a: 10, b: 10 });
    const file = join(dir, "state.json");
    // The first page of "b" never comes: the import waits there until interrupted.
    await live.faults.add({ service: "vector", path: "/range/b", drop: "hang" });
    const args = ["import", "--from", live.vectorUrl, "--token", LIVE_TOKEN, "--state", file];
    const first = cli.run(args);
    let exited = false;
    void first.exit.then(() => {
      exited = true;
    });
    // Printed as the first page of "a" is written: "a" is one page, so all of it.
    while (!first.output().includes('namespace "" read')) {
      if (exited) throw new Error(`x-dev import ended early:\n${first.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.child.kill("SIGINT");
    expect(await first.exit).toBe(130);
    expect(first.output()).toContain("x-dev: import interrupted: 20 records imported and saved");
    expect(first.output()).not.toContain(LIVE_TOKEN);
    expect(Object.keys(await served(file))).toEqual(["", "a"]);

    await live.faults.clear();
    const resumed = await importCli(args.slice(1));
    expect(resumed.code).toBe(0);
    expect(resumed.output).toContain("imported 10 records in 1 namespace");
    expect(await served(file)).toEqual(await contents(live));
  });

  it("says why the live index refused, without the token, and writes nothing", async () => {
    const live = await liveIndex({ "": 2 });
    const file = join(dir, "state.json");
    const wrong = `${LIVE_TOKEN}-wrong`;
    const { output, exit } = cli.run([
      "import",
      "--from",
      live.vectorUrl,
      "--token",
      wrong,
      "--state",
      file,
    ]);
    expect(await exit).toBe(1);
    expect(output()).toMatch(/x-dev: import stopped: .*401/);
    expect(output()).not.toContain(LIVE_TOKEN);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a state file of another index, leaving it as it was", async () => {
    const live = await liveIndex({ "": 2 });
    const file = join(dir, "state.json");
    const other = await devServer({ vector: { ...dense, dimension: 8 }, stateFile: file });
    await other.close();
    const before = await readFile(file, "utf8");
    const { code, output } = await importCli([
      "--from",
      live.vectorUrl,
      "--token",
      LIVE_TOKEN,
      "--state",
      file,
    ]);
    expect(code).toBe(1);
    expect(output).toContain(
      "import stopped: dimension: the live index is DENSE (4 dimensions, EUCLIDEAN) but this dev server runs DENSE (8 dimensions, EUCLIDEAN)",
    );
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it.each([
    [["--from", "http://127.0.0.1:1", "--token", "t"], "import needs --state"],
    [["--from", "http://127.0.0.1:1", "--state", "f"], "import needs the live index's token"],
    [["--form", "http://127.0.0.1:1"], "unknown option --form; did you mean --from?"],
    [
      ["--from", "http://u", "--token", "t", "--state", "f", "--page-size", "0"],
      "--page-size must be",
    ],
    [
      ["--from", "http://u", "--token", "t", "--state", "f", "extra"],
      'import takes flags only, got "extra"',
    ],
  ])("exits 2 on %j, before anything is sent", async (args, message) => {
    // In process: what the command line says is decided before any request or file.
    let printed = "";
    const io = {
      stdout: { write: (text: string) => (printed += text) },
      stderr: { write: (text: string) => (printed += text) },
      onInterrupt: () => () => {},
    };
    expect(await runImportCommand(args, io, {})).toBe(2);
    expect(printed).toContain(`x-dev: ${message}`);
  });
});
