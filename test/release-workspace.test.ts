// The release rehearsal's copy of the workspace installs nothing: each public package gets
// links to its `workspace:` dependencies, which is all `pnpm publish` reads from
// node_modules. A small workspace made on purpose shows the links, and that pnpm packs with
// them alone, writing the siblings' versions in place of the `workspace:` ranges.
import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";
import { unpackTarball } from "../scripts/release/tarball.mjs";
import { linkWorkspaceDependencies } from "../scripts/release/workspace.mjs";

const run = promisify(execFile);

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "release-workspace-"));
  writeFileSync(join(root, "package.json"), '{ "name": "fixture", "private": true }\n');
  writeFileSync(join(root, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n");
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function writePackage(folder: string, manifest: Record<string, unknown>) {
  const dir = join(root, "packages", folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ version: "0.0.0", ...manifest }));
  writeFileSync(join(dir, "index.js"), "export {};\n");
  return dir;
}

function writeWorkspace() {
  writePackage("core", { name: "@x/core", version: "1.2.3" });
  writePackage("tool", { name: "@x/tool", version: "4.5.6", private: true });
  writePackage("otel", { name: "@x/otel", version: "0.3.0" });
  return writePackage("vector", {
    name: "@x/vector",
    dependencies: { "@x/core": "workspace:^", "left-pad": "^1.3.0" },
    devDependencies: { "@x/tool": "workspace:*" },
    peerDependencies: { "@x/otel": "workspace:~" },
  });
}

it("links every workspace: dependency of a public package, relatively, and nothing else", () => {
  const vector = writeWorkspace();
  writePackage("app", {
    name: "@x/app",
    private: true,
    dependencies: { "@x/core": "workspace:^" },
  });
  linkWorkspaceDependencies(root);

  expect(readdirSync(join(vector, "node_modules", "@x")).sort()).toEqual(["core", "otel", "tool"]);
  expect(readdirSync(join(vector, "node_modules"))).toEqual(["@x"]);
  for (const [name, folder] of [
    ["core", "core"],
    ["tool", "tool"],
    ["otel", "otel"],
  ]) {
    const link = join(vector, "node_modules", "@x", name);
    // Relative, as pnpm makes them: they resolve in the copy, not in the repository.
    expect(isAbsolute(readlinkSync(link))).toBe(false);
    expect(realpathSync(link)).toBe(realpathSync(join(root, "packages", folder)));
  }
  // A private package is not published: nothing is linked for it.
  expect(readdirSync(join(root, "packages", "app"))).not.toContain("node_modules");
});

it("throws, naming both, when a workspace: dependency is no package under packages/", () => {
  writePackage("vector", {
    name: "@x/vector",
    dependencies: { "@x/gone": "workspace:^" },
  });
  expect(() => linkWorkspaceDependencies(root)).toThrow(
    "@x/vector depends on @x/gone (workspace:), which is no package under packages/",
  );
});

it("is all pnpm needs to pack a package with the siblings' versions in its ranges", async () => {
  const vector = writeWorkspace();
  linkWorkspaceDependencies(root);
  const packs = join(root, "packs");
  // `pnpm pack` writes the manifest `pnpm publish` uploads (publishConfig applied,
  // workspace: ranges replaced from node_modules).
  await run("pnpm", ["pack", "--pack-destination", packs], { cwd: vector });
  const [tarball] = readdirSync(packs);
  const { manifest } = unpackTarball(join(packs, tarball ?? ""), join(root, "unpacked"));
  expect(manifest.dependencies).toEqual({ "@x/core": "^1.2.3", "left-pad": "^1.3.0" });
  expect(manifest.devDependencies).toEqual({ "@x/tool": "4.5.6" });
  expect(manifest.peerDependencies).toEqual({ "@x/otel": "~0.3.0" });
});
