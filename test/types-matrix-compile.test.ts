// The types matrix compiles both module settings in one process per TypeScript
// (scripts/types-matrix/compile-shared.mjs), the two programs sharing the declarations they
// parse alike. What it prints must be what `tsc -p tsconfig.<setting>.json --pretty false`
// prints, error for error: checked here on a small project whose errors differ between the
// settings (an extensionless import fails under nodenext only), with an error in a
// node_modules declaration both settings share.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TYPESCRIPT = join(ROOT, "node_modules", "typescript");
const SCRIPT = join(ROOT, "scripts", "types-matrix", "compile-shared.mjs");

const STRICT = {
  target: "es2022",
  // The few globals the samples use (samples/globals.d.ts) instead of TypeScript's lib: each
  // compile takes a fraction of a second.
  noLib: true,
  strict: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  skipLibCheck: false,
  noEmit: true,
  types: [],
};
const SETTINGS = {
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
};

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "consumer", private: true, type: "module" }),
  "node_modules/shared/package.json": JSON.stringify({ name: "shared", types: "./index.d.ts" }),
  "node_modules/shared/index.d.ts":
    "export declare const value: MissingType;\nexport interface Box { size: number }\n",
  "samples/globals.d.ts": [
    "interface Array<T> { length: number; [n: number]: T }",
    "interface Boolean {}",
    "interface CallableFunction {}",
    "interface Function {}",
    "interface IArguments {}",
    "interface NewableFunction {}",
    "interface Number { toFixed(digits?: number): string }",
    "interface Object {}",
    "interface RegExp {}",
    "interface String {}",
    "",
  ].join("\n"),
  "samples/helper.ts": "export const helper = (n: number): string => n.toFixed(1);\n",
  // Under nodenext "./helper" does not resolve (so `helper` is any); under bundler it does,
  // and the assignment below fails instead.
  "samples/main.ts": [
    'import { helper } from "./helper";',
    'import { value, type Box } from "shared";',
    "const n: number = helper(1);",
    'const box: Box = { size: "big" };',
    "export const out = [n, box, value];",
    "",
  ].join("\n"),
  // No import or export: modules under nodenext (the package is "type": "module"), scripts
  // sharing one global scope under bundler, where the two constants clash.
  "samples/script-a.ts": "const clash = 1;\n",
  "samples/script-b.ts": "const clash = 2;\n",
  "samples/optional.ts": [
    'import { helper } from "./helper.js";',
    "const maybe: { a?: number } = { a: undefined };",
    "export const x = helper(maybe.a);",
    "",
  ].join("\n"),
};

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "types-matrix-compile-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const tsconfig = { compilerOptions: { ...STRICT, ...setting }, include: ["samples/**/*.ts"] };
    writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify(tsconfig));
  }
});
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

function tsc(setting: string): string {
  const args = [
    join(TYPESCRIPT, "bin", "tsc"),
    "-p",
    `tsconfig.${setting}.json`,
    "--pretty",
    "false",
  ];
  return spawnSync(process.execPath, args, { cwd: project, encoding: "utf8" }).stdout;
}

describe("the types matrix's compile of both settings in one process", () => {
  it("prints for each setting what tsc prints for it", () => {
    const printed = execFileSync(process.execPath, [SCRIPT, TYPESCRIPT, "nodenext", "bundler"], {
      cwd: project,
      encoding: "utf8",
    });
    const results = JSON.parse(printed) as { setting: string; output: string }[];
    expect(results.map((result) => result.setting)).toEqual(["nodenext", "bundler"]);
    const [nodenext, bundler] = results.map((result) => result.output);
    expect(nodenext).toBe(tsc("nodenext"));
    expect(bundler).toBe(tsc("bundler"));
    // The settings' errors differ, and both report the shared declaration's error.
    expect(nodenext).toContain("samples/main.ts(1,24): error TS2835");
    expect(bundler).not.toContain("TS2835");
    expect(bundler).toContain("samples/main.ts(3,7): error TS2322");
    expect(nodenext).not.toContain("TS2451");
    expect(bundler).toContain("samples/script-a.ts(1,7): error TS2451");
    for (const output of [nodenext, bundler]) {
      expect(output).toContain("node_modules/shared/index.d.ts(1,29): error TS2304");
    }
  });
});
