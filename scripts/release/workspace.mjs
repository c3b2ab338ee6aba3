// The repository as a release sees it: which packages it publishes, and a copy of it to
// version and publish from without touching the working tree.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * Every package under packages/ that is not marked private, as
 * `{ name, version, dir, manifest }` (`manifest`: its parsed package.json). Discovered
 * rather than listed, so a new package is rehearsed from the day it is added.
 */
export function publicPackages(root) {
  const packagesDir = join(root, "packages");
  const found = [];
  for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
    const manifestPath = join(packagesDir, entry.name, "package.json");
    if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (manifest.private === true) continue;
    found.push({
      name: manifest.name,
      version: manifest.version,
      dir: dirname(manifestPath),
      manifest,
    });
  }
  return found.sort((left, right) => left.name.localeCompare(right.name));
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
