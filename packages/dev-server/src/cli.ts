#!/usr/bin/env node
import { parseArgs } from "node:util";
import { banner } from "./banner.js";
import { commandError, explainParseError, UsageError, VERSION } from "./cli-usage.js";
import { corsPolicy } from "./cors.js";
import { dashboardUrl } from "./dashboard/index.js";
import { startDevServer } from "./server.js";
import type { VectorLimits } from "./vector/limits.js";
import type { IndexType, Metric } from "./vector/types.js";
import type { WorkflowLimits } from "./workflow/limits.js";

const HELP = `Usage: x-dev start [options]

Runs local emulators of the workflow and vector services until Ctrl+C, with a dashboard of
runs and vectors at the workflow URL (the banner prints its address with the token).

Options:
  --host <host>            interface to bind (default 127.0.0.1)
  --workflow-port <port>   workflow service port (default 8080; 0 picks a free one)
  --vector-port <port>     vector service port (default 8081; 0 picks a free one)
  --token <token>          token both services accept (default: a random one, printed)
  --dimension <n>          dense dimension of the vector index (default 384)
  --metric <name>          COSINE | EUCLIDEAN | DOT_PRODUCT (default COSINE)
  --type <name>            DENSE | SPARSE | HYBRID (default DENSE)
  --seed <file>            JSON array or JSON Lines of vector records to upsert at start
                           ({ id, vector?, sparseVector?, metadata?, data?, namespace? })
  --clock <mode>           real (default) | manual: under manual, time stands still until
                           POST /v2/dev/clock (or the dashboard) advances it
  --time-scale <factor>    multiply workflow delays and backoff (0.01: 1 s becomes 10 ms)
  --delivery-timeout <ms>  cut a delivery attempt that takes longer (default 30000)
  --cors-origin <origins>  browser origins allowed to call, comma-separated (default *)
  --state <file>           load vectors and unfinished runs from FILE at start (if it
                           exists) and save them there on stop
  --quiet                  do not print one line per request and workflow event
  --log-polls              also print the dashboard's own polling requests
  -h, --help               show this help
  -v, --version            print the version of x-dev

Limits (the services state none; these are this server's, each answered with a 400):
  --max-answer-bytes <n>   bytes of records in one vector answer (default 67108864)
  --max-filter-length <n>  characters of a query filter (default 16384)
  --max-glob-length <n>    characters of one GLOB pattern (default 1024)
  --max-fetch-ids <n>      ids in one fetch (default 1000)
  --max-batch-queries <n>  queries in one batch query (default 100)
  --max-top-k <n>          topK of a query (default 1000)
  --max-range-limit <n>    limit of a range (default 1000)
  --max-retries <n>        largest Svc-Retries (default 100)
  --max-report-body-bytes <n>
                           bytes of an endpoint's answer kept in a failure report
                           (default 1048576; the report then says bodyTruncated)
  Request bodies over 10 MiB are refused with 413 on both services.

Dev-only routes, besides each service's own (same token):
  on the workflow port:
  GET /                    the dashboard
  GET /v2/dev/runs         every run with its attempts; ?state=retrying&label=a&limit=20
  GET /v2/dev/runs/<id>    one run
  DELETE /v2/dev/runs/<id> cancel a run: it is never delivered again
  GET /v2/dev/clock        { mode, now, nextDueAt? }
  POST /v2/dev/clock       {"advance":"1d"} or {"advanceMs":86400000} (--clock manual):
                           moves time and answers once the work due in between has run
  on the vector port:
  POST /upsert[/<ns>]      add or replace records { id, vector?, sparseVector?, metadata?, data? }
  POST /delete[/<ns>]      delete records: { ids: [...] }
  POST /reset              drop every namespace and empty the default one
  POST /scan[/<ns>]        records in id order through a filter: { cursor?, limit?, filter? }
`;

type LimitKey = keyof (VectorLimits & WorkflowLimits);

