// `pnpm start` (scripts/start.mjs) with a stand-in `pnpm` on the PATH that records what it
// is asked to run: the demo runs from sources with no build and nothing else, its exit code
// is the command's, and the last line says how to build the API reference.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";

const start = fileURLToPath(new URL("../scripts/start.mjs", import.meta.url));
let bin: string;

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), "x-start-"));
  // Records each call; exits with the code in DEMO_EXIT.
  const fake = [
    "#!/bin/sh",
    `echo "$*" >> "${join(bin, "calls")}"`,
    'echo "demo output"',
    'exit "$DEMO_EXIT"',
  ].join("\n");
  writeFileSync(join(bin, "pnpm"), `${fake}\n`);
  chmodSync(join(bin, "pnpm"), 0o755);
});

afterEach(() => {
  rmSync(bin, { recursive: true, force: true });
});

function runStart(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [start], {
    encoding: "utf8",
    env: { ...process.env, DEMO_EXIT: "0", ...env, PATH: `${bin}${delimiter}${process.env.PATH}` },
  });
  const calls = readFileSync(join(bin, "calls"), "utf8").trim().split("\n");
  return { ...result, calls };
}

it.skipIf(process.platform === "win32")(
  "runs the demo without a build, and ends by naming how to build the reference",
  () => {
    const { status, stdout, calls } = runStart();
    expect(status).toBe(0);
    expect(calls).toEqual(["--silent --filter @x/examples quickstart"]);
    expect(stdout).toContain("demo output");
    expect(stdout.trim().split("\n").at(-1)).toMatch(
      /`pnpm docs:build` writes it to docs\/dist\/index\.html/,
    );
  },
);

it.skipIf(process.platform === "win32")("fails with the demo's exit code", () => {
  const { status, stdout } = runStart({ DEMO_EXIT: "3" });
  expect(status).toBe(3);
  expect(stdout).toContain("demo output");
});
