import { invalid, quote } from "@x/core/internal";
import { matchesOf } from "./matches";

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** One or more `<number><unit>` terms, e.g. `10s`, `1.5h`, `1d10h30m`. */
const DELAY = /^(?:\d+(?:\.\d+)?[smhd])+$/;
const TERM = /(\d+(?:\.\d+)?)([smhd])/g;

/** The longest delay in seconds: beyond it seconds lose precision, and 400 digits are Infinity. */
export const MAX_DELAY_SECONDS: number = Number.MAX_SAFE_INTEGER;

/**
 * Seconds in a delay such as `"10s"`, `"1.5h"` or `"1d10h30m"`: one or more
 * `<number><s|m|h|d>` terms that add up, in any order, at most `MAX_DELAY_SECONDS` in all.
 * Throws a `ValidationError` naming `field` otherwise.
 *
 * @example
 * ```ts
 * import { parseDelay } from "@x/workflow/internal";
 *
 * parseDelay("1d10h30m"); // 124200
 * parseDelay("1.5h"); // 5400
 * ```
 */
export function parseDelay(value: string, field = "delay"): number {
  if (typeof value !== "string" || !DELAY.test(value)) {
    invalid(field, `${quote(value)} is not like "10s", "1.5h" or "1d10h30m"`);
  }
  let seconds = 0;
  for (const [, amount, unit] of matchesOf(TERM, value)) {
    seconds += Number(amount) * (UNIT_SECONDS[unit ?? ""] ?? 0);
  }
  if (!(seconds <= MAX_DELAY_SECONDS)) {
    invalid(field, `${quote(value)} is longer than ${MAX_DELAY_SECONDS} seconds`);
  }
  return seconds;
}

/**
 * A delay option as sent: strings are checked, a number of seconds becomes `"<n>s"`.
 *
 * @example
 * ```ts
 * import { formatDelay } from "@x/workflow";
 *
 * formatDelay(90); // "90s"
 * formatDelay("1h30m"); // "1h30m"
 * ```
 */
export function formatDelay(value: string | number, field = "delay"): string {
  if (typeof value !== "number") {
    parseDelay(value, field);
    return value;
  }
  if (!(value >= 0 && Number.isFinite(value))) {
    invalid(field, "must be a non-negative finite number of seconds");
  }
  if (value > MAX_DELAY_SECONDS) invalid(field, `must be at most ${MAX_DELAY_SECONDS} seconds`);
  // Milliseconds are the finest step the service's delays are worth sending.
  return `${Number(value.toFixed(3))}s`;
}
