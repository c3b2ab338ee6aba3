import { invalid } from "@x/core";

/**
 * `value` if it is an absolute http(s) URL that also matches `form`, else a ValidationError.
 * The form matters because the service reads URLs as sent: `https:host`, a tab or an
 * upper-case scheme pass URL parsing (which normalises them) but not the service.
 */
export function webUrl(value: unknown, field: string, form: RegExp): string {
  try {
    if (typeof value === "string" && form.test(value) && new URL(value)) return value;
  } catch {
    // reported below with the rule
  }
  return invalid(field, "must be an absolute http:// or https:// URL");
}
