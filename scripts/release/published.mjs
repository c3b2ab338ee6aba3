// What the registry holds after the publish: each package's tarball, fetched back and
// checked as a user would receive it.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { checkPublishedPackage } from "./checks.mjs";
import { unpackTarball } from "./tarball.mjs";

/** The registry's document for a package, or undefined when it holds none. */
async function packument(registryUrl, name) {
  const response = await fetch(new URL(name.replace("/", "%2f"), registryUrl));
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`the registry answered ${response.status} for ${name}`);
  return response.json();
}

async function download(url, file) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the registry answered ${response.status} for ${url}`);
  const tarball = await response.arrayBuffer();
  writeFileSync(file, new Uint8Array(tarball));
  return tarball;
}

/** Every publint message, suggestions included: a clean package has none. */
async function publintProblems(tarball) {
  const { messages, pkg } = await publint({
    pack: { tarball },
    level: "suggestion",
  });
  return messages.map(
    (message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`,
  );
}

/**
 * Every problem "are the types wrong" finds under every module resolution (its CLI's
 * default, strict profile). In process: one TypeScript load serves every package.
 */
async function attwProblems(tarball) {
  const result = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)));
  if (!result.types) return ["the package ships no types"];
  return result.problems.map((problem) => {
    const where = problem.entrypoint === undefined ? "" : ` at "${problem.entrypoint}"`;
    const how = problem.resolutionKind === undefined ? "" : ` (${problem.resolutionKind})`;
    return `${problem.kind}${where}${how}`;
  });
}

/**
 * Fetches each package's published tarball into `dir` and records every check of it.
 * @param {{ dir: string, registryUrl: string, scope: string, report: import("./run.mjs").Report }} context
 * @param {{ name: string, version: string }[]} packages
 */
export async function checkPublished(context, packages) {
  const { dir, registryUrl, scope, report } = context;
  const published = new Map(packages.map((pkg) => [pkg.name, pkg.version]));
  // Everything is fetched before anything is checked: the checks block the event loop for
  // seconds, long enough for the registry to close an idle keep-alive socket under fetch.
  const fetched = [];
  for (const pkg of packages) {
    const document = await packument(registryUrl, pkg.name);
    const release = document?.versions?.[pkg.version];
    report.record(`${pkg.name}@${pkg.version} is on the registry`, release ? [] : ["not found"]);
    if (!release) continue;
    const file = join(dir, `${pkg.name.replace("/", "+")}.tgz`);
    fetched.push({ pkg, file, tarball: await download(release.dist.tarball, file) });
  }
  for (const { pkg, file, tarball } of fetched) {
    const { manifest, files } = unpackTarball(file, join(dir, pkg.name));
    const results = checkPublishedPackage({ manifest, files, published, scope });
    for (const { check, problems } of results) report.record(`${pkg.name}: ${check}`, problems);
    report.record(`${pkg.name}: publint clean`, await publintProblems(tarball));
    report.record(`${pkg.name}: attw clean`, await attwProblems(tarball));
  }
}
