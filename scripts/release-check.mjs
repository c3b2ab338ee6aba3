// The bump check: every public package whose spec or API report changed since the last
// release (`released/`) must be named by a pending changeset with at least the bump the
// change needs: breaking -> major, additive -> minor, anything else -> patch. Packages
// that depend on a bumped one follow `.changeset/config.json` (updateInternalDependencies),
// so only the changed package itself is asked for.
// Usage: node scripts/release-check.mjs [--root <dir>]
// `releaseCheck` is the whole check, exported so its tests run it without a process of its own.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import readChangesets from "@changesets/read";
import { isMain } from "./lib/main.mjs";
import { baselineOf, changedPackages, largerBump } from "./release/changes.mjs";

/** The largest pending bump of each package, and the changesets that give that bump. */
function pendingBumps(changesets) {
  const bumps = new Map();
  for (const changeset of changesets) {
    for (const release of changeset.releases) {
      if (release.type === "none") continue;
      const file = `.changeset/${changeset.id}.md`;
      const known = bumps.get(release.name);
      if (known === undefined || largerBump(known.bump, release.type) !== known.bump) {
        bumps.set(release.name, { bump: release.type, files: [file] });
      } else if (known.bump === release.type) {
        known.files.push(file);
      }
    }
  }
  return bumps;
}

/** One line per kind of change, the most severe spec change quoted. */
function describe(root, pkg) {
  const lines = [];
  if (pkg.specChanges === null && pkg.spec !== null) {
    lines.push(`${pkg.spec} is new since the last release (additive)`);
  } else if (pkg.specChanges?.length > 0) {
    const [first] = pkg.specChanges;
    const more = pkg.specChanges.length > 1 ? ` and ${pkg.specChanges.length - 1} more` : "";
    lines.push(
      `${pkg.spec}: ${first.class} ${first.pointer} ${first.description}${more} (\`pnpm spec:diff\` lists them)`,
    );
  }
  const released = baselineOf(pkg.report);
  if (pkg.reportChange !== null && !existsSync(join(root, released))) {
    lines.push(`${pkg.report}: a package never released (additive)`);
  } else if (pkg.reportChange !== null) {
    lines.push(`${pkg.report}: ${pkg.reportChange} change against ${released}`);
  }
  return lines;
}

/**
 * The check of the repository at `root`: what the command prints (stdout, stderr) and its
 * exit status.
 */
export async function releaseCheck(root) {
  const pending = pendingBumps(await readChangesets(root));
  let changed;
  try {
    changed = changedPackages(root);
  } catch (error) {
    // A package whose changes cannot be read (a missing report) is the whole answer.
    return { status: 1, stdout: "", stderr: `release:check: ${error.message}\n` };
  }
  const problems = [];
  const covered = [];
  for (const pkg of changed) {
    const given = pending.get(pkg.name);
    const enough = given !== undefined && largerBump(given.bump, pkg.bump) === given.bump;
    const what = describe(root, pkg)
      .map((line) => `    ${line}`)
      .join("\n");
    if (enough) {
      covered.push(
        `  ${pkg.name}: needs ${pkg.bump}, has ${given.bump} (${given.files.join(", ")})`,
      );
      continue;
    }
    const now =
      given === undefined
        ? "no pending changeset names it"
        : `pending changesets give only ${given.bump} (${given.files.join(", ")})`;
    problems.push(
      `  ${pkg.name} needs a ${pkg.bump} changeset; ${now}. What changed:\n${what}\n    Fix: \`pnpm changeset\`, pick ${pkg.name}, choose ${pkg.bump} and describe the change for users.`,
    );
  }
  if (problems.length > 0) {
    return {
      status: 1,
      stdout: "",
      stderr: `release:check: a change users would install is not versioned:\n${problems.join("\n")}\n`,
    };
  }
  const stdout =
    covered.length === 0
      ? "release:check: no spec or API report changed since the last release.\n"
      : `release:check: every changed package has the bump it needs:\n${covered.join("\n")}\n`;
  return { status: 0, stdout, stderr: "" };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." } } });
  const { status, stdout, stderr } = await releaseCheck(resolve(values.root));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = status;
}