// Each limit's flag, the option it sets, and its smallest value.
const LIMIT_FLAGS = [
  ["max-answer-bytes", "maxAnswerBytes", 1],
  ["max-filter-length", "maxFilterLength", 1],
  ["max-glob-length", "maxGlobLength", 1],
  ["max-fetch-ids", "maxFetchIds", 1],
  ["max-batch-queries", "maxBatchQueries", 1],
  ["max-top-k", "maxTopK", 1],
  ["max-range-limit", "maxRangeLimit", 1],
  ["max-retries", "maxRetries", 0],
  ["max-report-body-bytes", "maxReportBodyBytes", 0],
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

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    const usage = explainParseError(err as Error, Object.keys(FLAGS));
    process.stderr.write(`x-dev: ${usage.message}\nRun "x-dev --help" to see every option.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "start") {
    process.stderr.write(commandError(positionals));
    return 2;
  }
  let options: Parameters<typeof startDevServer>[0];
  try {
    const timeScale = values["time-scale"] === undefined ? undefined : Number(values["time-scale"]);
    if (timeScale !== undefined && !(Number.isFinite(timeScale) && timeScale >= 0)) {
      throw new UsageError(`--time-scale must be a number >= 0 (got "${values["time-scale"]}")`);
    }
    const clock = values.clock;
    if (clock !== undefined && clock !== "real" && clock !== "manual") {
      throw new UsageError(`--clock must be real or manual (got "${clock}")`);
    }
    if (clock === "manual" && timeScale !== undefined) {
      throw new UsageError(
        "--time-scale cannot be combined with --clock manual; advance the clock instead",
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
    if (corsOrigin !== undefined) {
      try {
        corsPolicy(corsOrigin);
      } catch (err) {
        throw new UsageError(`--cors-origin: ${(err as Error).message}`);
      }
    }
    const limits: Partial<VectorLimits & WorkflowLimits> = {};
    for (const [flag, key, min] of LIMIT_FLAGS) {
      const text = values[flag];
      if (text !== undefined)
        limits[key] = integer(text, `--${flag}`, min, Number.MAX_SAFE_INTEGER);
    }
    options = {
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
      ...(values["log-polls"] ? { logPolls: true } : {}),
      ...(deliveryTimeoutMs !== undefined ? { deliveryTimeoutMs } : {}),
      ...(corsOrigin !== undefined ? { corsOrigin } : {}),
      ...(values.state !== undefined ? { stateFile: values.state } : {}),
      limits,
      ...(values.quiet ? {} : { log: (line: string) => process.stdout.write(`${line}\n`) }),
    };
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`x-dev: ${err.message}\n`);
    return 2;
  }

  let dev: Awaited<ReturnType<typeof startDevServer>>;
  try {
    dev = await startDevServer(options);
  } catch (err) {
    process.stderr.write(`x-dev: could not start: ${(err as Error).message}\n`);
    return 1;
  }
  process.stdout.write(
    banner({
      workflowUrl: dev.workflowUrl,
      vectorUrl: dev.vectorUrl,
      dashboardUrl: dashboardUrl(dev.workflowUrl, dev.token),
      token: dev.token,
      vector: dev.vector.index,
      seeded: dev.seeded,
      ...(values.seed !== undefined ? { seedFile: values.seed } : {}),
      clock: dev.clock.mode,
    }),
  );

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        resolve(1); // a second signal: leave at once
        return;
      }
      stopping = true;
      process.stdout.write(`x-dev: ${signal}, stopping\n`);
      dev.close().then(
        () => resolve(0),
        (err: unknown) => {
          process.stderr.write(`x-dev: error while stopping: ${(err as Error).message}\n`);
          resolve(1);
        },
      );
    };
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
  });
}

// The flags parseArgs accepts; their names also feed the "did you mean" of an unknown one.
const FLAGS = {
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
  "delivery-timeout": { type: "string" },
  "cors-origin": { type: "string" },
  state: { type: "string" },
  "max-answer-bytes": { type: "string" },
  "max-filter-length": { type: "string" },
  "max-glob-length": { type: "string" },
  "max-fetch-ids": { type: "string" },
  "max-batch-queries": { type: "string" },
  "max-top-k": { type: "string" },
  "max-range-limit": { type: "string" },
  "max-retries": { type: "string" },
  "max-report-body-bytes": { type: "string" },
  quiet: { type: "boolean" },
  "log-polls": { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: FLAGS });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`x-dev: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
