// The packages users install, and the files that describe what each one offers them: its
// API report and, for a client, the spec it is generated from. Everything is discovered, so a
// new public package under packages/ is reported and checked without being listed anywhere.
import { existsSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { publicPackages } from "./workspace.mjs";

/**
 * Every public package that is built (not private, with a `build` script), as
 * `{ name, dir, entry, report, spec }`: `entry` is the built declaration file of its root
 * export, `report` its API report, `spec` the spec it is generated from
 * (`specs/<dir>/openapi.yaml`) or null. A public subpath export (`@x/vector/guard`) is one
 * more entry of the same package, with its own report (`vector-guard.api.md`) and no spec;
 * `./internal` subpaths (`./internal`, `./internal/guard`: for our own packages) are not
 * part of the reviewed surface.
 * Paths are relative to `root`.
 */
export function releasedPackages(root) {
  return publicPackages(root)
    .filter(({ manifest }) => typeof manifest.scripts?.build === "string")
    .flatMap(({ name, dir, manifest }) => {
      const folder = relative(root, dir);
      const spec = join("specs", basename(dir), "openapi.yaml");
      const main = {
        name,
        dir: folder,
        entry: join(folder, rootTypes(manifest)),
        report: join(folder, `${unscoped(name)}.api.md`),
        spec: existsSync(join(root, spec)) ? spec : null,
      };
      const subpaths = publicSubpaths(manifest).map(({ subpath, types }) => ({
        name,
        dir: folder,
        entry: join(folder, types),
        report: join(folder, `${unscoped(name)}-${subpath}.api.md`),
        spec: null,
      }));
      return [main, ...subpaths];
    });
}

/** The public subpath exports of a package (not `.`, `./package.json` or `./internal...`), with their types. */
function publicSubpaths(manifest) {
  return Object.entries(manifest.exports ?? {})
    .filter(([key]) => key !== "." && key !== "./package.json" && !key.startsWith("./internal"))
    .map(([key, value]) => {
      const types = value?.import?.types ?? value?.types;
      if (typeof types !== "string") {
        throw new Error(
          `${manifest.name}: package.json names no types for its export "${key}"; add exports["${key}"].import.types`,
        );
      }
      return { subpath: key.slice(2).replaceAll("/", "-"), types };
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
