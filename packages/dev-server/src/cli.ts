#!/usr/bin/env node
import { parseArgs } from "node:util";
import { corsPolicy } from "./cors.js";
import { startDevServer } from "./server.js";
import type { IndexType, Metric } from "./vector/types.js";

const HELP = `Usage: x-dev start [options]

Runs local emulators of the workflow and vector services until Ctrl+C.

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
  --time-scale <factor>    multiply workflow delays and backoff (0.01: 1 s becomes 10 ms)
  --delivery-timeout <ms>  cut a delivery attempt that takes longer (default 30000)
  --cors-origin <origins>  browser origins allowed to call, comma-separated (default *)
  --quiet                  do not print one line per request and workflow event
  -h, --help               show this help
`;

class UsageError extends Error {}

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
    process.stderr.write(`x-dev: ${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "start") {
    process.stderr.write(`x-dev: expected the command "start"\n\n${HELP}`);
    return 2;
  }
  let options: Parameters<typeof startDevServer>[0];
  try {
    const timeScale = values["time-scale"] === undefined ? undefined : Number(values["time-scale"]);
    if (timeScale !== undefined && !(Number.isFinite(timeScale) && timeScale >= 0)) {
      throw new UsageError(`--time-scale must be a number >= 0 (got "${values["time-scale"]}")`);
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
      ...(deliveryTimeoutMs !== undefined ? { deliveryTimeoutMs } : {}),
      ...(corsOrigin !== undefined ? { corsOrigin } : {}),
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
  const v = options.vector ?? {};
  const type = v.type ?? "DENSE";
  const shape =
    type === "SPARSE"
      ? "SPARSE"
      : `${type}, ${v.dimension ?? 384} dimensions, ${v.metric ?? "COSINE"}`;
  process.stdout.write(
    [
      "x-dev: local services are running",
      `  workflow  ${dev.workflowUrl}`,
      `  vector    ${dev.vectorUrl}  (${shape})`,
      `  token     ${dev.token}`,
      "Press Ctrl+C to stop.",
      "",
    ].join("\n"),
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

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      host: { type: "string" },
      "workflow-port": { type: "string" },
      "vector-port": { type: "string" },
      token: { type: "string" },
      dimension: { type: "string" },
      metric: { type: "string" },
      type: { type: "string" },
      seed: { type: "string" },
      "time-scale": { type: "string" },
      "delivery-timeout": { type: "string" },
      "cors-origin": { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`x-dev: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
