// What changed for users since the last release, package by package, and the changeset bump
// each change needs. The last release is the snapshot under `released/`: each public
// package's spec and API report, copied there at the same paths by `pnpm release:baseline`
// right after `changeset version`. A committed snapshot works in a fresh clone with no tags.
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { apiCompare } from "api-smart-diff";
import { parse } from "yaml";
import { releasedPackages } from "./packages.mjs";

const BASELINE = "released";

// api-smart-diff's classes, in the words the README uses. A deprecation tells users
// something new without breaking them, as an added field does. "unclassified" is what the
// library cannot judge (an `x-` extension): it still ships, so it needs a patch.
const CLASS_OF = {
  breaking: "breaking",
  "non-breaking": "additive",
  deprecated: "additive",
  annotation: "docs-only",
  unclassified: "unclassified",
};
export const CLASSES = ["breaking", "additive", "docs-only", "unclassified"];
const BUMP_OF = {
  breaking: "major",
  additive: "minor",
  "docs-only": "patch",
  unclassified: "patch",
};
const BUMPS = ["patch", "minor", "major"];

/** The larger of two bumps (`undefined` counts as no bump). */
export function largerBump(left, right) {
  return BUMPS.indexOf(left) >= BUMPS.indexOf(right) ? left : right;
}

/** The baseline copy of a repo file: the same path under `released/`. */
export function baselineOf(file) {
  return join(BASELINE, file);
}

/** RFC 6901 pointer of a path such as ["paths", "/range", "post"]: `#/paths/~1range/post`. */
function pointer(path) {
  return `#/${path.map((key) => String(key).replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
}

const VERB = { add: "Added", remove: "Removed", replace: "Replaced", rename: "Renamed" };

// api-smart-diff describes a change once; where the same schema is reached again through a
// $ref its description comes back empty or without its subject ("[Added]  in ...").
function describedByLibrary(diff) {
  return typeof diff.description === "string" && /^\[\w+\] \S/.test(diff.description);
}

/** A description naming the value, for the changes the library left undescribed. */
function describe(diff) {
  const key = diff.path.at(-1);
  const show = (value) => {
    if (value !== null && typeof value === "object") return `\`${key}\``;
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  };
  const what =
    diff.action === "replace"
      ? `${show(diff.before)} with ${show(diff.after)}`
      : show(diff.action === "remove" ? diff.before : diff.after);
  return `[${VERB[diff.action]}] ${what}`;
}

/**
 * The classified changes from the released spec to the current one, most severe first, each
 * `{ class, pointer, description }`; `null` when the spec was never released.
 */
export function specChanges(root, spec) {
  const released = join(root, baselineOf(spec));
  if (!existsSync(released)) return null;
  const before = parse(readFileSync(released, "utf8"));
  const after = parse(readFileSync(join(root, spec), "utf8"));
  const { diffs } = apiCompare(before, after);
  return diffs
    .map((diff) => ({
      class: CLASS_OF[diff.type],
      pointer: pointer(diff.path),
      description: describedByLibrary(diff) ? diff.description : describe(diff),
    }))
    .sort((left, right) => CLASSES.indexOf(left.class) - CLASSES.indexOf(right.class));
}

/**
 * How the API report moved from the released one: "breaking" when a declaration line is gone
 * or changed (a signature that changed may have narrowed; the report cannot tell), "additive"
 * when lines were only added, or a type the report listed without `export` (used by the
 * API, not exported) is now exported, "docs-only" when only its comment lines
 * (`// (undocumented)`) changed; `null` when it is unchanged, "additive" when the package
 * was never released.
 */
export function reportChange(root, report) {
  const released = join(root, baselineOf(report));
  if (!existsSync(join(root, report))) {
    throw new Error(`${report} is missing: run \`pnpm build && pnpm api\` and commit it`);
  }
  const now = readFileSync(join(root, report), "utf8");
  if (!existsSync(released)) return "additive";
  const before = readFileSync(released, "utf8");
  if (before === now) return null;
  const removed = countLines(before);
  const added = new Map();
  for (const [line, count] of countLines(now)) {
    const left = (removed.get(line) ?? 0) - count;
    if (left < 0) added.set(line, -left);
    removed.set(line, Math.max(left, 0));
  }
  // `interface RunView {` become `export interface RunView {`: newly exported, not changed.
  // The exported line stays among the added ones, so the change counts as additive.
  for (const [line, count] of removed) {
    const exported = added.get(`export ${line}`) ?? 0;
    removed.set(line, Math.max(count - exported, 0));
  }
  if ([...removed.values()].some((count) => count > 0)) return "breaking";
  if (added.size > 0) return "additive";
  return "docs-only";
}

/** Declaration lines of a report (comments and blank lines left out), with their counts. */
function countLines(text) {
  const counts = new Map();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("//")) continue;
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return counts;
}

/**
 * Every public package whose spec or API report changed since the release, as
 * `{ name, spec, specChanges, report, reportChange, bump }`, where `bump` is the changeset
 * bump the most severe change needs.
 */
export function changedPackages(root) {
  const changed = [];
  for (const pkg of releasedPackages(root)) {
    const spec = pkg.spec === null ? null : specChanges(root, pkg.spec);
    const report = reportChange(root, pkg.report);
    const classes = report === null ? [] : [report];
    // A spec never released is new to users as a whole.
    if (pkg.spec !== null) {
      classes.push(...(spec === null ? ["additive"] : spec.map((c) => c.class)));
    }
    if (classes.length === 0) continue;
    changed.push({
      name: pkg.name,
      spec: pkg.spec,
      specChanges: spec,
      report: pkg.report,
      reportChange: report,
      bump: classes.map((change) => BUMP_OF[change]).reduce(largerBump),
    });
  }
  return changed;
}

/** Copies each public package's spec and API report to `released/`, as of this release. */
export function snapshot(root) {
  const written = [];
  for (const pkg of releasedPackages(root)) {
    for (const file of [pkg.spec, pkg.report]) {
      if (file === null) continue;
      mkdirSync(dirname(join(root, baselineOf(file))), { recursive: true });
      cpSync(join(root, file), join(root, baselineOf(file)));
      written.push(baselineOf(file));
    }
  }
  return written;
}
