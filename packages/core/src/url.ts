import { invalid } from "./errors";

// A "." or ".." segment (even as %2e) is resolved away when the request URL is parsed,
// which silently changes the URL, or for a URL carried in our path, climbs out of it.
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|$)/i;

/**
 * `value` if it is an absolute http(s) URL with no dot segments whose text also matches
 * `form`, else a ValidationError naming `field`. `form` lets a client demand the exact
 * shape its service reads: URL parsing quietly accepts `https:host`, tabs or an upper-case
 * scheme.
 */
export function httpUrl(value: unknown, field: string, form: RegExp = /^https?:\/\//i): string {
  try {
    if (
      typeof value === "string" &&
      form.test(value) &&
      !DOT_SEGMENT.test(value) &&
      new URL(value)
    ) {
      return value;
    }
  } catch {
    // reported below with the rule
  }
  return invalid(field, "must be an absolute http(s) URL without . or .. segments");
}
