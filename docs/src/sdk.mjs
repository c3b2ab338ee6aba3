// Builds the SDK reference: TypeDoc over the public entry points of the published
// packages (docs/typedoc.json), each package's README rendered as a page of it, and
// TypeDoc's JSON model as `api.json`. Like the API pages, every file must render with no
// network; every `@example` must type-check.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { externalResources } from "./offline.mjs";
import { callables, typecheckExamples } from "./sdk-examples.mjs";

const run = promisify(execFile);

// The packages the reference covers, in the order the index lists them.
export const sdkPackages = ["core", "workflow", "vector", "dev-server", "otel"];

/** TypeDoc's file name for a page of the package `@x/<name>`. @param {string} name */
const slug = (name) => `_x_${name}`;

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes the SDK reference to `outDir` and returns, per package, the pages the site
 * index links (relative to `outDir`'s parent).
 * @param {string} root the repository
 * @param {string} outDir
 * @param {Promise<string>} [compiler] the `tsc` that type-checks the examples (the
 *   repository's own by default); a promise, so it can be installed while TypeDoc runs
 */
export async function buildSdk(root, outDir, compiler) {
  try {
    await run(
      join(root, "node_modules/.bin/typedoc"),
      [
        ...["--options", join(root, "docs/typedoc.json"), "--logLevel", "Warn"],
        ...["--out", outDir, "--json", join(outDir, "api.json")],
        // TypeDoc would first ask TypeScript for every compiler error of the sources: a whole
        // type check (a quarter of its CPU seconds) that `pnpm typecheck` already runs. Its
        // validation (undocumented, unexported or badly linked names) still runs.
        "--skipErrorChecking",
      ],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    // TypeDoc reports an undocumented export as a warning on stdout, then fails.
    throw new Error(`typedoc failed:\n${error.stdout ?? ""}${error.stderr || error.message}`);
  }
  for (const file of filesUnder(outDir)) {
    if (!/\.(html|css|js)$/.test(file)) continue;
    const external = externalResources(readFileSync(file, "utf8"));
    if (external.length > 0) {
      const shown = relative(outDir, file);
      throw new Error(`SDK page ${shown} would need the network: ${[...new Set(external)]}`);
    }
  }
  const model = JSON.parse(readFileSync(join(outDir, "api.json"), "utf8"));
  const tsc = (await compiler) ?? join(root, "node_modules/.bin/tsc");
  await typecheckExamples(root, sdkPackages, callables(model), tsc);
  const base = relative(join(outDir, ".."), outDir);
  return sdkPackages.map((name) => {
    const manifest = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
    const pages = {
      name: manifest.name,
      description: String(manifest.description ?? ""),
      reference: `${base}/modules/${slug(name)}.html`,
      readme: `${base}/documents/${slug(name)}.README.html`,
    };
    for (const page of [pages.reference, pages.readme]) {
      if (!existsSync(join(outDir, "..", page))) throw new Error(`typedoc wrote no ${page}`);
    }
    return pages;
  });
}
