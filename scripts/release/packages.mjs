// The packages users install, and the files that describe what each one offers them: its
// API report and, for a client, the spec it is generated from. Everything is discovered, so a
// new public package under packages/ is reported and checked without being listed anywhere.
import { existsSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { publicPackages } from "./workspace.mjs";

/**
 * Every public package that is built (not private, with a `build` script), as
 * `{ name, dir, entry, report, spec }`: `entry` is the built declaration file of its root
 * export (subpaths such as `@x/core/internal` are not part of the reviewed surface),
 * `report` its API report, `spec` the spec it is generated from (`specs/<dir>/openapi.yaml`)
 * or null. Paths are relative to `root`.
 */
export function releasedPackages(root) {
  return publicPackages(root)
    .filter(({ manifest }) => typeof manifest.scripts?.build === "string")
    .map(({ name, dir, manifest }) => {
      const folder = relative(root, dir);
      const spec = join("specs", basename(dir), "openapi.yaml");
      return {
        name,
        dir: folder,
        entry: join(folder, rootTypes(manifest)),
        report: join(folder, `${unscoped(name)}.api.md`),
        spec: existsSync(join(root, spec)) ? spec : null,
      };
    });
}

function unscoped(name) {
  return name.replace(/^@[^/]+\//, "");
}

/** The declaration file of the root export, as published (`import` condition first). */
function rootTypes(manifest) {
  const dot = manifest.exports?.["."];
  const types = dot?.import?.types ?? dot?.types ?? manifest.types;
  if (typeof types !== "string") {
    throw new Error(
      `${manifest.name}: package.json names no types for its root export; add exports["."].import.types`,
    );
  }
  return types;
}
