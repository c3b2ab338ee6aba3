// A `pnpm` for changesets' PATH that answers `pnpm --version` without starting pnpm.
//
// `changeset publish` asks `pnpm --version` once per package it publishes, only to add
// `--no-git-checks` from pnpm 5 on: six pnpm starts (0.6 CPU s each) for one answer. The
// rehearsal asks the real pnpm once; this `pnpm` prints that answer, as pnpm printed it, and
// hands every other command (`pnpm publish ...`) to the real pnpm, so changesets decides
// and publishes exactly as it does with pnpm alone. A shell script: it starts in
// milliseconds, where a Node script takes a tenth of a second.
import { execFile } from "node:child_process";
import { accessSync, chmodSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";

/** The first executable `command` on `path` (a PATH value), or undefined. */
export function findOnPath(command, path) {
  for (const folder of path.split(delimiter)) {
    if (folder === "") continue;
    const candidate = join(folder, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** `text` quoted for sh: between single quotes, each single quote closed, escaped, reopened. */
function shellQuote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Writes `dir/pnpm`, answering `--version` with `version` (pnpm's output, as printed) and
 * running `pnpm` (the real one's path) for anything else.
 */
export function writeVersionAnswering(dir, pnpm, version) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "pnpm");
  const script = [
    "#!/bin/sh",
    `if [ "$#" -eq 1 ] && [ "$1" = --version ]; then printf '%s' ${shellQuote(version)}; exit 0; fi`,
    `exec ${shellQuote(pnpm)} "$@"`,
    "",
  ].join("\n");
  writeFileSync(file, script);
  chmodSync(file, 0o755);
  return file;
}

/**
 * The environment for `changeset publish` in `cwd`: `env` with a folder in `dir` holding the
 * answering `pnpm` first on its PATH. Asks the real pnpm (the first on env's PATH) once, in
 * `cwd`: pnpm may switch to the version the `packageManager` field there names.
 */
export async function withVersionAnswered(dir, env, cwd) {
  const path = env.PATH ?? "";
  const pnpm = findOnPath("pnpm", path);
  if (pnpm === undefined) throw new Error("no pnpm on the PATH");
  // stdout only, as changesets reads it.
  const { stdout: version } = await promisify(execFile)(pnpm, ["--version"], { env, cwd });
  writeVersionAnswering(dir, pnpm, version);
  return { ...env, PATH: `${dir}${delimiter}${path}` };
}
