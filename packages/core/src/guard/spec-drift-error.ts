import { brand } from "../errors/brand";
import { XError } from "../errors/errors";
import { describeDrift, type SpecDrift } from "./spec-drift";

// In its own module, not errors.ts: errors.ts is in every client's bundle, and this class
// (with its brand) only in the bundles of code that imports a spec guard.

/**
 * An answer of the service does not match the spec the client was generated from: thrown
 * by a spec guard in `"throw"` mode instead of the call's result. `drifts` says what
 * differed, by types and JSON pointers; it holds no value of the answer.
 */
export class SpecDriftError extends XError {
  /** Always `"SpecDriftError"`, so logs and `error.name` checks name the class. */
  override name = "SpecDriftError";
  /**
   * An error for the drifts of one answer.
   *
   * @example
   * ```ts
   * import { SpecDriftError } from "@x/vector/guard";
   *
   * const error = new SpecDriftError([
   *   {
   *     operation: "GET /info",
   *     status: 200,
   *     part: "body",
   *     pointer: "/result/dimension",
   *     expected: "integer",
   *     got: "string",
   *   },
   * ]);
   * console.log(error.drifts[0]?.pointer); // "/result/dimension"
   * ```
   */
  constructor(
    /** What differed from the spec, first to last as the answer was checked. */
    readonly drifts: readonly SpecDrift[],
  ) {
    super(messageOf(drifts));
  }
}

brand(SpecDriftError, "SpecDriftError");

function messageOf(drifts: readonly SpecDrift[]): string {
  const [first] = drifts;
  const what = first === undefined ? "an answer" : describeDrift(first);
  const more = drifts.length > 1 ? ` (and ${drifts.length - 1} more: see \`drifts\`)` : "";
  return (
    `The service answered off its spec: ${what}${more}. The result would not be what the ` +
    "client's types say. Update the client if the service has changed, or tell the " +
    'service\'s maintainers; a guard in mode "warn" or "collect" lets calls go on.'
  );
}
