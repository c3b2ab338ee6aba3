// `pnpm typecheck` (after the build: the strict consumer in test/types reads dist/): runs the
// compiles of every `typecheck` script of the workspace's packages, and of the root's
// `typecheck:*` scripts (the docs samples, the strict consumer), with the native compiler
// (TypeScript 7, scripts/lib/typescript.mjs) in place of the repo's 5.9: the same programs,
// the same diagnostics, about a seventh of the CPU seconds. Each script is read, not copied
// here, so `pnpm --filter <pkg> typecheck` stays the same check with the repo's 5.9.
// Prints each compile's errors under its package and script, and exits 1 when any failed.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse } from "yaml";
import { mapBounded } from "./lib/map-bounded.mjs";
import { installTypeScript, NATIVE } from "./lib/typescript.mjs";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The workspace's folders besides the root, from pnpm-workspace.yaml (`dir` or `dir/*`). */
const FOLDERS = parse(readFileSync(join(ROOT, "pnpm-workspace.yaml"), "utf8")).packages.flatMap(
  (pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((name) =>
          join(ROOT, pattern.slice(0, -2), name),
        )
      : [join(ROOT, pattern)],
);
// The native compiler spreads one compile over the cores itself; two at a time keep both busy
// while one of them reads its files.
const PARALLEL = 2;

/**
 * The compiles of a folder's type-check scripts (`typecheck` in a package; `typecheck:*` at
 * the root, `typecheck` there being this script), as `{ folder, label, args }` (label:
 * `<package>#<script>`). A script step that is not a `tsc` command is an error: this script
 * would not run it.
 */
function compilesOf(folder, isRoot) {
  const manifest = join(folder, "package.json");
  if (!existsSync(manifest)) return [];
  const { name, scripts = {} } = JSON.parse(readFileSync(manifest, "utf8"));
  return Object.entries(scripts)
    .filter(([script]) => (isRoot ? script.startsWith("typecheck:") : script === "typecheck"))
    .flatMap(([script, command]) =>
      command.split("&&").map((step) => {
        const [binary, ...args] = step.trim().split(/\s+/);
        if (binary !== "tsc") {
          throw new Error(`${name}: the ${script} script runs \`${step.trim()}\`, not tsc`);
        }
        return { folder, label: `${name}#${script}`, args };
      }),
    );
}

async function compile(compiler, { folder, label, args }) {
  try {
    // --singleThreaded: two compiles already share the two cores, and the native compiler's
    // checker threads each build the global types again (measured: 11.3 CPU s for the 14
    // compiles single-threaded, 12.2 to 16.2 threaded, the same wall time or less).
    await run(compiler.binary, [...args, "--pretty", "false", "--singleThreaded"], {
      cwd: folder,
      maxBuffer: 64 * 2 ** 20,
    });
    return { label, ok: true, output: "" };
  } catch (error) {
    const output = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim() || String(error.message);
    return { label, ok: false, output };
  }
}

const compiles = [
  ...compilesOf(ROOT, true),
  ...FOLDERS.flatMap((folder) => compilesOf(folder, false)),
];
const compiler = await installTypeScript(NATIVE);
const started = performance.now();
const results = await mapBounded(compiles, PARALLEL, (item) => compile(compiler, item));
const failed = results.filter((result) => !result.ok);
for (const { label, output } of failed) {
  console.log(`typecheck: ${label} failed:\n${output.replace(/^/gm, "  ")}`);
}
const where = (item) => `${relative(ROOT, item.folder) || "."}: tsc ${item.args.join(" ")}`;
console.log(
  `typecheck: ${compiles.length - failed.length}/${compiles.length} compiles passed with TypeScript ${compiler.version} in ${((performance.now() - started) / 1000).toFixed(1)} s (${compiles.map(where).join("; ")})`,
);
if (failed.length > 0) {
  console.log(`Failed: ${failed.map((result) => result.label).join(", ")}`);
  process.exit(1);
}
