import { brand } from "../errors/brand";
import { XError } from "../errors/errors";
import type { DriftPart } from "./answer-check";

// What a guard reports, and the error it throws. Not in errors.ts, which is in every
// client's bundle: this is only in the bundles of code that imports a spec guard.

/** One way the service's answers differ from the spec the client was generated from. */
export interface SpecDrift {
  /** The operation, as the spec writes it: `POST /query/{namespace}`. */
  operation: string;
  /** The status of the answer. */
  status: number;
  /** Which part of the answer drifted: the status, its content type, a header, or the body. */
  part: DriftPart;
  /**
   * Where in that part: a JSON pointer into the body with each array index written `*`, so
   * the elements of an array are one place (`""` for the whole body; a property name the
   * spec does not declare is written `*` too), a header's name (`/retry-after`), or `""`
   * for the status and the content type.
   */
  pointer: string;
  /** What the spec expects there, such as `number`, `string, required` or `200 or 400`. */
  expected: string;
  /** What came: a type (`string`, `null`, `missing`), a status or a media type; never a value. */
  got: string;
}

/** A drift as `report()` lists it: how many answers had it. */
export interface ReportedDrift extends SpecDrift {
  /** Answers that had this drift, the first one included. */
  count: number;
}

/** Where a drift is, in words: `status`, `content-type`, `header x-id`, `body /result`, `body (whole)`. */
export function driftPlace(drift: Pick<SpecDrift, "part" | "pointer">): string {
  if (drift.part === "header") return `header ${drift.pointer.slice(1)}`;
  if (drift.part === "body") return `body ${drift.pointer || "(whole)"}`;
  return drift.part;
}

/** One drift in words: `POST /info 200 body /result/dimension: expected integer, got string`. */
export function describeDrift(drift: SpecDrift): string {
  const { operation, status, expected, got } = drift;
  return `${operation} ${status} ${driftPlace(drift)}: expected ${expected}, got ${got}`;
}

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
