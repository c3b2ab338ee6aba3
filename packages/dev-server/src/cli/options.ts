// The x-dev CLI's flags and the startDevServer options they make, in one table. The CLI
// only turns each flag's text into the option's value; startDevServer checks every value
// and names the option it refuses, and the CLI prints that with the flag's name
// (`flagError`). Kept apart from main.ts (which starts the server), so each flag's effect
// can be tested.
import { parseArgs } from "node:util";
import { ValidationError } from "@x/core";
import type { DevServerOptions } from "../server/server-options.js";
import { HELP } from "./help.js";
import { UsageError, VERSION } from "./usage.js";

/** How a flag's text becomes its option's value. */
type Reading =
  /** The text as given. */
  | "text"
  /** A number (the option's own check says which numbers it takes). */
  | "number"
  /** Upper-cased, for the index's metric and type. */
  | "upper"
  /** A boolean flag, `true` when given. */
  | "switch";

interface FlagRow {
  /** Where the value goes in `DevServerOptions`: `timeScale`, `vector.metric`, `limits.maxTopK`. */
  option: string;
  reading: Reading;
}

// Every flag that sets a startDevServer option. `--quiet`, `--help` and `--version` are the
// CLI's own (below); the CLI's defaults (host, ports 8080 and 8081, the log) are in
// `startOptions`.
const OPTION_FLAGS = {
  host: { option: "host", reading: "text" },
  "workflow-port": { option: "workflowPort", reading: "number" },
  "vector-port": { option: "vectorPort", reading: "number" },
  token: { option: "token", reading: "text" },
  dimension: { option: "vector.dimension", reading: "number" },
  metric: { option: "vector.metric", reading: "upper" },
  type: { option: "vector.type", reading: "upper" },
  seed: { option: "seed", reading: "text" },
  "time-scale": { option: "timeScale", reading: "number" },
  clock: { option: "clock", reading: "text" },
  "start-at": { option: "startAt", reading: "text" },
  "random-seed": { option: "randomSeed", reading: "number" },
  "delivery-timeout": { option: "deliveryTimeoutMs", reading: "number" },
  "cors-origin": { option: "corsOrigin", reading: "text" },
  "kit-origin": { option: "kitOrigins", reading: "text" },
  state: { option: "stateFile", reading: "text" },
  "max-answer-bytes": { option: "limits.maxAnswerBytes", reading: "number" },
  "max-filter-length": { option: "limits.maxFilterLength", reading: "number" },
  "max-glob-length": { option: "limits.maxGlobLength", reading: "number" },
  "max-filter-steps": { option: "limits.maxFilterSteps", reading: "number" },
  "max-fetch-ids": { option: "limits.maxFetchIds", reading: "number" },
  "max-batch-queries": { option: "limits.maxBatchQueries", reading: "number" },
  "max-top-k": { option: "limits.maxTopK", reading: "number" },
  "max-range-limit": { option: "limits.maxRangeLimit", reading: "number" },
  "max-namespaces": { option: "limits.maxNamespaces", reading: "number" },
  "max-retries": { option: "limits.maxRetries", reading: "number" },
  "max-report-body-bytes": { option: "limits.maxReportBodyBytes", reading: "number" },
  "max-kit-bytes": { option: "limits.maxKitBytes", reading: "number" },
  "log-polls": { option: "logPolls", reading: "switch" },
} as const satisfies Record<string, FlagRow>;

type OptionFlag = keyof typeof OPTION_FLAGS;
type ParseSpec = {
  [F in OptionFlag]: {
    type: (typeof OPTION_FLAGS)[F]["reading"] extends "switch" ? "boolean" : "string";
  };
};

// What parseArgs accepts, made from the table.
const FLAGS = {
  ...(Object.fromEntries(
    Object.entries(OPTION_FLAGS).map(([flag, row]) => [
      flag,
      { type: row.reading === "switch" ? "boolean" : "string" },
    ]),
  ) as ParseSpec),
  quiet: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Every flag's name, for the "did you mean" of an unknown flag. */
export const FLAG_NAMES: readonly string[] = Object.keys(FLAGS);

/** The flags as `parse` gives them: `true` for a switch given, the text of another. */
export type FlagValues = Partial<Record<string, string | boolean>>;

export function parse(argv: string[]): { values: FlagValues; positionals: string[] } {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: FLAGS });
}

/** What `--help` or `--version` prints instead of starting anything; undefined for neither. */
export function printedInstead(values: FlagValues): string | undefined {
  if (values.help) return HELP;
  if (values.version) return `${VERSION}\n`;
  return undefined;
}

function read(flag: string, reading: Reading, given: string | boolean): unknown {
  if (typeof given === "boolean" || reading === "text") return given;
  if (reading === "upper") return given.toUpperCase();
  const n = Number(given);
  if (given.trim() === "" || Number.isNaN(n)) {
    throw new UsageError(`--${flag} must be a number (got "${given}")`);
  }
  return n;
}

/** Sets `value` at `path` (`vector.metric`) in `options`. */
function place(options: Record<string, unknown>, path: string, value: unknown): void {
  const [head, field] = path.split(".") as [string, string | undefined];
  if (field === undefined) {
    options[head] = value;
    return;
  }
  const group = (options[head] ?? {}) as Record<string, unknown>;
  group[field] = value;
  options[head] = group;
}

/**
 * The options of `x-dev start` with these flags: each flag's value where the table puts it,
 * unchecked (startDevServer checks them). A UsageError for a number flag that is no number,
 * and for `--log-polls` with `--quiet`.
 */
export function startOptions(values: FlagValues): DevServerOptions {
  if (values["log-polls"] && values.quiet) {
    throw new UsageError(
      "--log-polls adds the dashboard's polls to the log, which --quiet turns off; drop one",
    );
  }
  const options: Record<string, unknown> = {
    host: "127.0.0.1",
    workflowPort: 8080,
    vectorPort: 8081,
    vector: {},
    limits: {},
  };
  for (const [flag, row] of Object.entries(OPTION_FLAGS)) {
    const given = values[flag];
    if (given !== undefined) place(options, row.option, read(flag, row.reading, given));
  }
  options.log = values.quiet ? ownLinesOnly(printLine) : printLine;
  return options as DevServerOptions;
}

const printLine = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/**
 * The log of `--quiet`: without the traffic (`[vector] POST /query 200 3 ms`, `[workflow]
 * run ...`), with what the server says of itself, its lines that begin `x-dev: ` (the state
 * file loaded, saved or not there yet, the runs dropped at stop): with `--state` they are
 * the only sign the state was kept.
 */
function ownLinesOnly(print: (line: string) => void): (line: string) => void {
  return (line) => {
    if (line.startsWith("x-dev: ")) print(line);
  };
}

/**
 * A startDevServer refusal in the CLI's words: the flag that set the option it names (`--dimension:
 * must be an integer from 1 to 65536 (got 0)`); undefined when no flag sets it.
 */
export function flagError(error: unknown): string | undefined {
  if (!(error instanceof ValidationError)) return undefined;
  const name = error.field.split(".").at(-1);
  for (const [flag, row] of Object.entries(OPTION_FLAGS)) {
    if (row.option.split(".").at(-1) === name) return `--${flag}: ${error.rule}`;
  }
  return undefined;
}
