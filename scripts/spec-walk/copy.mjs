// The part of the repository a spec change feeds, copied to a temporary folder: the specs,
// the scripts of the maintainer's steps, the released baseline, and the packages built from
// the specs (@x/vector, @x/workflow) with @x/core, which they build on, as it is built now.
// node_modules are linked, not copied; the packages' own links are relative, so they point
// into the copy. The copy is a release (its baseline is its own tree) in a fresh git repo.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

const FILES = [
  ".gitignore",
  "package.json",
  "tsconfig.base.json",
  "redocly.yaml",
  "specs",
  "released",
  ".changeset/config.json",
  "scripts/gen.mjs",
  "scripts/gen",
  "scripts/spec-diff.mjs",
  "scripts/release-check.mjs",
  "scripts/release-baseline.mjs",
  "scripts/release",
  "scripts/api.mjs",
  // release-check.mjs and api.mjs ask it whether node runs them or a test imports them.
  "scripts/lib/main.mjs",
  // Each package's build writes its declarations with it.
  "scripts/build",
  // `pnpm build` puts each package's @packageDocumentation comment back after tsup.
  "scripts/package-doc.mjs",
  // The fixture gen derives from the vector spec, and the change it adds.
  "packages/dev-server/test/fixtures/vector-upsert.change.yaml",
];

/**
 * What the specs feed: the clients, and the validator their tests check requests with.
 * Core and the validator come with their dist/ as built now: the steps rebuild the clients.
 */
const PACKAGES = ["core", "openapi-check", "vector", "workflow"];
const KEPT_BUILDS = new Set(["core", "openapi-check"]);

export function copyRepo(repo) {
  if (!existsSync(join(repo, "packages/core/dist/index.d.ts"))) {
    throw new Error("packages/core/dist is missing: run `pnpm build` first");
  }
  const dir = mkdtempSync(join(tmpdir(), "x-spec-walk-"));
  try {
    for (const file of FILES) cpSync(join(repo, file), join(dir, file), { recursive: true });
    for (const name of PACKAGES) {
      cpSync(join(repo, "packages", name), join(dir, "packages", name), {
        recursive: true,
        verbatimSymlinks: true,
        // The clients are rebuilt from the changed spec; the others' builds are kept.
        filter: (source) => KEPT_BUILDS.has(name) || basename(source) !== "dist",
      });
    }
    symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"), "dir");
    execFileSync("node", ["scripts/release-baseline.mjs"], { cwd: dir, stdio: "ignore" });
    const git = (...args) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=walk", "-c", "user.email=walk@example.com", "commit", "-qm", "release");
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
