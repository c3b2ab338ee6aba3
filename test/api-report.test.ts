// `pnpm api:check` on a small built package: a change to what its root export declares fails
// the check until the report is rewritten; a change to an internal subpath does not. The
// check runs in this process (scripts/api.mjs's `apiReports`): a process of its own paid
// for loading API Extractor and TypeScript again on each run. One test runs the command.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { apiReports } from "../scripts/api.mjs";

const api = join(dirname(fileURLToPath(import.meta.url)), "../scripts/api.mjs");
// The package and its report are made once; each test works on its own copy, so it pays
// for one API Extractor run (TypeScript reading the DOM lib).
let built: string;
const PACKAGE_DOC = "/**\n * A demo package.\n *\n * @packageDocumentation\n */\n";
let root: string;
const pkg = () => join(root, "packages/demo");

function write(file: string, text: string): void {
  mkdirSync(dirname(join(pkg(), file)), { recursive: true });
  writeFileSync(join(pkg(), file), text);
}

/** `pnpm api` (or with `check`, `pnpm api:check`) on the temporary root: its exit status and output. */
function run(check?: "--check"): { status: number | null; output: string } {
  const { status, stdout, stderr } = apiReports(root, { check: check === "--check" });
  return { status, output: stdout + stderr };
}

beforeAll(() => {
  built = mkdtempSync(join(tmpdir(), "x-api-report-"));
  root = built;
  write(
    "package.json",
    JSON.stringify({
      name: "@x/demo",
      version: "1.0.0",
      scripts: { build: "tsup" },
      exports: {
        ".": { import: { types: "./dist/index.d.ts", default: "./dist/index.js" } },
        "./internal": { import: { types: "./dist/internal.d.ts", default: "./dist/internal.js" } },
      },
    }),
  );
  write(
    "dist/index.d.ts",
    `${PACKAGE_DOC}/** Greets. */\nexport declare function greet(name: string): string;\n`,
  );
  write("dist/internal.d.ts", "export declare function helper(): void;\n");
  expect(run().status).toBe(0);
});

afterAll(() => {
  rmSync(built, { recursive: true, force: true });
});

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "x-api-report-"));
  cpSync(built, root, { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

it("writes the root export's declarations into packages/<dir>/<name>.api.md", () => {
  const report = readFileSync(join(pkg(), "demo.api.md"), "utf8");
  expect(report).toContain('## API Report File for "@x/demo"');
  expect(report).toContain("export function greet(name: string): string;");
  expect(report).not.toContain("helper");
  expect(run("--check").status).toBe(0);
});

// Through the command, as `pnpm api:check` runs it: its flags, its exit code, its stderr. A
// process loading API Extractor and TypeScript: more than a test's default time on a
// loaded machine (seen: 18.8 s).
it("fails on a changed public export until the report is updated, and says how", {
  timeout: 60_000,
}, () => {
  write(
    "dist/index.d.ts",
    `${PACKAGE_DOC}/** Greets. */\nexport declare function greet(name: string, loud?: boolean): string;\n`,
  );
  const command = spawnSync("node", [api, "--root", root, "--check"], { encoding: "utf8" });
  expect(command.status).toBe(1);
  expect(command.stdout).toBe("");
  expect(command.stderr).toContain("@x/demo: packages/demo/demo.api.md differs from its build");
  expect(command.stderr).toContain("+export function greet(name: string, loud?: boolean): string;");
  expect(command.stderr).toContain("Run `pnpm api`");
});

it("passes on a change to an internal subpath", () => {
  write("dist/internal.d.ts", "export declare function helper(retries: number): void;\n");
  expect(run("--check")).toEqual({
    status: 0,
    output: "api:check: every API report matches its build.\n",
  });
});

it("fails when the root declaration file has no @packageDocumentation comment, and says where", () => {
  write(
    "dist/index.d.ts",
    "/** Greets. */\nexport declare function greet(name: string): string;\n",
  );
  const { status, output } = run();
  expect(status).toBe(1);
  expect(output).toContain(
    "@x/demo: packages/demo/dist/index.d.ts has no @packageDocumentation comment",
  );
});

// Three API Extractor runs: more than a test's default time on a loaded machine.
it("reports a public subpath export on its own, and fails on a change to it", {
  timeout: 60_000,
}, () => {
  const manifest = JSON.parse(readFileSync(join(pkg(), "package.json"), "utf8"));
  manifest.exports["./guard"] = {
    import: { types: "./dist/guard.d.ts", default: "./dist/guard.js" },
  };
  write("package.json", JSON.stringify(manifest));
  write(
    "dist/guard.d.ts",
    `${PACKAGE_DOC}/** Guards. */\nexport declare function guard(): void;\n`,
  );
  expect(run().status).toBe(0);
  const report = readFileSync(join(pkg(), "demo-guard.api.md"), "utf8");
  expect(report).toContain("export function guard(): void;");
  write(
    "dist/guard.d.ts",
    `${PACKAGE_DOC}/** Guards. */\nexport declare function guard(loud: boolean): void;\n`,
  );
  const { status, output } = run("--check");
  expect(status).toBe(1);
  expect(output).toContain("@x/demo: packages/demo/demo-guard.api.md differs from its build");
});
