/**
 * The spec guard of `@x/vector`: a policy that checks every answer of the vector service
 * against the spec the client was generated from, and warns, throws or collects when the
 * service drifts from it. Its own entry point, so a bundle that does not import it does not
 * carry the spec's response rules.
 *
 * @module @x/vector/guard
 */

import type { SpecGuard, SpecGuardOptions } from "@x/core";
import { createSpecGuard } from "@x/core/internal/guard";
import { responseRules } from "./generated/responses";

export type {
  DriftPart,
  ReportedDrift,
  SpecDrift,
  SpecGuard,
  SpecGuardMode,
  SpecGuardOptions,
} from "@x/core";
export { SpecDriftError } from "@x/core";

/**
 * A spec guard for a `VectorIndex`: add it with `index.use(guard)`. Each answer's status,
 * content type, required headers and body are checked against the vector spec; a drift is
 * told by operation, status, JSON pointer, what was expected and what type came, never by
 * a value of the answer or the token. Bad options throw a `ValidationError`.
 *
 * @example
 * ```ts
 * import { VectorIndex } from "@x/vector";
 * import { specGuard } from "@x/vector/guard";
 *
 * const index = VectorIndex.fromEnv();
 * const guard = specGuard({ mode: "collect" });
 * index.use(guard);
 * await index.info();
 * for (const drift of guard.report()) console.log(drift.operation, drift.pointer, drift.got);
 * ```
 */
export function specGuard(options?: SpecGuardOptions): SpecGuard {
  return createSpecGuard(responseRules, options);
}
