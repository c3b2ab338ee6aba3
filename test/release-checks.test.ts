// The release rehearsal's checks of a published package, fed small packages made wrong on
// purpose: each mistake a real release could make is reported, and a good package passes.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkPublishedPackage } from "../scripts/release/checks.mjs";
import { unpackTarball } from "../scripts/release/tarball.mjs";

const scope = "@x/";
const published = new Map([
  ["@x/core", "0.2.0"],
  ["@x/vector", "0.2.0"],
]);

function goodManifest(): Record<string, unknown> {
  return {
    name: "@x/vector",
    version: "0.2.0",
    license: "MIT",
    type: "module",
    exports: {
      ".": {
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
        require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
      },
      "./package.json": "./package.json",
    },
    main: "./dist/index.cjs",
    types: "./dist/index.d.ts",
    dependencies: { "@x/core": "^0.2.0" },
  };
}

const goodFiles: Record<string, string> = {
  "README.md": "# @x/vector\n",
  LICENSE: "MIT License\n",
  "dist/index.js": "export {};\n",
  "dist/index.cjs": "module.exports = {};\n",
  "dist/index.d.ts": "export {};\n",
  "dist/index.d.cts": "export {};\n",
};

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "release-checks-"));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Packs a package folder as npm does (entries under `package/`), then checks the tarball. */
function check(manifest: Record<string, unknown>, files: Record<string, string>) {
  const folder = join(work, "src", "package");
  for (const [path, text] of Object.entries({
    ...files,
    "package.json": JSON.stringify(manifest),
  })) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const tarball = join(work, "package.tgz");
  execFileSync("tar", ["-czf", tarball, "-C", join(work, "src"), "package"]);
  const unpacked = unpackTarball(tarball, join(work, "unpacked"));
  const results = checkPublishedPackage({ ...unpacked, published, scope });
  return Object.fromEntries(results.map((result) => [result.check, result.problems]));
}

describe("checks of a published package", () => {
  it("pass a package with README, LICENSE, both formats and matching ranges", () => {
    expect(check(goodManifest(), goodFiles)).toEqual({
      "no workspace: range": [],
      "sibling ranges match this release": [],
      "tarball files": [],
    });
  });

  it("report a workspace: range left in", () => {
    const manifest = { ...goodManifest(), dependencies: { "@x/core": "workspace:*" } };
    const problems = check(manifest, goodFiles);
    expect(problems["no workspace: range"]).toEqual(['dependencies.@x/core is "workspace:*"']);
  });

  it("report a tarball without LICENSE", () => {
    const { LICENSE: _left, ...files } = goodFiles;
    expect(check(goodManifest(), files)["tarball files"]).toEqual(["LICENSE is missing"]);
  });

  it("report an @x/core range that excludes the version published with it", () => {
    const manifest = { ...goodManifest(), dependencies: { "@x/core": "^0.1.0" } };
    expect(check(manifest, goodFiles)["sibling ranges match this release"]).toEqual([
      'dependencies.@x/core is "^0.1.0", which excludes 0.2.0, the version published with it',
    ]);
  });

  it("report a dependency on a package the release does not publish", () => {
    const manifest = { ...goodManifest(), dependencies: { "@x/contract": "^0.2.0" } };
    expect(check(manifest, goodFiles)["sibling ranges match this release"]).toEqual([
      "dependencies.@x/contract names a package this release does not publish",
    ]);
  });

  it("report tests and TypeScript sources shipped next to dist", () => {
    const files = {
      ...goodFiles,
      "src/index.ts": "export {};\n",
      "dist/index.test.js": "\n",
      "dist/internal.ts": "export {};\n",
    };
    expect(check(goodManifest(), files)["tarball files"]).toEqual([
      "dist/index.test.js is a test",
      "dist/internal.ts is a TypeScript source",
      "src/index.ts is outside dist/",
    ]);
  });

  it("report an export without its CommonJS build, and a source condition left in", () => {
    const manifest = goodManifest();
    manifest.exports = {
      ".": {
        source: "./src/index.ts",
        import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
      },
    };
    expect(check(manifest, goodFiles)["tarball files"]).toEqual([
      'exports["."] has no require.types',
      'exports["."] has no require.default',
      "exports . > source names ./src/index.ts, which is not in the tarball",
    ]);
  });

  it("report a bin whose file was not packed", () => {
    const manifest = { ...goodManifest(), bin: { "x-dev": "./dist/cli.js" } };
    expect(check(manifest, goodFiles)["tarball files"]).toEqual([
      "bin x-dev names ./dist/cli.js, which is not in the tarball",
    ]);
  });

  it("accept a command's launcher outside dist, but no other file beside it", () => {
    const manifest = { ...goodManifest(), bin: { "x-dev": "./bin/x-dev.js" } };
    const files = { ...goodFiles, "bin/x-dev.js": "#!/usr/bin/env node\n", "bin/notes.txt": "\n" };
    expect(check(manifest, files)["tarball files"]).toEqual(["bin/notes.txt is outside dist/"]);
  });
});
