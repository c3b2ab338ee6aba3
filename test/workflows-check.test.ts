// `pnpm workflows:check` validates the forge workflows offline: the repository's own pass,
// and a copy broken the ways a hand edit breaks one fails, naming the file and the fault.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
let dir: string;

function check(folder: string): { status: number | null; output: string } {
  const run = spawnSync("node", [join(repo, "scripts/workflows-check.mjs"), "--dir", folder], {
    encoding: "utf8",
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

function breakWorkflow(file: string, from: string, to: string): void {
  const text = readFileSync(join(dir, file), "utf8");
  expect(text).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "x-workflows-"));
  cpSync(join(repo, ".github/workflows"), dir, { recursive: true });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("passes the repository's ci, release and docs workflows", () => {
  const { status, output } = check(dir);
  expect(output).toContain("3 workflows valid (ci.yml, docs.yml, release.yml)");
  expect(status).toBe(0);
});

it("fails a job without runs-on, naming the file and the job", () => {
  breakWorkflow("ci.yml", "    runs-on: ubuntu-latest\n", "");
  const { status, output } = check(dir);
  expect(status).toBe(1);
  expect(output).toContain(`${join(dir, "ci.yml")} is not a valid workflow`);
  expect(output).toContain("/jobs/check");
  expect(output).not.toContain("release.yml is not");
});

it("fails a workflow that is not YAML", () => {
  breakWorkflow("release.yml", "    runs-on: ubuntu-latest\n", "    runs-on: [ubuntu-latest\n");
  const { status, output } = check(dir);
  expect(status).toBe(1);
  expect(output).toContain("release.yml is not a valid workflow");
  expect(output).toContain("Parse Error");
});
