import { invalid } from "./errors";
import { quote } from "./quote";
import { httpUrl } from "./url";

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
