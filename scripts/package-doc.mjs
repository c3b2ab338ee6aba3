// Puts each public package's `@packageDocumentation` comment back at the top of the built
// declaration files of its public entry points (the root and, e.g., `./guard`; not
// `./internal*`), a build step of the repository that runs after the packages' own
// builds: `pnpm build`, `pnpm api` and `pnpm api:check` run it. The declaration bundler
// (rollup-plugin-dts, scripts/build/declarations.mjs) drops the comment that opens
// `src/index.ts`, so API Extractor (and an editor's hover) would see no package
// documentation.
// A file that already opens with the comment is left as it is, so running it again (after
// turbo restored a cached build, or on a build already done) changes nothing.
// Usage: node scripts/package-doc.mjs [--root <dir>]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isMain } from "./lib/main.mjs";
import { publicPackages } from "./release/workspace.mjs";

/** The doc comment that opens `file`; throws when it has none, so none goes missing. */
function packageDocumentation(file) {
  const opening = /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(file, "utf8"))?.[0];
  if (!opening?.includes("@packageDocumentation")) {
    throw new Error(`${file} must open with a /** ... @packageDocumentation */ comment`);
  }
  return opening;
}

/**
 * The declaration files of a package's public entry points, as its package.json names them.
 * API Extractor reads each as a package of its own, so each needs the comment.
 */
function publicDeclarations(manifest) {
  const entries = Object.entries(manifest.exports ?? {}).filter(
    ([key, value]) => !key.startsWith("./internal") && typeof value === "object",
  );
  return entries
    .flatMap(([, value]) => [value.import?.types, value.require?.types])
    .filter((types) => typeof types === "string");
}

/**
 * Writes the comment into every built public package under `root`; returns the files it
 * changed. A package without a build script has no declaration files to write to.
 */
export function addPackageDocs(root) {
  const changed = [];
  for (const { name, dir, manifest } of publicPackages(root)) {
    if (typeof manifest.scripts?.build !== "string") continue;
    const doc = packageDocumentation(join(dir, "src/index.ts"));
    for (const types of publicDeclarations(manifest)) {
      const file = join(dir, types);
      if (!existsSync(file)) throw new Error(`${name}: ${types} is missing: build it first`);
      const text = readFileSync(file, "utf8");
      if (text.startsWith(doc)) continue;
      writeFileSync(file, `${doc}\n${text}`);
      changed.push(file);
    }
  }
  return changed;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." } } });
  addPackageDocs(resolve(values.root));
}
