// The x-dev CLI's flags and the startDevServer options they make: parsed and checked here,
// apart from main.ts (which starts the server), so each flag's effect can be tested.
import { parseArgs } from "node:util";
import { corsPolicy } from "../http/cors.js";
import type { KitLimits } from "../kit/limits.js";
import type { DevServerOptions } from "../server/server-options.js";
import type { VectorLimits } from "../vector/limits.js";
import type { IndexType, Metric } from "../vector/types.js";
import type { WorkflowLimits } from "../workflow/limits.js";
import { HELP } from "./help.js";
import { UsageError, VERSION } from "./usage.js";

type LimitKey = keyof (VectorLimits & WorkflowLimits & KitLimits);

// Each limit's flag, the option it sets, and its smallest value.
const LIMIT_FLAGS = [
  ["max-answer-bytes", "maxAnswerBytes", 1],
  ["max-filter-length", "maxFilterLength", 1],
  ["max-glob-length", "maxGlobLength", 1],
  ["max-filter-steps", "maxFilterSteps", 1],
  ["max-fetch-ids", "maxFetchIds", 1],
  ["max-batch-queries", "maxBatchQueries", 1],
  ["max-top-k", "maxTopK", 1],
  ["max-range-limit", "maxRangeLimit", 1],
  ["max-namespaces", "maxNamespaces", 1],
  ["max-retries", "maxRetries", 0],
  ["max-report-body-bytes", "maxReportBodyBytes", 0],
  ["max-kit-bytes", "maxKitBytes", 1],
] as const satisfies readonly (readonly [string, LimitKey, number])[];

function integer(value: string, flag: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`${flag} must be an integer from ${min} to ${max} (got "${value}")`);
  return n;
}

function port(value: string | undefined, flag: string, fallback: number): number {
  return value === undefined ? fallback : integer(value, flag, 0, 65_535);
}

function oneOf<T extends string>(
  value: string | undefined,
  flag: string,
  allowed: T[],
): T | undefined {
  if (value === undefined) return undefined;
  const upper = value.toUpperCase() as T;
  if (!allowed.includes(upper))
    throw new UsageError(`${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
  return upper;
}

// The flags parseArgs accepts; their names also feed the "did you mean" of an unknown one.
export const FLAGS = {
  host: { type: "string" },
  "workflow-port": { type: "string" },
  "vector-port": { type: "string" },
  token: { type: "string" },
  dimension: { type: "string" },
  metric: { type: "string" },
  type: { type: "string" },
  seed: { type: "string" },
  "time-scale": { type: "string" },
  clock: { type: "string" },
  "start-at": { type: "string" },
  "random-seed": { type: "string" },
  "delivery-timeout": { type: "string" },
  "cors-origin": { type: "string" },
  "kit-origin": { type: "string" },
  state: { type: "string" },
  "max-answer-bytes": { type: "string" },
  "max-filter-length": { type: "string" },
  "max-glob-length": { type: "string" },
  "max-filter-steps": { type: "string" },
  "max-fetch-ids": { type: "string" },
  "max-batch-queries": { type: "string" },
  "max-top-k": { type: "string" },
  "max-range-limit": { type: "string" },
  "max-namespaces": { type: "string" },
  "max-retries": { type: "string" },
  "max-report-body-bytes": { type: "string" },
  "max-kit-bytes": { type: "string" },
  quiet: { type: "boolean" },
  "log-polls": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

export function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: FLAGS });
}

/** The flags as `parse` gives them. */
export type FlagValues = ReturnType<typeof parse>["values"];

/** What `--help` or `--version` prints instead of starting anything; undefined for neither. */
export function printedInstead(values: FlagValues): string | undefined {
  if (values.help) return HELP;
  if (values.version) return `${VERSION}\n`;
  return undefined;
}

/** The options of `x-dev start` with these flags; a UsageError for a bad or clashing one. */
export function startOptions(values: FlagValues): DevServerOptions {
  const timeScale = values["time-scale"] === undefined ? undefined : Number(values["time-scale"]);
  if (timeScale !== undefined && !(Number.isFinite(timeScale) && timeScale >= 0)) {
    throw new UsageError(`--time-scale must be a number >= 0 (got "${values["time-scale"]}")`);
  }
  const clock = values.clock;
  if (clock !== undefined && clock !== "real" && clock !== "manual") {
    throw new UsageError(`--clock must be real or manual (got "${clock}")`);
  }
  const startAt = values["start-at"];
  if (startAt !== undefined && clock !== "manual") {
    throw new UsageError("--start-at sets where the manual clock starts; add --clock manual");
  }
  const randomSeed =
    values["random-seed"] === undefined
      ? undefined
      : integer(values["random-seed"], "--random-seed", 0, Number.MAX_SAFE_INTEGER);
  if (clock === "manual" && timeScale !== undefined) {
    throw new UsageError(
      "--time-scale cannot be combined with --clock manual; advance the clock instead",
    );
  }
  if (values["log-polls"] && values.quiet) {
    throw new UsageError(
      "--log-polls adds the dashboard's polls to the log, which --quiet turns off; drop one",
    );
  }
  const metric = oneOf<Metric>(values.metric, "--metric", ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]);
  const type = oneOf<IndexType>(values.type, "--type", ["DENSE", "SPARSE", "HYBRID"]);
  const dimension =
    values.dimension === undefined
      ? undefined
      : integer(values.dimension, "--dimension", 1, 65_536);
  const deliveryTimeoutMs =
    values["delivery-timeout"] === undefined
      ? undefined
      : integer(values["delivery-timeout"], "--delivery-timeout", 1, 2 ** 31 - 1);
  const corsOrigin = values["cors-origin"];
  const kitOrigins = values["kit-origin"];
  for (const [flag, value] of [
    ["--cors-origin", corsOrigin],
    ["--kit-origin", kitOrigins],
  ] as const) {
    if (value === undefined) continue;
    try {
      corsPolicy(value, flag === "--kit-origin" ? "kitOrigins" : "corsOrigin");
    } catch (err) {
      throw new UsageError(`${flag}: ${(err as Error).message}`);
    }
  }
  const limits: Partial<VectorLimits & WorkflowLimits & KitLimits> = {};
  for (const [flag, key, min] of LIMIT_FLAGS) {
    const text = values[flag];
    if (text !== undefined) limits[key] = integer(text, `--${flag}`, min, Number.MAX_SAFE_INTEGER);
  }
  return {
    host: values.host ?? "127.0.0.1",
    workflowPort: port(values["workflow-port"], "--workflow-port", 8080),
    vectorPort: port(values["vector-port"], "--vector-port", 8081),
    vector: {
      ...(dimension !== undefined ? { dimension } : {}),
      ...(metric ? { metric } : {}),
      ...(type ? { type } : {}),
    },
    ...(values.token !== undefined ? { token: values.token } : {}),
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    ...(timeScale !== undefined ? { timeScale } : {}),
    ...(clock !== undefined ? { clock } : {}),
    ...(startAt !== undefined ? { startAt } : {}),
    ...(randomSeed !== undefined ? { randomSeed } : {}),
    ...(values["log-polls"] ? { logPolls: true } : {}),
    ...(deliveryTimeoutMs !== undefined ? { deliveryTimeoutMs } : {}),
    ...(corsOrigin !== undefined ? { corsOrigin } : {}),
    ...(kitOrigins !== undefined ? { kitOrigins } : {}),
    ...(values.state !== undefined ? { stateFile: values.state } : {}),
    limits,
    ...(values.quiet ? {} : { log: (line: string) => process.stdout.write(`${line}\n`) }),
  };
}
