// Opens a package tarball the way npm lays it out (every entry under `package/`).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/**
 * Unpacks `tarball` into `dest` and returns its manifest and the paths of its files,
 * relative to the package root.
 */
export function unpackTarball(tarball, dest) {
  mkdirSync(dest, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", dest]);
  const root = join(dest, "package");
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return { root, manifest, files: listFiles(root) };
}
