// `pnpm lint:pkg` (publint and "are the types wrong", profile node16) over small packed
// packages: a good one passes, and each mistake the lint exists for fails it. The stage
// itself runs it over the real packages. It runs as a process (its tools are loaded from
// their builds, which vitest's resolver would not pick), once for all four packages.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("../scripts/lint-pkg/main.mjs", import.meta.url));

const ENTRY = {
  import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
  require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
};

function manifest(exports: Record<string, unknown> = { ".": ENTRY }): Record<string, unknown> {
  return {
    name: "@x/fixture",
    version: "0.0.0",
    license: "MIT",
    type: "module",
    engines: { node: ">=20" },
    exports: { ...exports, "./package.json": "./package.json" },
    main: "./dist/index.cjs",
    types: "./dist/index.d.ts",
  };
}

const FILES: Record<string, string> = {
  "dist/index.js": "export const answer = 42;\n",
  "dist/index.cjs": "exports.answer = 42;\n",
  "dist/index.d.ts": "export declare const answer: number;\n",
  "dist/index.d.cts": "export declare const answer: number;\n",
};

/** Packs a package folder as pnpm does (entries under `package/`); returns the tarball. */
function pack(name: string, packageJson: Record<string, unknown>, files = FILES): string {
  const folder = join(work, name, "package");
  for (const [path, text] of Object.entries({
    ...files,
    "package.json": JSON.stringify(packageJson),
  })) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const tarball = join(work, `${name}.tgz`);
  spawnSync("tar", ["-czf", tarball, "-C", join(work, name), "package"]);
  return tarball;
}

/** Runs the lint over the tarballs; returns its exit code and each tarball's report. */
function lint(...tarballs: string[]) {
  const result = spawnSync("node", [MAIN, ...tarballs], { encoding: "utf8", timeout: 60_000 });
  // Without colours: publint's messages are coloured when the run asks for colour
  // (FORCE_COLOR, as vitest's own children may get), which splits the words checked below.
  const output = stripVTControlCharacters(`${result.stdout}${result.stderr}`);
  const reports = Object.fromEntries(
    tarballs.map((tarball) => {
      const start = output.indexOf(`──── ${tarball} ────`);
      const end = output.indexOf("──── ", start + 1);
      return [tarball, output.slice(start, end === -1 ? undefined : end)];
    }),
  );
  return { status: result.status, output, reports };
}

// The four packages, packed and linted in one run (one load of the tools for all).
let work: string;
let run: ReturnType<typeof lint>;
const tarballs = { good: "", subpath: "", esmTypes: "", missing: "" };
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "lint-pkg-"));
  tarballs.good = pack("good", manifest());
  // No typesVersions: node10 (no `exports` map) finds no types for the subpath; the node16
  // profile shows that and fails nothing on it.
  tarballs.subpath = pack("subpath", manifest({ ".": ENTRY, "./extra": ENTRY }));
  tarballs.esmTypes = pack(
    "esm-types",
    manifest({ ".": { ...ENTRY, require: { ...ENTRY.require, types: "./dist/index.d.ts" } } }),
  );
  const { "dist/index.cjs": _left, ...withoutCjs } = FILES;
  tarballs.missing = pack("missing", manifest(), withoutCjs);
  run = lint(tarballs.good, tarballs.subpath, tarballs.esmTypes, tarballs.missing);
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("pnpm lint:pkg", () => {
  it("passes a package whose ESM and CommonJS entries have their own declarations, node10 aside", () => {
    expect(run.reports[tarballs.good]).toContain("publint: All good!");
    expect(run.reports[tarballs.good]).toContain("No problems found");
    expect(run.reports[tarballs.subpath]).toMatch(/\(ignored\) 💀 Resolution failed/);
  });

  it("fails a package whose `require` is typed by ESM declarations (attw)", () => {
    // The CommonJS entry's declarations are ESM ("masquerading as ESM"); publint only warns.
    expect(run.reports[tarballs.esmTypes]).toContain("Masquerading as ESM");
    expect(run.reports[tarballs.esmTypes]).not.toContain("publint Errors:");
  });

  it("fails a package that lacks a file an export names (a publint error)", () => {
    expect(run.reports[tarballs.missing]).toContain("publint Errors:");
    expect(run.reports[tarballs.missing]).toContain("./dist/index.cjs but the file does not exist");
  });

  it("names exactly the failed packages and exits 1", () => {
    expect(run.output).toContain(
      `lint:pkg: failed: ${tarballs.esmTypes}, ${tarballs.missing} (see above)`,
    );
    expect(run.status).toBe(1);
  });
});
