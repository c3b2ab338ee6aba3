// `pnpm release:rehearse`: a release, end to end, against a real npm registry on 127.0.0.1.
//
// In a temporary copy of the repository it applies the pending changesets, publishes every
// public package the way `pnpm release` does (`changeset publish`), checks each tarball as
// published, then installs the packages BY NAME in a project outside the workspace and runs
// a smoke in ESM and CommonJS with that install only. The registry and every file it made
// are removed in every outcome.
//
// Prints one line per check and `release rehearsal: N passed, N failed`; writes the counts
// to `.check-results/release.json` for the closing totals of `pnpm check`.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  binProblems,
  createConsumer,
  INSTALLED_BY_NAME,
  installByName,
  installedVersions,
  runSmoke,
  typeCheck,
} from "./consumer.mjs";
import { checkPublished } from "./published.mjs";
import { launchRegistry } from "./registry.mjs";
import { mustRun, Report, StepFailed } from "./run.mjs";
import { copyRepository, linkWorkspaceDependencies, publicPackages } from "./workspace.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scope = "@x/";
const report = new Report();
// The repository's own changesets CLI, run in the copy as `pnpm release` runs `changeset`
// (its bin, from node_modules/.bin): the copy installs nothing, see rehearse().
const changeset = join(root, "node_modules", "@changesets", "cli", "bin.js");
const work = mkdtempSync(join(tmpdir(), "x-release-"));
/** @type {{ url: string, stop(): void, ready(): Promise<void> } | undefined} */
let registry;

function cleanUp() {
  registry?.stop();
  rmSync(work, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    cleanUp();
    process.exit(128 + constants.signals[signal]);
  });
}

async function publish(repo, packages) {
  await report.step("the registry answers on 127.0.0.1", () => registry.ready());
  // Anonymous publishing is allowed, but npm refuses to publish without a token for the
  // registry's address: a placeholder satisfies it.
  const host = registry.url.replace(/^http:/, "");
  appendFileSync(join(repo, ".npmrc"), `\n${host}:_authToken=rehearsal-placeholder\n`);
  // changesets reads the registry from npm_config_registry (not from .npmrc).
  await report.step(`changeset publish (${packages.length} packages)`, () =>
    mustRun(process.execPath, [changeset, "publish", "--no-git-tag"], {
      cwd: repo,
      env: { ...process.env, npm_config_registry: registry.url },
    }),
  );
}

async function installAndSmoke(packages) {
  const consumer = join(work, "consumer");
  createConsumer(consumer, registry.url, scope);
  await report.step(`npm install ${INSTALLED_BY_NAME.join(" ")}`, () => installByName(consumer));
  const names = packages.map((pkg) => pkg.name);
  const installed = installedVersions(consumer, names);
  for (const pkg of packages) {
    const version = installed.get(pkg.name);
    const wanted = version === pkg.version;
    report.record(`the install holds ${pkg.name}@${pkg.version}`, wanted ? [] : [`got ${version}`]);
  }
  const [esm, cjs, types, bin] = await Promise.all([
    runSmoke(consumer, "esm.mjs"),
    runSmoke(consumer, "cjs.cjs"),
    typeCheck(consumer),
    binProblems(consumer),
  ]);
  for (const step of [...esm, ...cjs]) report.record(`smoke ${step.name}`, step.problems);
  for (const check of types)
    report.record(`tsc (${check.name}) on a first program`, check.problems);
  report.record("x-dev --help from the install", bin);
}

async function rehearse() {
  // Verdaccio takes seconds to start: it starts while the copy is prepared.
  registry = await launchRegistry({ root, dir: join(work, "registry"), scope });
  const repo = join(work, "repo");
  await report.step("copy the repository with its built dist/", () => copyRepository(root, repo));
  // No install in the copy (it took a third of the rehearsal's CPU seconds): changesets runs
  // from the repository (it finds its changelog writer and prettier beside itself when the
  // copy has no node_modules), and `pnpm publish` needs only these links.
  await report.step("link each package's workspace: dependencies in the copy", () =>
    linkWorkspaceDependencies(repo),
  );
  await report.step("changeset version", () =>
    mustRun(process.execPath, [changeset, "version"], { cwd: repo }),
  );
  const packages = publicPackages(repo);
  await publish(repo, packages);
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  const context = { dir: tarballs, registryUrl: registry.url, scope, report };
  await report.timed("tarball checks", () => checkPublished(context, packages));
  await report.timed("install and smoke", () => installAndSmoke(packages));
}

try {
  await rehearse();
} catch (err) {
  if (!(err instanceof StepFailed)) {
    // fetch puts the reason (a reset socket, a refused connection) in `cause`.
    const cause = err.cause === undefined ? "" : `\ncaused by: ${err.cause}`;
    report.record("the rehearsal ran to its end", [`${err.stack}${cause}`]);
  }
} finally {
  cleanUp();
}

console.log(`release rehearsal: ${report.passed} passed, ${report.failed} failed`);
mkdirSync(join(root, ".check-results"), { recursive: true });
writeFileSync(
  join(root, ".check-results", "release.json"),
  `${JSON.stringify({ passed: report.passed, failed: report.failed })}\n`,
);
process.exitCode = report.failed > 0 || report.passed === 0 ? 1 : 0;
