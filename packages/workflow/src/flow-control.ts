import { checkKnownKeys, checkObject, invalid, type KeyList, quote } from "@x/core/internal";
import { formatDelay, parseDelay } from "./delay";

/** Limits of one flow-control key; `period` is in seconds. */
export interface FlowControlLimits {
  /** Most runs in flight with the key at any time; a positive integer. */
  parallelism?: number;
  /** Most starts per `period` with the key; a positive integer. */
  rate?: number;
  /** Seconds over which `rate` counts (default 1). */
  period?: number;
}

/** The `flowControl` option of a trigger. */
export interface FlowControl {
  /** Runs that share a key share its limits. */
  key: string;
  /** At most this many runs in flight. */
  parallelism?: number | undefined;
  /** At most this many starts per `period`. */
  rate?: number | undefined;
  /** Window of `rate`: a delay such as `"1m"`, or seconds. Defaults to 1 s on the service. */
  period?: string | number | undefined;
}

const FIELD = "flowControl";

const FLOW_CONTROL_KEYS: KeyList<FlowControl> = {
  key: true,
  parallelism: true,
  rate: true,
  period: true,
};

/** The parts of a value, in the only order the service reads them. */
const PART_ORDER = ["parallelism", "rate", "period"];

/**
 * Reads a `Svc-Flow-Control-Value` such as `parallelism=1, rate=10, period=1m`: parts in
 * that order, each optional, but parallelism or rate is required, counts are positive
 * integers and period (a delay, returned in seconds) needs rate.
 *
 * @example
 * ```ts
 * import { parseFlowControlValue } from "@x/workflow/internal";
 *
 * const { parallelism, rate, period } = parseFlowControlValue("parallelism=1, rate=10, period=1m");
 * console.log(parallelism, rate, period); // 1 10 60
 * ```
 */
export function parseFlowControlValue(text: string): FlowControlLimits {
  const limits: FlowControlLimits = {};
  const trimmed = text.trim();
  const parts = trimmed === "" ? [] : trimmed.split(/\s*,\s*/);
  let previous = -1;
  for (const part of parts) {
    const [, name = "", value = ""] = /^(\w+)=(.*)$/.exec(part) ?? [];
    const position = PART_ORDER.indexOf(name);
    if (position <= previous) {
      invalid(FIELD, `${quote(part)} is not parallelism=<n>, rate=<n>, period=<delay> in order`);
    }
    previous = position;
    if (name === "period") limits.period = positivePeriod(value);
    if (name === "rate") limits.rate = positiveCount("rate", value);
    if (name === "parallelism") limits.parallelism = positiveCount("parallelism", value);
  }
  if (limits.period !== undefined && limits.rate === undefined) invalid(FIELD, "period needs rate");
  if (limits.parallelism === undefined && limits.rate === undefined) {
    invalid(FIELD, "needs parallelism or rate");
  }
  return limits;
}

/** A count: a positive integer that stays exact as a number. */
function positiveCount(name: string, text: string): number {
  const count = Number(text);
  if (!/^\d+$/.test(text) || count === 0) invalid(FIELD, `${name} must be a positive integer`);
  if (!Number.isSafeInteger(count)) {
    invalid(FIELD, `${name} must be at most ${Number.MAX_SAFE_INTEGER}`);
  }
  return count;
}

function positivePeriod(text: string): number {
  const seconds = parseDelay(text, FIELD);
  if (seconds === 0) invalid(FIELD, "period must be positive");
  return seconds;
}

/**
 * The header value for the given limits, validated with the parser above.
 *
 * @example
 * ```ts
 * import { formatFlowControl } from "@x/workflow/internal";
 *
 * formatFlowControl({ key: "user-1", rate: 10, period: "1m" }); // "rate=10, period=1m"
 * ```
 */
export function formatFlowControl(flowControl: FlowControl): string {
  checkObject(flowControl, FIELD, '{ key: "user-1", rate: 10 }');
  checkKnownKeys(`trigger ${FIELD}`, flowControl, FLOW_CONTROL_KEYS, `${FIELD}.`);
  const { parallelism, rate, period } = flowControl;
  const parts: string[] = [];
  if (parallelism != null) parts.push(`parallelism=${parallelism}`);
  if (rate != null) parts.push(`rate=${rate}`);
  if (period != null) parts.push(`period=${formatDelay(period, FIELD)}`);
  const text = parts.join(", ");
  parseFlowControlValue(text);
  return text;
}
