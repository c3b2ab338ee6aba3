import type { ChainRequest, Next, Policy } from "../chain/policy";
import { readTextOf } from "../chain/read-body";
import { readableCopy } from "../chain/readable";
import { invalid } from "../errors/errors";
import { checkKnownKeys, checkObject } from "../options/known-keys";
import { checkLogger, type Logger } from "../options/log";
import {
  type AnswerDrift,
  checkAnswer,
  type OperationRules,
  type ResponseRules,
  wantsBody,
} from "./answer-check";
import { describeDrift, type ReportedDrift, type SpecDrift, SpecDriftError } from "./spec-drift";

// A policy of a client's call chain that checks every answer against the spec the client
// was generated from (the rules `pnpm gen` wrote from it) and, on a drift, warns, throws or
// keeps it, by its mode. Each client's `/guard` entry point gives it its own spec's rules.

/** What a spec guard does on a drift. */
export type SpecGuardMode = "warn" | "throw" | "collect";

/** Options of `specGuard()`. */
export interface SpecGuardOptions {
  /**
   * On a drift: `"warn"` (default) logs it once through `logger`; `"throw"` rejects the
   * call with a `SpecDriftError`; `"collect"` keeps it for `report()`, silently.
   */
  mode?: SpecGuardMode | undefined;
  /**
   * Where `"warn"` writes its lines (its `warn` method), whatever the client's `logLevel`;
   * `console` by default. Refused with the other modes, which write nothing.
   */
  logger?: Logger | undefined;
}

/** The most drifts `report()` keeps: past them, a new one is neither kept nor logged. */
export const MAX_REPORTED = 100;

/**
 * A spec guard: a policy for a client's `use`, and the drifts it saw.
 *
 * @example
 * ```ts
 * import { VectorIndex } from "@x/vector";
 * import { specGuard } from "@x/vector/guard";
 *
 * const index = VectorIndex.fromEnv();
 * const guard = specGuard({ mode: "throw" });
 * index.use(guard); // each answer of `index` is now checked
 * await index.info();
 * index.eject(guard);
 * ```
 */
export interface SpecGuard extends Policy {
  /** The guard's mode, as given or defaulted. */
  readonly mode: SpecGuardMode;
  /**
   * Every drift seen so far, in any mode, once per operation, status, part, place (an
   * array's elements are one place) and type that came, with how many answers had it;
   * oldest first, at most 100. Holds no value of any answer, and never the token.
   *
   * @example
   * ```ts
   * import { WorkflowClient } from "@x/workflow";
   * import { specGuard } from "@x/workflow/guard";
   *
   * const workflow = WorkflowClient.fromEnv();
   * const guard = specGuard({ mode: "collect" });
   * workflow.use(guard);
   * await workflow.trigger({ url: "https://example.com/api/workflow" });
   * for (const { operation, status, pointer, expected, got, count } of guard.report()) {
   *   console.warn(`${operation} ${status} ${pointer}: expected ${expected}, got ${got} (${count}x)`);
   * }
   * ```
   */
  report(): ReportedDrift[];
}

const MODES: readonly SpecGuardMode[] = ["warn", "throw", "collect"];
const OPTION_KEYS: Record<keyof SpecGuardOptions, true> = { mode: true, logger: true };

/** The options checked, with their defaults. */
function checkOptions(options: unknown): { mode: SpecGuardMode; logger: Logger } {
  const given = checkObject(options === undefined ? {} : options, "options", '{ mode: "collect" }');
  checkKnownKeys("specGuard", given, OPTION_KEYS);
  const { mode = "warn", logger } = given as { mode?: unknown; logger?: unknown };
  if (!MODES.includes(mode as SpecGuardMode)) {
    invalid("mode", 'must be "warn", "throw" or "collect"');
  }
  if (logger !== undefined && mode !== "warn") {
    invalid("logger", `is written only in mode "warn"; mode "${mode}" writes nothing`);
  }
  return {
    mode: mode as SpecGuardMode,
    logger: logger === undefined ? console : checkLogger(logger),
  };
}

/** The operation of a call, by its path template and method; undefined for one not in the spec. */
function operationOf(rules: ResponseRules, { template, method }: ChainRequest) {
  const methods = Object.hasOwn(rules, template) ? rules[template] : undefined;
  return methods?.[method.toUpperCase()] as OperationRules | undefined;
}

/**
 * The body of an answer, and the answer to hand on: the text the attempt read, when it read
 * it (the answer then goes on as it came, its body unread), else the body read here and a
 * copy holding it (an answer a policy further in made).
 */
async function bodyOf(response: Response): Promise<{ text: string; answered: Response }> {
  const read = readTextOf(response);
  if (read !== undefined) return { text: read, answered: response };
  const text = await response.text();
  return { text, answered: readableCopy(response, text) };
}

/** What a guard keeps across answers: each drift once, with its count; at most MAX_REPORTED. */
function createReport(mode: SpecGuardMode, logger: Logger) {
  const seen = new Map<string, ReportedDrift>();
  let full = false;
  /** Counts the drifts of one answer (each already once per place) and warns of new ones. */
  function record(operation: string, status: number, drifts: AnswerDrift[]): SpecDrift[] {
    const found = drifts.map((drift) => ({ operation, status, ...drift }));
    for (const drift of found) {
      const key = `${operation} ${status} ${drift.part} ${drift.pointer} ${drift.got}`;
      const known = seen.get(key);
      if (known) {
        known.count++;
      } else if (seen.size < MAX_REPORTED) {
        seen.set(key, { ...drift, count: 1 });
        if (mode === "warn") logger.warn(`[x] spec drift (logged once): ${describeDrift(drift)}`);
      } else if (!full) {
        full = true;
        if (mode === "warn") logger.warn(`[x] spec drift: ${MAX_REPORTED} kept; no new one is`);
      }
    }
    return found;
  }
  return { record, report: () => [...seen.values()].map((drift) => ({ ...drift })) };
}

/** A spec guard over one spec's `rules`; `options` are checked (see SpecGuardOptions). */
export function createSpecGuard(rules: ResponseRules, options?: SpecGuardOptions): SpecGuard {
  const { mode, logger } = checkOptions(options);
  const { record, report } = createReport(mode, logger);
  async function guard(request: ChainRequest, next: Next): Promise<Response> {
    const response = await next(request);
    const operation = operationOf(rules, request);
    if (operation === undefined) return response;
    const { status } = response;
    const { text, answered } = wantsBody(operation, status)
      ? await bodyOf(response)
      : { text: "", answered: response };
    const drifts = checkAnswer(operation, status, response.headers, text);
    if (drifts.length === 0) return answered;
    const found = record(operation.operation, status, drifts);
    if (mode === "throw") throw new SpecDriftError(found);
    return answered;
  }
  return Object.assign(guard, { mode, report });
}
