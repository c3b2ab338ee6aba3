// `pnpm start` (scripts/start.mjs) with a stand-in `pnpm` on the PATH that records what it
// is asked to run: the demo runs from sources with no build, the API reference is built
// alongside it, and the last line says where the reference is.
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
  // Records each call; the docs build fails with the exit code in DOCS_EXIT, if set.
  const fake = [
    "#!/bin/sh",
    `echo "$*" >> "${join(bin, "calls")}"`,
    'case "$*" in *docs:render*) echo "docs log line"; exit "$DOCS_EXIT";; esac',
    'echo "demo output"',
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
    env: { ...process.env, DOCS_EXIT: "0", ...env, PATH: `${bin}${delimiter}${process.env.PATH}` },
  });
  const calls = readFileSync(join(bin, "calls"), "utf8").trim().split("\n");
  return { ...result, calls };
}

it.skipIf(process.platform === "win32")(
  "runs the demo without a build, builds the reference, and ends by naming where it is",
  () => {
    const { status, stdout, calls } = runStart();
    expect(status).toBe(0);
    expect(calls.sort()).toEqual([
      "--silent --filter @x/examples quickstart",
      "exec turbo run docs:render --only --output-logs=errors-only",
    ]);
    expect(stdout).toContain("demo output");
    expect(stdout).not.toContain("docs log line");
    expect(stdout.trim().split("\n").at(-1)).toMatch(/is at docs\/dist\/index\.html/);
  },
);

it.skipIf(process.platform === "win32")(
  "shows the reference's log and fails when it does not build",
  () => {
    const { status, stderr } = runStart({ DOCS_EXIT: "3" });
    expect(status).toBe(3);
    expect(stderr).toContain("docs log line");
    expect(stderr).toContain("The API reference failed to build (exit 3)");
  },
);
