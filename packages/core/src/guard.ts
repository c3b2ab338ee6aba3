/**
 * The spec guard's shared part, for the clients' own `/guard` entry points
 * (`@x/vector/guard`, `@x/workflow/guard`), which give it their spec's rules, and for the
 * dev server's probe. Not public: import `specGuard` and `SpecDriftError` from a client's
 * `/guard` entry. An entry point of its own, apart from `@x/core/internal`, so a client
 * bundle that does not import a guard does not even parse it.
 *
 * @internal
 * @module @x/core/internal/guard
 */
export type {
  DriftPart,
  OperationRules,
  ResponseRules,
  StatusRules,
} from "./guard/answer-check";
export type { ReportedDrift, SpecDrift } from "./guard/spec-drift";
export { driftPlace, SpecDriftError } from "./guard/spec-drift";
export type { SpecGuard, SpecGuardMode, SpecGuardOptions } from "./guard/spec-guard";
export { createSpecGuard, MAX_REPORTED } from "./guard/spec-guard";
export type { Schema } from "./schema/schema";
