// `x-dev start --state FILE --quiet`: the traffic goes, what the state file did stays (the
// only sign the state was kept).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDevServer } from "../src/index.js";
import { bundledCli } from "./cli-process.js";

const cli = bundledCli();
const QUIET = ["start", "--workflow-port", "0", "--vector-port", "0", "--quiet"];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "x-dev-quiet-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Starts x-dev, waits for its banner, makes one request, stops it: what it printed. */
async function startRequestStop(args: string[]): Promise<{ code: number | null; out: string }> {
  const { child, output, exit } = cli.run(args);
  let vectorUrl: string | undefined;
  for (let i = 0; i < 400 && vectorUrl === undefined; i++) {
    vectorUrl = /vector\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
    if (vectorUrl === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (vectorUrl === undefined) throw new Error(`no banner:\n${output()}`);
  const answer = await fetch(`${vectorUrl}/info`, { headers: { authorization: "Bearer t" } });
  expect(answer.status).toBe(200);
  child.kill("SIGTERM");
  return { code: await exit, out: output() };
}

describe("--quiet with --state", () => {
  it("prints the state file's lines and no request line", async () => {
    const file = join(dir, "state.json");
    // Written in process, so one start of the CLI shows both lines.
    const writer = await startDevServer({ stateFile: file });
    await writer.close();
    const { code, out } = await startRequestStop([...QUIET, "--token", "t", "--state", file]);
    expect(code).toBe(0);
    const state = "0 vectors in 1 namespace and 0 unfinished runs";
    expect(out).toContain(`x-dev: loaded ${state} from ${file}`);
    expect(out).toContain(`x-dev: saved ${state} to ${file}`);
    expect(out).not.toContain("[vector]");
  });

  it("prints why it refused a state file", async () => {
    const file = join(dir, "state.json");
    writeFileSync(file, "{ not json");
    const { code, stderr } = await cli.runToEnd([...QUIET, "--state", file]);
    expect(code).toBe(1);
    expect(stderr).toContain(`x-dev: could not start: state file ${file} is not valid JSON`);
  });
});
