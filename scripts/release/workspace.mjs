// The repository as a release sees it: which packages it publishes, and a copy of it to
// version and publish from without touching the working tree.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** Every package under packages/, private ones included, as `publicPackages` lists them. */
function folderPackages(root) {
  const packagesDir = join(root, "packages");
  const found = [];
  for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
    const manifestPath = join(packagesDir, entry.name, "package.json");
    if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    found.push({
      name: manifest.name,
      version: manifest.version,
      dir: dirname(manifestPath),
      manifest,
    });
  }
  return found.sort((left, right) => left.name.localeCompare(right.name));
}

/**
 * Every package under packages/ that is not marked private, as
 * `{ name, version, dir, manifest }` (`manifest`: its parsed package.json). Discovered
 * rather than listed, so a new package is rehearsed from the day it is added.
 */
export function publicPackages(root) {
  return folderPackages(root).filter(({ manifest }) => manifest.private !== true);
}

/** The fields whose `workspace:` ranges `pnpm publish` rewrites. */
const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "optionalDependencies",
  "peerDependencies",
];

/**
 * Links each public package's `workspace:` dependencies into its node_modules, as
 * `pnpm install` links them (`node_modules/@x/core -> ../../../core`): `pnpm publish` writes
 * the version it reads from `node_modules/<name>/package.json` in place of a `workspace:`
 * range, and reads nothing else from node_modules. The links resolve inside `root`, so the
 * versions written are those `changeset version` wrote there.
 * Throws when a `workspace:` dependency is no package under packages/.
 */
export function linkWorkspaceDependencies(root) {
  const byName = new Map(folderPackages(root).map((pkg) => [pkg.name, pkg]));
  for (const pkg of publicPackages(root)) {
    const names = DEPENDENCY_FIELDS.flatMap((field) =>
      Object.entries(pkg.manifest[field] ?? {})
        .filter(([, range]) => String(range).startsWith("workspace:"))
        .map(([name]) => name),
    );
    for (const name of new Set(names)) {
      const target = byName.get(name);
      if (target === undefined) {
        throw new Error(
          `${pkg.name} depends on ${name} (workspace:), which is no package under packages/`,
        );
      }
      const link = join(pkg.dir, "node_modules", ...name.split("/"));
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(relative(dirname(link), target.dir), link, "dir");
    }
  }
}

/** Files git would commit: tracked ones and new ones not ignored, minus deleted ones. */
function committableFiles(root) {
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: root, encoding: "utf8" },
  );
  return listed
    .split("\0")
    .filter((file) => file !== "")
    .filter((file) => existsSync(join(root, file)));
}

/**
 * Copies what a fresh clone holds, plus each public package's built `dist/` (what
 * `pnpm release` publishes after `pnpm build`), into `dest`.
 */
export function copyRepository(root, dest) {
  for (const file of committableFiles(root)) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(root, file), join(dest, file));
  }
  for (const pkg of publicPackages(root)) {
    const dist = join(pkg.dir, "dist");
    if (!existsSync(dist)) throw new Error(`${pkg.name} has no dist/: run \`pnpm build\` first`);
    cpSync(dist, join(dest, relative(root, dist)), { recursive: true });
  }
}
