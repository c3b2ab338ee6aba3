// The build step that puts each package's `@packageDocumentation` comment back on the built
// declaration files of its public entry points, after tsup dropped it: on a small package in a temporary root.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { addPackageDocs } from "../scripts/package-doc.mjs";

const DOC = "/**\n * A demo package.\n *\n * @packageDocumentation\n */";
const DECLARED = "export declare function greet(name: string): string;\n";
let root: string;

function write(file: string, text: string): void {
  const path = join(root, "packages/demo", file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const read = (file: string) => readFileSync(join(root, "packages/demo", file), "utf8");

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "x-package-doc-"));
  write(
    "package.json",
    JSON.stringify({
      name: "@x/demo",
      scripts: { build: "tsup" },
      exports: {
        ".": {
          import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
          require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
        },
        "./guard": { import: { types: "./dist/guard.d.ts", default: "./dist/guard.js" } },
        "./internal": { import: { types: "./dist/internal.d.ts" } },
        "./package.json": "./package.json",
      },
    }),
  );
  write("src/index.ts", `${DOC}\nexport { greet } from "./greet";\n`);
  for (const file of [
    "dist/index.d.ts",
    "dist/index.d.cts",
    "dist/guard.d.ts",
    "dist/internal.d.ts",
  ]) {
    write(file, DECLARED);
  }
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

it("opens the public entries' declaration files with the comment that opens src/index.ts, once", () => {
  expect(addPackageDocs(root)).toHaveLength(3);
  expect(read("dist/index.d.ts")).toBe(`${DOC}\n${DECLARED}`);
  expect(read("dist/index.d.cts")).toBe(`${DOC}\n${DECLARED}`);
  // A public subpath gets an API report of its own, which needs the comment too.
  expect(read("dist/guard.d.ts")).toBe(`${DOC}\n${DECLARED}`);
  // The internal entry has no report and is not the package's documentation.
  expect(read("dist/internal.d.ts")).toBe(DECLARED);
  // Run again (a cached build restored, a second `pnpm build`), it changes nothing.
  expect(addPackageDocs(root)).toEqual([]);
  expect(read("dist/index.d.ts")).toBe(`${DOC}\n${DECLARED}`);
});

it("fails, naming the file, when src/index.ts opens with no @packageDocumentation comment", () => {
  write("src/index.ts", `export { greet } from "./greet";\n`);
  expect(() => addPackageDocs(root)).toThrow(
    /packages\/demo\/src\/index\.ts must open with a \/\*\* \.\.\. @packageDocumentation \*\/ comment/,
  );
});

it("fails when a declaration file was not built", () => {
  rmSync(join(root, "packages/demo/dist/index.d.cts"));
  expect(() => addPackageDocs(root)).toThrow(
    "@x/demo: ./dist/index.d.cts is missing: build it first",
  );
});
