import { invalid } from "../errors/errors";
import { quote } from "../errors/quote";

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

/**
 * `value` if it is an absolute http(s) URL whose path does not already end in what the
 * client appends itself (`appended`, e.g. `/v2/trigger`), else a ValidationError naming
 * `field` that quotes the URL (origin and path only: never a query, where a token may be)
 * and says what to drop.
 */
export function checkBaseUrl(value: unknown, field: string, appended: RegExp): string {
  const url = httpUrl(value, field);
  const { origin, pathname } = new URL(url);
  const match = appended.exec(pathname);
  if (match) {
    const kept = origin + pathname.slice(0, match.index);
    invalid(
      field,
      `${quote(origin + pathname)} already ends in ${quote(match[0])}, which the client appends itself; drop it: ${quote(kept)}`,
    );
  }
  return url;
}
