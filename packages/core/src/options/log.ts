import { invalid } from "../errors/errors";
import { readEnv } from "./env";

// Observability in the style of openai-node: a `logger` (console by default) and a
// `logLevel` ("off" by default). Lines name the call (method and URL without query), its
// status or error class, durations, attempt numbers and retry waits; never the token, a
// header or a body, so a log cannot leak them.

/** Any object with these four methods, such as `console`, pino or winston. */
export interface Logger {
  /**
   * Not called today: every line has a level of its own below, and "debug" logs what
   * "info" does. Part of the shape so that `console` and the usual loggers fit.
   *
   * @example
   * ```ts
   * import type { Logger } from "@x/core";
   * import { VectorIndex } from "@x/vector";
   *
   * // Calls and retries on stderr, failures on stdout.
   * const logger: Logger = {
   *   debug: () => {},
   *   info: (message) => process.stderr.write(`${message}\n`),
   *   warn: (message) => process.stderr.write(`${message}\n`),
   *   error: (message) => process.stdout.write(`${message}\n`),
   * };
   * const index = VectorIndex.fromEnv(undefined, { logger, logLevel: "info" });
   * ```
   */
  debug(message: string, ...details: unknown[]): void;
  /**
   * Receives one line for every call that succeeded (at "info" or "debug").
   *
   * @example
   * ```ts
   * import { WorkflowClient } from "@x/workflow";
   *
   * // `console` is a Logger: one line per call that succeeded, and every retry and failure.
   * const wf = WorkflowClient.fromEnv(undefined, { logger: console, logLevel: "info" });
   * ```
   */
  info(message: string, ...details: unknown[]): void;
  /**
   * Receives one line for every attempt that is retried (at "warn", "info" or "debug").
   *
   * @example
   * ```ts
   * import type { Logger } from "@x/core";
   * import { VectorIndex } from "@x/vector";
   *
   * const retries: string[] = [];
   * const logger: Logger = { ...console, warn: (message) => retries.push(message) };
   * const index = VectorIndex.fromEnv(undefined, { logger, logLevel: "warn" });
   * ```
   */
  warn(message: string, ...details: unknown[]): void;
  /**
   * Receives one line for every call that failed (at any level but "off").
   *
   * @example
   * ```ts
   * import type { Logger } from "@x/core";
   * import { WorkflowClient } from "@x/workflow";
   *
   * const logger: Logger = {
   *   ...console,
   *   error: (message) => console.error(JSON.stringify({ level: "error", message })),
   * };
   * const wf = WorkflowClient.fromEnv(undefined, { logger, logLevel: "error" });
   * ```
   */
  error(message: string, ...details: unknown[]): void;
}

/**
 * How much the client logs: nothing (default), failures, retries too, or every call too.
 * "debug" is accepted and logs what "info" does.
 */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

const LEVELS: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

const LEVEL_RULE = 'must be "off", "error", "warn", "info" or "debug"';

/** `value` if it is a log level, else a ValidationError naming `field`. */
function checkLogLevel(value: unknown, field: string): LogLevel {
  if (typeof value === "string" && Object.hasOwn(LEVELS, value)) return value as LogLevel;
  return invalid(field, LEVEL_RULE);
}

/** The log level set by the `X_LOG` environment variable, if any (read by `fromEnv`). */
export function readLogLevel(env?: object): LogLevel | undefined {
  const value = readEnv("X_LOG", env);
  return value === undefined ? undefined : checkLogLevel(value, "X_LOG");
}

/** `value` if it is a Logger (an object with the four methods), else a ValidationError naming `logger`. */
export function checkLogger(value: unknown): Logger {
  const methods = ["debug", "info", "warn", "error"] as const;
  const logger = value as Partial<Record<(typeof methods)[number], unknown>> | null;
  if (typeof logger !== "object" || logger === null) {
    return invalid("logger", "must be an object with debug, info, warn and error methods");
  }
  for (const method of methods) {
    if (typeof logger[method] !== "function") invalid("logger", `has no ${method} method`);
  }
  return value as Logger;
}

/** One attempt of a call, as logged. */
export interface AttemptRecord {
  /** HTTP method of the call. */
  method: string;
  /** Without the query, which may hold the token. */
  url: string;
  /** Which attempt this was, counting from 1. */
  attempt: number;
  /**
   * The most attempts the call could make: 1 plus its `maxRetries`, or 1 for a request that
   * cannot be sent again (a streamed body). The same on every attempt of the call, however
   * it ends (`attempt 1 of 3` for a first-time success with `maxRetries: 2`).
   */
  attempts: number;
  /** The response status, or the error's class (and code) when no response came. */
  outcome: string;
  /** How long this attempt took, in milliseconds. */
  durationMs: number;
  /** The wait before the next attempt, when there is one. */
  retryInMs?: number;
}

/**
 * The line of one attempt: `POST https://h/query -> 503 in 12 ms (attempt 1 of 3); retrying
 * in 500 ms`. The attempt is counted only where a retry followed or came before: a first
 * attempt that ended the call (a 401 is never retried) says nothing of attempts it never
 * could make.
 */
function describeAttempt(record: AttemptRecord): string {
  const { method, url, outcome, durationMs, attempt, attempts, retryInMs } = record;
  const wait = retryInMs === undefined ? "" : `; retrying in ${Math.round(retryInMs)} ms`;
  const counted =
    attempt > 1 || retryInMs !== undefined ? ` (attempt ${attempt} of ${attempts})` : "";
  return `[x] ${method} ${url} -> ${outcome} in ${Math.round(durationMs)} ms${counted}${wait}`;
}

/** What the log hears of one attempt: its record, and whether it ended the call in failure. */
export type AttemptLog = (record: AttemptRecord, failed: boolean) => void;

/**
 * The log of a client configured with `logger` and `logLevel` (both checked): each attempt
 * gives one line at the level of its outcome (warn: retried; info: the success that ended
 * the call; error: the failure that ended it), or undefined when the level logs nothing.
 * "debug" shows the same lines as "info". A logger given without a level logs at "warn":
 * at "off" it would receive nothing, in silence.
 */
export function attemptLog(logger: unknown, logLevel: unknown): AttemptLog | undefined {
  const chosen = logLevel ?? (logger === undefined ? "off" : "warn");
  const level = LEVELS[checkLogLevel(chosen, "logLevel")];
  const sink = logger === undefined ? console : checkLogger(logger);
  if (level === LEVELS.off) return undefined;
  return (record, failed) => {
    if (record.retryInMs !== undefined) {
      if (level >= LEVELS.warn) sink.warn(describeAttempt(record));
    } else if (failed) {
      sink.error(describeAttempt(record));
    } else if (level >= LEVELS.info) {
      sink.info(describeAttempt(record));
    }
  };
}
