// What a published package must look like, checked on its unpacked tarball. Each check
// returns the problems it found (an empty list when it passes), so the rehearsal can count
// them and a test can feed it a package made wrong on purpose.
import semver from "semver";

const DEPENDENCY_FIELDS = [
  "dependencies",
  "peerDependencies",
  "optionalDependencies",
  "devDependencies",
];

// The fields npm installs for a user: a sibling named here must be satisfiable.
const INSTALLED_FIELDS = ["dependencies", "peerDependencies", "optionalDependencies"];

// Top-level files a tarball may hold besides `dist/`; the first three it must hold.
const REQUIRED_FILES = ["package.json", "README.md", "LICENSE"];
// TESTING.md: the test kit's reference, which ships with @x/dev-server so its README's links
// resolve inside the tarball.
const OPTIONAL_FILES = ["CHANGELOG.md", "TESTING.md"];

/** @param {Record<string, unknown>} manifest */
function dependencyEntries(manifest, fields) {
  const entries = [];
  for (const field of fields) {
    const ranges = manifest[field];
    if (ranges === undefined || ranges === null) continue;
    for (const [name, range] of Object.entries(ranges)) entries.push({ field, name, range });
  }
  return entries;
}

/** A `workspace:` range means pnpm did not rewrite it: no registry can resolve it. */
export function workspaceRangeProblems(manifest) {
  return dependencyEntries(manifest, DEPENDENCY_FIELDS)
    .filter((entry) => String(entry.range).startsWith("workspace:"))
    .map((entry) => `${entry.field}.${entry.name} is "${entry.range}"`);
}

/**
 * Every range on a sibling package must accept the version published with it, or npm
 * installs an older sibling (or none at all for a package that is never published).
 * @param {Map<string, string>} published package name -> version published in this release
 * @param {string} scope e.g. "@x/"
 */
export function siblingRangeProblems(manifest, published, scope) {
  const problems = [];
  for (const entry of dependencyEntries(manifest, INSTALLED_FIELDS)) {
    if (!entry.name.startsWith(scope)) continue;
    const version = published.get(entry.name);
    if (version === undefined) {
      problems.push(`${entry.field}.${entry.name} names a package this release does not publish`);
    } else if (!semver.validRange(entry.range)) {
      problems.push(`${entry.field}.${entry.name} is "${entry.range}", not a semver range`);
    } else if (!semver.satisfies(version, entry.range)) {
      problems.push(
        `${entry.field}.${entry.name} is "${entry.range}", which excludes ${version}, the version published with it`,
      );
    }
  }
  return problems;
}

function isDeclaration(path) {
  return /\.d\.[cm]?ts$/.test(path);
}

function isSource(path) {
  return /\.[cm]?tsx?$/.test(path) && !isDeclaration(path);
}

function isTest(path) {
  return /(^|\/)(test|tests|__tests__)\//.test(path) || /\.(test|spec)\.[^/]+$/.test(path);
}

/**
 * Why a packed file should not be in the tarball, or undefined when it may be. `binFiles`
 * are the commands' launchers the manifest names, which may sit outside dist/.
 */
function unwantedReason(path, binFiles) {
  if (REQUIRED_FILES.includes(path) || OPTIONAL_FILES.includes(path)) return undefined;
  if (binFiles.has(path) && !isSource(path)) return undefined;
  if (!path.startsWith("dist/")) return "is outside dist/";
  if (isTest(path)) return "is a test";
  // A user's tsc type-checks a .ts file it reaches, with the user's settings, not ours.
  if (isSource(path)) return "is a TypeScript source";
  if (path.endsWith(".tsbuildinfo")) return "is build state";
  return undefined;
}

/**
 * Every target of `exports` as `{ where, target }`, where `where` is the path of
 * conditions that leads to it (`. > import > types`).
 */
function exportTargets(exportsField, where = []) {
  if (typeof exportsField === "string") return [{ where: where.join(" > "), target: exportsField }];
  if (exportsField === null || typeof exportsField !== "object") return [];
  return Object.entries(exportsField).flatMap(([key, value]) =>
    exportTargets(value, [...where, key]),
  );
}

/** The file an `exports` target names, relative to the package root. */
function packedPath(target) {
  return target.replace(/^\.\//, "");
}

function moduleFormatProblems(manifest) {
  const problems = [];
  const exportsField = manifest.exports;
  if (exportsField === null || typeof exportsField !== "object") {
    return ["package.json has no exports map"];
  }
  for (const [subpath, conditions] of Object.entries(exportsField)) {
    if (subpath === "./package.json") continue;
    for (const format of ["import", "require"]) {
      const entry = conditions?.[format];
      if (typeof entry?.types !== "string")
        problems.push(`exports["${subpath}"] has no ${format}.types`);
      if (typeof entry?.default !== "string") {
        problems.push(`exports["${subpath}"] has no ${format}.default`);
      }
    }
  }
  return problems;
}

/**
 * The tarball holds README, LICENSE, package.json, the types and both module formats
 * every export names, and nothing else: no tests, no sources.
 * @param {string[]} files paths inside the package, `/`-separated
 */
export function tarballFileProblems(files, manifest) {
  const packed = new Set(files);
  const problems = [];
  for (const file of REQUIRED_FILES) {
    if (!packed.has(file)) problems.push(`${file} is missing`);
  }
  problems.push(...moduleFormatProblems(manifest));
  for (const { where, target } of exportTargets(manifest.exports)) {
    if (!packed.has(packedPath(target))) {
      problems.push(`exports ${where} names ${target}, which is not in the tarball`);
    }
  }
  for (const field of ["main", "module", "types"]) {
    const target = manifest[field];
    if (typeof target === "string" && !packed.has(packedPath(target))) {
      problems.push(`${field} names ${target}, which is not in the tarball`);
    }
  }
  const bins = typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : manifest.bin;
  for (const [command, target] of Object.entries(bins ?? {})) {
    if (!packed.has(packedPath(target))) {
      problems.push(`bin ${command} names ${target}, which is not in the tarball`);
    }
  }
  const binFiles = new Set(Object.values(bins ?? {}).map(packedPath));
  for (const file of files) {
    const reason = unwantedReason(file, binFiles);
    if (reason !== undefined) problems.push(`${file} ${reason}`);
  }
  return problems;
}

/**
 * Every check of one published package, by name.
 * @param {{ manifest: Record<string, unknown>, files: string[], published: Map<string, string>, scope: string }} pkg
 * @returns {{ check: string, problems: string[] }[]}
 */
export function checkPublishedPackage({ manifest, files, published, scope }) {
  return [
    { check: "no workspace: range", problems: workspaceRangeProblems(manifest) },
    {
      check: "sibling ranges match this release",
      problems: siblingRangeProblems(manifest, published, scope),
    },
    { check: "tarball files", problems: tarballFileProblems(files, manifest) },
  ];
}
