// The publishable packages packed as `pnpm publish` would pack them: `publishConfig`
// applied, `workspace:` ranges replaced. Shared by the stages that check what users get.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The publishable packages, by folder under packages/: every one not marked private, so a
 * new package (such as the validator the dev server depends on) is packed without a list
 * to keep up to date.
 */
const PACKAGES = readdirSync(join(ROOT, "packages")).filter((folder) => {
  const manifest = join(ROOT, "packages", folder, "package.json");
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).private !== true;
});

/**
 * `pnpm pack` of every publishable package into `destination` (one pnpm process for all);
 * returns { "@x/core": tarball path, ... }.
 */
export function packPackages(destination) {
  const filters = PACKAGES.flatMap((folder) => ["--filter", `@x/${folder}`]);
  const args = ["-r", ...filters, "pack", "--pack-destination", destination];
  const result = spawnSync("pnpm", args, { cwd: ROOT, encoding: "utf8", timeout: 300_000 });
  if (result.status !== 0) {
    const output = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim().split("\n").slice(-10);
    throw new Error(`pnpm ${args.join(" ")} failed:\n${output.join("\n")}`);
  }
  const files = readdirSync(destination);
  const tarballs = {};
  for (const folder of PACKAGES) {
    // pnpm names a tarball after the package: @x/dev-server 0.1.0 -> x-dev-server-0.1.0.tgz
    const file = files.find((name) => new RegExp(`^x-${folder}-\\d.*\\.tgz$`).test(name));
    if (!file) throw new Error(`pnpm pack wrote no tarball for @x/${folder} (found ${files})`);
    tarballs[`@x/${folder}`] = join(destination, file);
  }
  return tarballs;
}
