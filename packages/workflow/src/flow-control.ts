import { invalid } from "@x/core";
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
  parallelism?: number;
  /** At most this many starts per `period`. */
  rate?: number;
  /** Window of `rate`: a delay such as `"1m"`, or seconds. Defaults to 1 s on the service. */
  period?: string | number;
}

const F = "flowControl";

const NAMES = ["parallelism", "rate", "period"];

/**
 * Reads a `Svc-Flow-Control-Value` such as `parallelism=1, rate=10, period=1m`: parts in
 * that order, each optional, but parallelism or rate is required, counts are positive
 * integers and period (a delay, returned in seconds) needs rate.
 */
export function parseFlowControlValue(text: string): FlowControlLimits {
  const limits: Record<string, number> = {};
  let last = -1;
  for (const part of text.trim() ? text.trim().split(/\s*,\s*/) : []) {
    const [, name = "", value = ""] = /^(\w+)=(.*)$/.exec(part) ?? [];
    const at = NAMES.indexOf(name);
    if (at <= last)
      invalid(F, `"${part}" is not parallelism=<n>, rate=<n>, period=<delay> in order`);
    last = at;
    limits[name] =
      (at > 1 ? parseDelay(value, F) : /^\d+$/.test(value) && +value) ||
      invalid(F, `${name} must be ${at > 1 ? "positive" : "a positive integer"}`);
  }
  if (limits.period && !limits.rate) invalid(F, "period needs rate");
  if (!limits.parallelism && !limits.rate) invalid(F, "needs parallelism or rate");
  return limits;
}

/** The header value for the given limits, validated with the parser above. */
export function formatFlowControl({ parallelism, rate, period }: FlowControl): string {
  const text = Object.entries({
    parallelism,
    rate,
    period: period == null ? period : formatDelay(period, F),
  })
    .filter((part) => part[1] != null)
    .map((part) => part.join("="))
    .join(", ");
  parseFlowControlValue(text);
  return text;
}
