// `pnpm check` (scripts/check/main.mjs) ends with the table of each stage's seconds, then
// the totals line `N passed, N failed` that .ci/run reads. Run here in a temporary copy of
// its scripts, with a stand-in `pnpm` on the PATH (each stage's exit code from the
// environment, and a vitest that writes a report) and a stand-in Chromium check.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatStageTable } from "../scripts/check/stages.mjs";

const scripts = fileURLToPath(new URL("../scripts/", import.meta.url));
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "x-check-"));
  mkdirSync(join(root, "bin"));
  cpSync(join(scripts, "check"), join(root, "scripts/check"), { recursive: true });
  cpSync(join(scripts, "lib/cpu.mjs"), join(root, "scripts/lib/cpu.mjs"));
  cpSync(join(scripts, "test-ci.mjs"), join(root, "scripts/test-ci.mjs"));
  writeFileSync(join(root, "scripts/ensure-chromium.mjs"), 'console.log("chromium: present");\n');
  // The runtimes' and the compilers' downloads take a moment, then leave a mark the stages
  // that need them look for.
  mkdirSync(join(root, "scripts/runtimes"));
  writeFileSync(
    join(root, "scripts/runtimes/main.mjs"),
    [
      'import { writeFileSync } from "node:fs";',
      "await new Promise((resolve) => setTimeout(resolve, 500));",
      'writeFileSync("runtimes-fetched", process.argv.slice(2).join(" "));',
      'console.log("runtimes: in the cache");',
    ].join("\n"),
  );
  mkdirSync(join(root, "scripts/types-matrix"));
  writeFileSync(
    join(root, "scripts/types-matrix/main.mjs"),
    [
      'import { writeFileSync } from "node:fs";',
      "await new Promise((resolve) => setTimeout(resolve, 500));",
      'writeFileSync("compilers-fetched", process.argv.slice(2).join(" "));',
      'console.log("compilers: in the cache");',
    ].join("\n"),
  );
  // `pnpm run <stage>` exits with $FAIL_<stage> (default 0); the counted stages leave their
  // counts; `pnpm exec vitest ... --outputFile.json=F` writes a report of 7 passed tests.
  const fake = `#!/bin/sh
if [ "$1" = run ]; then
  stage=$(echo "$2" | tr -c 'a-z\\n' _)
  case "$2" in
    test:runtimes) [ "$(cat runtimes-fetched)" = --install-only ] || exit 9; echo "$X_SHARED_CONSUMER" > runtimes-consumer; mkdir -p .check-results; echo '{"passed":3,"failed":0}' > .check-results/runtimes.json;;
    typecheck) [ "$(cat compilers-fetched)" = --install-only ] || exit 9;;
    types:matrix) [ "$(cat compilers-fetched)" = --install-only ] || exit 9; echo "$X_SHARED_CONSUMER" > types-consumer; mkdir -p .check-results; echo '{"passed":4,"failed":0}' > .check-results/types.json;;
    release:rehearse) mkdir -p .check-results; echo '{"passed":2,"failed":0}' > .check-results/release.json;;
    spec:walk) mkdir -p .check-results; echo '{"passed":1,"failed":0}' > .check-results/spec-walk.json;;
  esac
  eval "exit \\\${FAIL_$stage:-0}"
fi
for arg in "$@"; do
  case "$arg" in --outputFile.json=*) echo '{"numPassedTests":7,"numFailedTests":0,"testResults":[]}' > "\${arg#*=}";; esac
done
`;
  writeFileSync(join(root, "bin/pnpm"), fake);
  chmodSync(join(root, "bin/pnpm"), 0o755);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function check(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["scripts/check/main.mjs"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env, PATH: `${join(root, "bin")}${delimiter}${process.env.PATH}` },
  });
  return { status: result.status, lines: result.stdout.trim().split("\n") };
}

describe.skipIf(process.platform === "win32")("pnpm check", () => {
  it("ends with the stage table, then the totals line", () => {
    const { status, lines } = check();
    expect(status).toBe(0);
    expect(lines.at(-1)).toBe("17 passed, 0 failed");
    const table = lines.indexOf("Stage seconds of this run (two stages at a time):");
    expect(table).toBeGreaterThan(-1);
    const names = lines.slice(table + 2, -3).map((line) => line.split(/\s+/)[0]);
    expect(names).toEqual([
      "chromium",
      "runtimes",
      "compilers",
      "lint:spec",
      "gen:check",
      "workflows:check",
      "release:check",
      "lint",
      "lint:deps",
      "build",
      "size",
      "vitest",
      "typecheck",
      "types",
      "api:check",
      "lint:pkg",
      "contract:mutate",
      "test:runtimes",
      "release:rehearse",
      "spec:walk",
    ]);
    // Each stage's row: start, seconds, and the CPU seconds its processes used (on Linux).
    if (process.platform === "linux") {
      for (const line of lines.slice(table + 2, -3)) {
        expect(line).toMatch(/^\S+\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d( |$)/);
      }
    }
    expect(lines.at(-2)).toMatch(/^wall\s+\d+\.\d$/);
  });

  it("gives the two matrices one consumer path in its own temporary folder, removed at its end", () => {
    const { status } = check();
    expect(status).toBe(0);
    const types = readFileSync(join(root, "types-consumer"), "utf8").trim();
    expect(types).toMatch(/x-check-[^/]+\/consumer$/);
    expect(readFileSync(join(root, "runtimes-consumer"), "utf8").trim()).toBe(types);
    expect(existsSync(dirname(types))).toBe(false);
  });

  it("stops at a failed gate, and still prints the table of what ran", () => {
    const { status, lines } = check({ FAIL_lint_deps: "2" });
    expect(status).toBe(2);
    expect(lines.at(-1)).toBe("check: lint:deps failed (exit 2); the stages after it did not run.");
    expect(lines.some((line) => line.startsWith("lint:deps "))).toBe(true);
    expect(lines.some((line) => line.startsWith("build "))).toBe(false);
  });
});

describe("the stage table", () => {
  it("gives each stage its start, seconds and CPU seconds, adds up the in-line ones, and ends with the wall", () => {
    const table = formatStageTable(
      [
        { name: "lint", seconds: 10, note: "", start: 0, cpu: 9.5 },
        { name: "chromium", seconds: 40, note: "in background", start: 0, cpu: 3 },
        { name: "vitest", seconds: 30, note: "", start: 5, cpu: 50.25 },
        { name: "probe", seconds: 2, note: "", start: 6, cpu: undefined },
      ],
      35,
    );
    expect(table.split("\n")).toEqual([
      "Stage seconds of this run (two stages at a time):",
      "stage     start  seconds    cpu",
      "lint        0.0     10.0    9.5",
      "chromium    0.0     40.0    3.0  in background",
      "vitest      5.0     30.0   50.3",
      "probe       6.0      2.0",
      "stages              42.0   59.8  (added up)",
      "wall                35.0",
    ]);
  });
});
