import manifest from "../package.json" with { type: "json" };
import { suggestion } from "./closest.js";

/** The version `x-dev --version` prints: the package's own. */
export const VERSION: string = manifest.version;

/** A command line the CLI refuses; printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * node:util's parseArgs says `Unknown option '--prot'. To specify a positional argument
 * starting with a '-', place it at the end ...`; this names the flag and the closest known
 * one instead, and passes every other parse error through unchanged.
 */
export function explainParseError(error: Error, flags: readonly string[]): UsageError {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (unknown === null) return new UsageError(error.message);
  const given = unknown[1]!;
  const name = given.replace(/^-+/, "");
  const hint = suggestion(name, flags, (flag) => (flag.length === 1 ? `-${flag}` : `--${flag}`));
  return new UsageError(`unknown option ${given}${hint}`);
}
