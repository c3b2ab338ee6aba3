import manifest from "../../package.json" with { type: "json" };
import { suggestion } from "../server/closest.js";

/** The version `x-dev --version` prints: the package's own. */
export const VERSION: string = manifest.version;

/** A command line the CLI refuses; printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * What `x-dev` without its command prints (to stderr, exit code 2, as any usage error: a
 * script that forgot the command fails). The full help is one flag away, not dumped here.
 */
export const SHORT_USAGE = `Usage: x-dev start [options]
       x-dev import --from <vector URL> --state <file>  (token: VECTOR_TOKEN)
       x-dev probe --vector <URL> | --workflow <URL> --url <URL>

Starts local emulators of the workflow and vector services until Ctrl+C, imports a live
index, or probes a live service against the spec. Run "x-dev --help" to see every option.
`;

/** The message for a command line whose command is missing, or not `start`, `import` or `probe`. */
export function commandError(positionals: readonly string[]): string {
  if (positionals.length === 0) return SHORT_USAGE;
  const given = positionals.length === 1 ? `"${positionals[0]}"` : positionals.join(" ");
  return `x-dev: expected the command "start", "import" or "probe", got ${given}\n\n${SHORT_USAGE}`;
}

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
