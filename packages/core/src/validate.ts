import { invalid } from "./errors";
import type { Optional } from "./optional";

// Checks of the client options the transport reads, each a small named rule, so a bad
// option is a ValidationError at construction rather than a confusing failure (or a
// retried ConnectionError) on the first call.

/**
 * Extra `RequestInit` fields for every call (`keepalive`, `cache`, `credentials`), and
 * undici's `dispatcher` on Node. The fields the client sets per call are excluded, and so
 * is `redirect`: redirects are never followed. The keys are named, not open, so a typo
 * such as `cach` fails to compile instead of being passed to fetch and ignored.
 */
export type FetchOptions = Optional<
  Omit<RequestInit, "method" | "headers" | "body" | "signal" | "redirect">
> & {
  /** Node's (undici's) `Dispatcher`: a connection pool, proxy or TLS settings. */
  dispatcher?: unknown;
};

/**
 * The token goes into a header or a URL as is. A line break or a space (often a file's
 * trailing newline) would be refused by fetch on every attempt, or cut the header; a
 * character outside ASCII cannot be sent in a header at all.
 */
const TOKEN_FORM = /^[\x21-\x7e]+$/;

export function checkToken(token: unknown): void {
  if (typeof token !== "string" || token === "") {
    invalid("token", "must be a non-empty string");
  }
  if (!TOKEN_FORM.test(token)) {
    invalid(
      "token",
      "must be visible ASCII characters only, without whitespace or control characters " +
        "(a token read from a file often ends in a newline: trim it)",
    );
  }
}

/** What to use instead of each `RequestInit` field the client sets itself. */
const SET_PER_CALL: Record<string, string> = {
  method: "is set by each call",
  body: "is set by each call",
  headers: "is set by each call; use defaultHeaders for headers on every call",
  signal: "is set by each attempt; pass a signal in the call's options",
  redirect: "is always manual: redirects are never followed",
};

export function checkFetchOptions(options: unknown): FetchOptions | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    return invalid("fetchOptions", "must be an object of RequestInit fields");
  }
  for (const field of Object.keys(options)) {
    const rule = SET_PER_CALL[field];
    if (rule) invalid(`fetchOptions.${field}`, rule);
  }
  return options as FetchOptions;
}
