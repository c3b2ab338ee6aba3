import { invalid } from "@x/core";

// Units in the one order the service documents (`1d10h30m`), each at most once.
const DELAY = new RegExp(`^${"dhms".replace(/./g, "(?:(\\d+(?:\\.\\d+)?)$&)?")}$`);

/**
 * Seconds in a delay such as `"10s"`, `"1.5h"` or `"1d10h30m"` (units d, h, m, s, in that
 * order, each at most once). Throws a `ValidationError` naming `field` otherwise.
 */
export function parseDelay(value: string, field = "delay"): number {
  const m = DELAY.exec(value);
  if (!value || !m)
    invalid(field, `"${value}" is not <number><d|h|m|s>..., e.g. "10s" or "1d10h30m"`);
  return [86400, 3600, 60, 1].reduce((sum, unit, i) => sum + +(m[i + 1] ?? 0) * unit, 0);
}

/** A delay option as sent: strings are checked, a number of seconds becomes `"<n>s"`. */
export function formatDelay(value: string | number, field = "delay"): string {
  const text =
    typeof value === "number"
      ? value >= 0 && value < 1e21
        ? `${value.toFixed(3).replace(/\.?0+$/, "")}s`
        : invalid(field, "must be a non-negative finite number of seconds")
      : value;
  parseDelay(text, field);
  return text;
}
