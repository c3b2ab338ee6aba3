// The packages' declaration build (scripts/build/declarations.mjs): each source file's
// declarations written from that file alone, bundled per entry in both module families, on
// a small package written here in a temporary folder.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";
import { buildDeclarations } from "../scripts/build/declarations.mjs";

const SCRIPT = fileURLToPath(new URL("../scripts/build/declarations.mjs", import.meta.url));
let dir: string;

function write(file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

const read = (file: string) => readFileSync(join(dir, "dist", file), "utf8");

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "x-declarations-"));
  const entry = (name: string) => ({
    source: `./src/${name}.ts`,
    import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
    require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
  });
  write(
    "package.json",
    JSON.stringify({
      name: "@x/demo",
      exports: {
        ".": entry("index"),
        "./extra": entry("extra"),
        "./package.json": "./package.json",
      },
      dependencies: { "dep-a": "^1.0.0" },
      peerDependencies: { "peer-b": "*" },
    }),
  );
  // Used by both entries: a chunk of its own in each family.
  write(
    "src/shared.ts",
    [
      'import type { Remote } from "dep-a";',
      "/** A greeting. */",
      "export interface Greeting { text: string; from: Remote }",
      "export class Mark {",
      "  static [Symbol.hasInstance](value: unknown): boolean { return value !== null; }",
      "}",
      "",
    ].join("\n"),
  );
  write(
    "src/index.ts",
    [
      'import type { IncomingMessage } from "node:http";',
      'import type { Helper } from "peer-b/helper";',
      'import type { Greeting } from "./shared.js";',
      'export { Mark } from "./shared.js";',
      "export function greet(name: string, request?: IncomingMessage, helper?: Helper): Greeting {",
      "  return { text: name + String(request?.url) + String(helper), from: {} as never };",
      "}",
      "",
    ].join("\n"),
  );
  write(
    "src/extra.ts",
    'export type { Greeting } from "./shared";\nexport const LIMIT: number = 3;\n',
  );
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("writes each entry's .d.ts and .d.cts, a shared chunk in each family, dependencies kept as imports", async () => {
  await buildDeclarations(dir);
  const files = readdirSync(join(dir, "dist")).sort();
  const chunk = (family: string) =>
    files.find((f) => /^shared-[\w-]+\.d\.c?ts$/.test(f) && f.endsWith(family));
  expect(files).toEqual(
    [
      "extra.d.cts",
      "extra.d.ts",
      "index.d.cts",
      "index.d.ts",
      chunk(".d.cts"),
      chunk(".d.ts"),
    ].sort(),
  );
  const esm = chunk(".d.ts")!.replace(/\.d\.ts$/, ".js");
  const cjs = chunk(".d.cts")!.replace(/\.d\.cts$/, ".cjs");
  // Each family imports its own chunk: a .d.cts names the .cjs beside it.
  expect(read("index.d.ts")).toContain(`from './${esm}'`);
  expect(read("extra.d.ts")).toContain(`from './${esm}'`);
  expect(read("index.d.cts")).toContain(`from './${cjs}'`);
  expect(read("extra.d.cts")).toContain(`from './${cjs}'`);
  // A dependency, a peer dependency's subpath and a Node built-in stay imports.
  expect(read(chunk(".d.ts")!)).toContain("import { Remote } from 'dep-a';");
  expect(read("index.d.ts")).toContain("import { Helper } from 'peer-b/helper';");
  expect(read("index.d.ts")).toContain("import { IncomingMessage } from 'node:http';");
  expect(read("index.d.ts")).toContain(
    "declare function greet(name: string, request?: IncomingMessage, helper?: Helper): Greeting;",
  );
  expect(read(chunk(".d.ts")!)).toContain("/** A greeting. */");
  // A method with a computed name is written once, as the method (TypeScript's per-file
  // emit also wrote it as a property).
  expect(read(chunk(".d.ts")!).match(/\[Symbol\.hasInstance\]/g)).toEqual(["[Symbol.hasInstance]"]);
  expect(read(chunk(".d.ts")!)).toContain("static [Symbol.hasInstance](value: unknown): boolean;");
});

it("fails, naming the file and line, for an export whose type is not written out", async () => {
  write(
    "src/extra.ts",
    'export type { Greeting } from "./shared";\nexport const LIMIT = Math.max(1, 3);\n',
  );
  await expect(buildDeclarations(dir)).rejects.toThrow(
    "@x/demo: the declarations cannot be built:\n  src/extra.ts(2,14): error TS9010: Variable must have an explicit type annotation with --isolatedDeclarations.",
  );
});

it("fails, naming the file, when the declarations import a package the package does not depend on", async () => {
  write("src/extra.ts", 'export type { Other } from "not-a-dependency";\n');
  await expect(buildDeclarations(dir)).rejects.toThrow(
    /src\/extra\.ts: its declarations import "not-a-dependency", which is not among @x\/demo's dependencies or peerDependencies/,
  );
});

it("run as the packages' build runs it, exits 1 with the diagnostics on stderr", async () => {
  write("src/index.ts", "export function twice(n: number) {\n  return n * 2;\n}\n");
  const run = promisify(execFile)(process.execPath, [SCRIPT], { cwd: dir });
  await expect(run).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining(
      "src/index.ts(1,17): error TS9007: Function must have an explicit return type annotation",
    ),
  });
});
