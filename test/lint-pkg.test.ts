// `pnpm lint:pkg` (publint and "are the types wrong", profile node16) over small packed
// packages: a good one passes, and each mistake the lint exists for fails it. The stage
// itself runs it over the real packages. It runs as a process (its tools are loaded from
// their builds, which vitest's resolver would not pick), once per verdict.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
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

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "lint-pkg-"));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

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
  const output = `${result.stdout}${result.stderr}`;
  const reports = Object.fromEntries(
    tarballs.map((tarball) => {
      const start = output.indexOf(`──── ${tarball} ────`);
      const end = output.indexOf("──── ", start + 1);
      return [tarball, output.slice(start, end === -1 ? undefined : end)];
    }),
  );
  return { status: result.status, output, reports };
}

describe("pnpm lint:pkg", () => {
  it("passes a package whose ESM and CommonJS entries have their own declarations, node10 aside", () => {
    const good = pack("good", manifest());
    // No typesVersions: node10 (no `exports` map) finds no types for the subpath; the
    // node16 profile shows that and fails nothing on it.
    const subpath = pack("subpath", manifest({ ".": ENTRY, "./extra": ENTRY }));
    const { status, output, reports } = lint(good, subpath);
    expect(reports[good]).toContain("publint: All good!");
    expect(reports[good]).toContain("No problems found");
    expect(reports[subpath]).toMatch(/\(ignored\) 💀 Resolution failed/);
    expect(output).toContain("lint:pkg: every package passed publint and attw");
    expect(status).toBe(0);
  });

  it("fails a package whose `require` is typed by ESM declarations, or that lacks a file an export names", () => {
    const esmTypes = pack(
      "esm-types",
      manifest({ ".": { ...ENTRY, require: { ...ENTRY.require, types: "./dist/index.d.ts" } } }),
    );
    const { "dist/index.cjs": _left, ...withoutCjs } = FILES;
    const missing = pack("missing", manifest(), withoutCjs);
    const { status, output, reports } = lint(esmTypes, missing);
    // attw: the CommonJS entry's declarations are ESM ("masquerading as ESM").
    expect(reports[esmTypes]).toContain("Masquerading as ESM");
    expect(reports[esmTypes]).not.toContain("publint Errors:");
    expect(reports[missing]).toContain("publint Errors:");
    expect(reports[missing]).toContain("./dist/index.cjs but the file does not exist");
    expect(output).toContain(`lint:pkg: failed: ${esmTypes}, ${missing}`);
    expect(status).toBe(1);
  });
});
