// The release rehearsal's type check of a user's program (scripts/release/consumer.mjs), on a
// consumer project with one small library in place of the published packages: under Node's
// resolution the library's own declarations are checked (an import of a package the install
// did not bring is an error there), under the bundler's they are skipped, as most projects
// do. With the native compiler the rehearsal runs (in the cache once `pnpm check`'s
// background download or a rehearsal installed it).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createConsumer, typeCheck } from "../scripts/release/consumer.mjs";

const root = join(import.meta.dirname, "..");
const PROGRAM = 'import { answer } from "fixture-lib";\nexport const shown: number = answer;\n';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "release-consumer-"));
  createConsumer(dir, "http://127.0.0.1:9/", "@x/");
  // The first program, shrunk to one import of the library.
  writeFileSync(join(dir, "first-program.mts"), PROGRAM);
  writeFileSync(join(dir, "first-program.cts"), PROGRAM);
  // Node's types, which the consumer installs beside the packages.
  mkdirSync(join(dir, "node_modules", "@types"), { recursive: true });
  symlinkSync(
    join(root, "node_modules", "@types", "node"),
    join(dir, "node_modules", "@types", "node"),
  );
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeLibrary(declarations: string) {
  const lib = join(dir, "node_modules", "fixture-lib");
  mkdirSync(lib, { recursive: true });
  writeFileSync(
    join(lib, "package.json"),
    JSON.stringify({ name: "fixture-lib", version: "1.0.0", types: "./index.d.ts" }),
  );
  writeFileSync(join(lib, "index.d.ts"), declarations);
}

it("fails under Node's resolution when a library's declarations import what was not installed", {
  timeout: 60_000,
}, async () => {
  writeLibrary(
    'import type { Missing } from "not-installed";\nexport declare const answer: number;\nexport declare const other: Missing;\n',
  );
  const [node16, bundler] = await typeCheck(dir);
  expect(node16?.problems.join("\n")).toContain("Cannot find module 'not-installed'");
  expect(bundler?.problems).toEqual([]);
});
