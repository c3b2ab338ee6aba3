// What `x-dev` does with its arguments: parse, start both services, print the banner, stop on a signal.

import { dashboardUrl } from "../dashboard/index.js";
import { type CommandIo, runImportCommand } from "../import/command.js";
import { runProbe } from "../probe/probe.js";
import { startDevServer } from "../server/server.js";
import type { DevServerOptions } from "../server/server-options.js";
import { banner } from "./banner.js";
import { FLAG_NAMES, flagError, parse, printedInstead, startOptions } from "./options.js";
import { watchStarter } from "./parent.js";
import { commandError, explainParseError, UsageError } from "./usage.js";

/** Runs the command; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  // `import` has flags of its own (its --token is the live index's).
  if (argv[0] === "import") return runImportCommand(argv.slice(1), processIo, process.env);
  // `probe` too: see src/probe/.
  if (argv[0] === "probe") return runProbe(argv.slice(1), process.env, processIo);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    const usage = explainParseError(err as Error, FLAG_NAMES);
    process.stderr.write(`x-dev: ${usage.message}\nRun "x-dev --help" to see every option.\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const printed = printedInstead(values);
  if (printed !== undefined) {
    process.stdout.write(printed);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "start") {
    process.stderr.write(commandError(positionals));
    return 2;
  }
  let options: DevServerOptions;
  try {
    options = startOptions(values);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`x-dev: ${err.message}\n`);
    return 2;
  }

  let dev: Awaited<ReturnType<typeof startDevServer>>;
  try {
    dev = await startDevServer(options);
  } catch (err) {
    // A value startDevServer refused is a usage error, named by its flag.
    const usage = flagError(err);
    if (usage !== undefined) {
      process.stderr.write(`x-dev: ${usage}\nRun "x-dev --help" to see every option.\n`);
      return 2;
    }
    process.stderr.write(`x-dev: could not start: ${(err as Error).message}\n`);
    return 1;
  }
  process.stdout.write(
    banner({
      host: options.host ?? "127.0.0.1",
      workflowUrl: dev.workflowUrl,
      vectorUrl: dev.vectorUrl,
      dashboardUrl: dashboardUrl(dev.workflowUrl, dev.token),
      token: dev.token,
      vector: dev.vector.index,
      seeded: dev.seeded,
      ...(typeof values.seed === "string" ? { seedFile: values.seed } : {}),
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
      unwatch();
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
    const unwatch = watchStarter(stop);
  });
}

/** The process's streams and signals, as `x-dev import` uses them. */
const processIo: CommandIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  onInterrupt(stop) {
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    return () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    };
  },
};
