import { invalid } from "./errors";

/**
 * `value` if it is an absolute http(s) URL whose text also matches `form`, else a
 * ValidationError naming `field`. `form` lets a client demand the exact shape its service
 * reads: URL parsing quietly accepts `https:host`, tabs or an upper-case scheme.
 */
export function httpUrl(value: unknown, field: string, form = /^https?:\/\//i): string {
  try {
    if (typeof value === "string" && form.test(value) && new URL(value)) return value;
  } catch {
    // reported below with the rule
  }
  return invalid(field, "must be an absolute http:// or https:// URL");
}
