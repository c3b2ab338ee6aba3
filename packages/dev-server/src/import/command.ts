// `x-dev import`: a live vector index copied into a state file, with progress, Ctrl+C saving
// what was imported, and a re-run resuming where it stopped. Whatever the live index said
// (an error, a namespace name, a record id) is printed through `printable`: no terminal
// escape, no control character, and never the token, in any form.
import { AbortError } from "@x/core";
import { explainParseError, UsageError } from "../cli/usage.js";
import { plural } from "../plural.js";
import {
  IMPORT_FLAGS,
  IMPORT_USAGE,
  type ImportCommand,
  importCommand,
} from "./command-options.js";
import { printable } from "./printable.js";
import { progressReporter } from "./progress-line.js";
import { importIntoStateFile } from "./state-file-import.js";

/** The streams and signals the command uses; the process's own when run as `x-dev import`. */
export interface CommandIo {
  stdout: { write(text: string): unknown; isTTY?: boolean | undefined };
  stderr: { write(text: string): unknown };
  /** Calls `stop` on Ctrl+C (SIGINT) and SIGTERM; returns what undoes that. */
  onInterrupt(stop: () => void): () => void;
}

/**
 * Runs `x-dev import <args>` (the token from VECTOR_TOKEN in `env` when no --token); resolves
 * with the exit code (0, 1 failed, 2 usage, 130 interrupted).
 */
export async function runImportCommand(
  args: string[],
  io: CommandIo,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  let command: ImportCommand | "help";
  try {
    command = importCommand(args, env);
  } catch (error) {
    const usage =
      error instanceof UsageError
        ? error
        : explainParseError(error as Error, Object.keys(IMPORT_FLAGS));
    io.stderr.write(`x-dev: ${usage.message}\nRun "x-dev import --help" to see every option.\n`);
    return 2;
  }
  if (command === "help") {
    io.stdout.write(IMPORT_USAGE);
    return 0;
  }
  const { url, token, stateFile, namespaces, pageSize, maxRetries } = command;
  const shown = printable([token]);
  const controller = new AbortController();
  const undo = io.onInterrupt(() => controller.abort());
  const started = performance.now();
  const reporter = progressReporter(
    (text) => io.stdout.write(text),
    io.stdout.isTTY === true,
    () => performance.now() - started,
  );
  let records = 0;
  try {
    const result = await importIntoStateFile(stateFile, {
      url,
      token,
      namespaces,
      pageSize,
      maxRetries,
      signal: controller.signal,
      onProgress(progress) {
        records = progress.records;
        // Escaped as in JSON first: a control character shows as `\u001b`, not as nothing.
        const namespace = shown(JSON.stringify(progress.namespace).slice(1, -1));
        reporter.page({ ...progress, namespace });
      },
    });
    reporter.done();
    const seconds = (performance.now() - started) / 1000;
    const rate =
      seconds > 0 ? ` (${plural(Math.round(result.records / seconds), "record")}/s)` : "";
    io.stdout.write(
      `x-dev: imported ${plural(result.records, "record")} in ${plural(result.namespaces, "namespace")} into ${stateFile}${rate}; "x-dev start --state ${stateFile}" serves them\n`,
    );
    return 0;
  } catch (error) {
    reporter.done();
    const saved = `${plural(records, "record")} imported and saved to ${stateFile}; run the same command again to resume`;
    if (error instanceof AbortError) {
      io.stderr.write(`x-dev: import interrupted: ${saved}\n`);
      return 130;
    }
    const said = shown(error instanceof Error ? error.message : String(error));
    io.stderr.write(`x-dev: import stopped: ${said}\n${records > 0 ? `x-dev: ${saved}\n` : ""}`);
    return 1;
  } finally {
    undo();
  }
}
