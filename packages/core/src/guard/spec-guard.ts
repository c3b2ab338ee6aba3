import type { MiddlewareCallbackParams } from "openapi-fetch";
import { invalid } from "../errors/errors";
import { checkKnownKeys, checkObject } from "../options/known-keys";
import { checkLogger, type Logger } from "../options/log";
import { type AnswerDrift, checkAnswer, wantsBody } from "./answer-check";
import type { OperationRules, ResponseRules } from "./rule-types";
import { describeDrift, type ReportedDrift, type SpecDrift } from "./spec-drift";
import { SpecDriftError } from "./spec-drift-error";

// A middleware that checks every answer a client gets against the spec the client was
// generated from (the rules `pnpm gen` wrote from it) and, on a drift, warns, throws or
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
   * Where `"warn"` writes its lines (its `warn` method), whatever the client's `logLevel`:
   * choosing `"warn"` asks for them. Give the client's own `logger` to keep its lines
   * together; `console` by default, as for the clients.
   */
  logger?: Logger | undefined;
}

/** A spec guard: middleware for a client's `use`, and the drifts it saw. */
export interface SpecGuard {
  /**
   * Checks each answer; as openapi-fetch middleware, it works for the methods and `api`
   * alike. Called by the client once `use` added the guard, not by you.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   * import { specGuard } from "@x/vector/guard";
   *
   * const index = VectorIndex.fromEnv();
   * const guard = specGuard({ mode: "throw" });
   * index.use(guard); // each answer of `index`, and of `index.api`, now passes `onResponse`
   * await index.api.GET("/info");
   * index.eject(guard);
   * ```
   */
  onResponse(
    params: MiddlewareCallbackParams & { response: Response },
  ): Promise<Response | undefined>;
  /** The guard's mode, as given or defaulted. */
  readonly mode: SpecGuardMode;
  /**
   * Every drift seen so far, in any mode, once per operation, status, part and place (an
   * array's elements are one place), with how many answers had it; oldest first. Holds no
   * value of any answer, and never the token.
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
  if (options === undefined) return { mode: "warn", logger: console };
  const given = checkObject(options, "options", '{ mode: "collect" }');
  checkKnownKeys("specGuard", given, OPTION_KEYS);
  const { mode = "warn", logger } = given as { mode?: unknown; logger?: unknown };
  if (!MODES.includes(mode as SpecGuardMode)) {
    invalid("mode", 'must be "warn", "throw" or "collect"');
  }
  return {
    mode: mode as SpecGuardMode,
    logger: logger === undefined ? console : checkLogger(logger),
  };
}

/**
 * The operations of a path template: the one operation when it has one method (most do),
 * so the guard need not read the request to learn its method; else each by method.
 */
type PathRules = OperationRules | Readonly<Record<string, OperationRules>>;

function indexRules(rules: ResponseRules): Map<string, PathRules> {
  const byPath = new Map<string, PathRules>();
  for (const [path, methods] of Object.entries(rules)) {
    const operations = Object.values(methods);
    byPath.set(path, operations.length === 1 && operations[0] ? operations[0] : methods);
  }
  return byPath;
}

/** The operation a callback's call is of, or undefined for a path the spec does not have. */
function operationOf(
  byPath: Map<string, PathRules>,
  params: MiddlewareCallbackParams,
): OperationRules | undefined {
  const rules = byPath.get(params.schemaPath);
  if (rules === undefined || "responses" in rules) return rules as OperationRules | undefined;
  // Reading the request is what builds it: only for a path with several methods.
  const method = params.request.method.toUpperCase();
  return Object.hasOwn(rules, method) ? rules[method] : undefined;
}

/**
 * The answer again, its body the text already read (as the call would read it), so the
 * call, `asResponse()` or openapi-fetch (for `api`) reads it as if no one had. It names the
 * same URL.
 */
function copyOf(response: Response, text: string): Response {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  const copy = new Response(empty ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}

/** A spec guard over one spec's `rules`; `options` are checked (see SpecGuardOptions). */
export function createSpecGuard(rules: ResponseRules, options?: SpecGuardOptions): SpecGuard {
  const { mode, logger } = checkOptions(options);
  const byPath = indexRules(rules);
  const seen = new Map<string, ReportedDrift>();

  /**
   * The drifts of one answer, once per place (an array's elements are one place), counted
   * in the report; `fresh` are those the guard had not seen before.
   */
  function record(
    operation: string,
    status: number,
    drifts: AnswerDrift[],
  ): { unique: SpecDrift[]; fresh: SpecDrift[] } {
    const unique: SpecDrift[] = [];
    const fresh: SpecDrift[] = [];
    const thisAnswer = new Set<string>();
    for (const { location, ...drift } of drifts) {
      const key = `${operation} ${status} ${drift.part} ${location}`;
      if (thisAnswer.has(key)) continue;
      thisAnswer.add(key);
      const found = { operation, status, ...drift };
      unique.push(found);
      const known = seen.get(key);
      if (known) {
        known.count++;
      } else {
        seen.set(key, { ...found, count: 1 });
        fresh.push(found);
      }
    }
    return { unique, fresh };
  }

  return {
    mode,
    report: () => [...seen.values()].map((drift) => ({ ...drift })),
    async onResponse(params) {
      const rules = operationOf(byPath, params);
      if (rules === undefined) return undefined;
      const { response } = params;
      const { status } = response;
      let text = "";
      let answered: Response | undefined;
      if (wantsBody(rules, status)) {
        // Read once and handed on as a copy: cheaper than reading a clone (its body is teed).
        text = await response.text();
        answered = copyOf(response, text);
      }
      const drifts = checkAnswer(rules, status, response.headers, text);
      if (drifts.length === 0) return answered;
      const { unique, fresh } = record(rules.operation, status, drifts);
      if (mode === "throw") throw new SpecDriftError(unique);
      if (mode === "warn") {
        for (const drift of fresh)
          logger.warn(`[x] spec drift (logged once): ${describeDrift(drift)}`);
      }
      return answered;
    },
  };
}
