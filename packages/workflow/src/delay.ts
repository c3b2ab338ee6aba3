import { invalid } from "@x/core";

const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * Seconds in a delay such as `"10s"`, `"1.5h"` or `"1d10h30m"`: one or more
 * `<number><s|m|h|d>` terms that add up, in any order. Throws a `ValidationError`
 * naming `field` otherwise.
 */
export function parseDelay(value: string, field = "delay"): number {
  if (!/^(?:\d+(?:\.\d+)?[smhd])+$/.test(value)) {
    invalid(field, `"${value}" is not like "10s", "1.5h" or "1d10h30m"`);
  }
  let seconds = 0;
  for (const [, n, unit] of value.matchAll(/([\d.]+)(.)/g)) seconds += +n! * UNIT[unit!]!;
  return seconds;
}

/** A delay option as sent: strings are checked, a number of seconds becomes `"<n>s"`. */
export function formatDelay(value: string | number, field = "delay"): string {
  const text =
    typeof value === "number"
      ? value >= 0 && value < 1e21
        ? `${+value.toFixed(3)}s`
        : invalid(field, "must be a non-negative finite number of seconds")
      : value;
  parseDelay(text, field);
  return text;
}
