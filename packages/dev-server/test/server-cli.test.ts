import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledCli } from "./cli-process.js";

const cli = bundledCli();

async function waitFor(
  output: () => string,
  pattern: RegExp,
  exit: Promise<unknown>,
): Promise<RegExpMatchArray> {
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  for (let i = 0; i < 200; i++) {
    const match = output().match(pattern);
    if (match) return match;
    if (exited) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${pattern} in output:\n${output()}`);
}

describe("x-dev CLI", () => {
  it("starts with a seed, prints URLs and token, serves, and exits 0 on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "x-dev-cli-"));
    const seed = join(dir, "seed.json");
    writeFileSync(
      seed,
      JSON.stringify([
        { id: "a", vector: [1, 0] },
        { id: "b", vector: [0, 1] },
      ]),
    );
    const { child, output, exit } = cli.run([
      "start",
      "--workflow-port",
      "0",
      "--vector-port",
      "0",
      "--dimension",
      "2",
      "--metric",
      "euclidean",
      "--seed",
      seed,
      "--token",
      "cli-token",
      "--quiet",
    ]);
    try {
      const [, vectorUrl] = await waitFor(output, /vector\s+(http:\/\/127\.0\.0\.1:\d+)/, exit);
      expect(output()).toMatch(/workflow\s+http:\/\/127\.0\.0\.1:\d+/);
      expect(output()).toContain("token     cli-token");
      expect(output()).toContain(`seed      2 records loaded from ${seed}`);
      const res = await fetch(`${vectorUrl}/query`, {
        method: "POST",
        headers: { authorization: "Bearer cli-token", "content-type": "application/json" },
        body: JSON.stringify({ vector: [1, 0], topK: 1 }),
      });
      expect(await res.json()).toEqual({ result: [{ id: "a", score: 1 }] });
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exit).toBe(0);
  });

  it("--clock manual starts a clock POST /v2/dev/clock advances", async () => {
    const { child, output, exit } = cli.run([
      "start",
      "--workflow-port",
      "0",
      "--vector-port",
      "0",
      "--clock",
      "manual",
      "--token",
      "cli-token",
      "--quiet",
    ]);
    try {
      const [, workflowUrl] = await waitFor(output, /workflow\s+(http:\/\/127\.0\.0\.1:\d+)/, exit);
      expect(output()).toContain("clock     manual");
      const headers = { authorization: "Bearer cli-token", "content-type": "application/json" };
      const before = (await (await fetch(`${workflowUrl}/v2/dev/clock`, { headers })).json()) as {
        mode: string;
        now: number;
      };
      expect(before.mode).toBe("manual");
      const after = await fetch(`${workflowUrl}/v2/dev/clock`, {
        method: "POST",
        headers,
        body: JSON.stringify({ advance: "1d" }),
      });
      expect(await after.json()).toEqual({ mode: "manual", now: before.now + 86_400_000 });
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exit).toBe(0);
    const bad = cli.run(["start", "--clock", "fake"]);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain('--clock: must be "real" or "manual" (got "fake")');
  }, 60_000);

  // Three child processes in a row: a generous test timeout, nothing asserted about time.
  it("--help prints usage and exits 0; a bad flag exits 2", async () => {
    const help = cli.run(["--help"]);
    expect(await help.exit).toBe(0);
    expect(help.output()).toContain("Usage: x-dev start");
    for (const route of ["GET /v2/dev/faults", "POST /v2/dev/faults", "DELETE /v2/dev/faults"]) {
      expect(help.output()).toContain(route);
    }
    expect(help.output()).toContain("--random-seed <n>");
    expect(help.output()).toContain("--start-at <time>");
    const bad = cli.run(["start", "--metric", "HAMMING"]);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain("--metric: must be one of COSINE, EUCLIDEAN, DOT_PRODUCT");
    const empty = cli.run(["start", "--dimension", "0"]);
    expect(await empty.exit).toBe(2);
    expect(empty.output()).toContain("--dimension: must be an integer from 1 to 65536 (got 0)");
  }, 60_000);
});
