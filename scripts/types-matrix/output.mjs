// What a compiler printed, as errors by file for each setting. Each TypeScript of the
// matrix compiles every setting in one `tsc -b --verbose` (one project per setting): the
// declarations in node_modules, most of each program, are then parsed and bound once for
// all settings (tsc -b shares them between the projects of one build), and each project's
// errors follow its "Building project '…/tsconfig.<setting>.json'..." line.

/** The row of errors in the installed packages' own declarations (skipLibCheck off). */
export const DECLARATIONS = "declarations (node_modules)";

/** The lines of the build's own log, which are not errors (TypeScript 5.x and 7). */
const BUILD_LOG = [
  / - Projects in this build: ?$/,
  /^ {4}\* \S+\.json$/,
  / - Project '[^']+' is out of date because /,
];

/**
 * One compile's output (`tsc -p`, or one project's part of `tsc -b`) as a Map from file
 * (relative to the compile's folder, or DECLARATIONS, or "*" for an error of the whole
 * program) to its lines.
 */
export function errorsByFile(output) {
  const errors = new Map();
  let last;
  for (const line of output.split(/\r?\n/)) {
    const found = /^(.+?)\(\d+,\d+\): error TS\d+: /.exec(line);
    if (found) {
      last = found[1].includes("node_modules/") ? DECLARATIONS : found[1];
      errors.set(last, [...(errors.get(last) ?? []), line]);
    } else if (/^error TS\d+/.test(line) || (line.trim() !== "" && last === undefined)) {
      // An error of the whole program (a bad option): every cell of the column fails.
      last = "*";
      errors.set(last, [...(errors.get(last) ?? []), line]);
    } else if (line.trim() !== "" && last !== undefined) {
      errors.get(last)?.push(line);
    }
  }
  // tsc checks types only once no file has a syntax error: errors of syntax alone (TS1xxx)
  // mean no sample was checked, so every cell of the column fails.
  const codes = [...output.matchAll(/error TS(\d+)/g)].map((match) => Number(match[1]));
  if (codes.length > 0 && codes.every((code) => code < 2000)) {
    errors.set("*", ["syntax errors only: the types of no sample were checked"]);
  }
  return errors;
}

/**
 * The output of `tsc -b --verbose` over `tsconfig.<setting>.json` for each of `settings`, as
 * a Map from setting to its errors by file. What comes before the first project's line,
 * and a project the build never started, fails every cell of its column(s).
 */
export function errorsBySetting(output, settings) {
  const parts = new Map(settings.map((setting) => [setting, []]));
  const started = new Set();
  let current;
  // tsc ends some lines of its log with \r\n (the list of projects).
  for (const line of output.split(/\r?\n/)) {
    const building = /Building project '(?:.*[/\\])?tsconfig\.([\w-]+)\.json'\.\.\.$/.exec(line);
    if (building && parts.has(building[1])) {
      current = building[1];
      started.add(current);
    } else if (!BUILD_LOG.some((pattern) => pattern.test(line))) {
      for (const setting of current === undefined ? settings : [current]) {
        parts.get(setting).push(line);
      }
    }
  }
  return new Map(
    settings.map((setting) => {
      const errors = errorsByFile(parts.get(setting).join("\n"));
      if (!started.has(setting)) {
        errors.set("*", [
          `tsc -b did not build tsconfig.${setting}.json`,
          ...output.split("\n").slice(-6),
        ]);
      }
      return [setting, errors];
    }),
  );
}
