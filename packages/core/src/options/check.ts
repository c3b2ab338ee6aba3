import { invalid } from "../errors/errors";
import type { ClientOptions, FetchOptions, RequestOptions } from "./client-options";
import { checkHeaderRecord } from "./headers";
import { checkKnownKeys, checkObject, type KeyList } from "./known-keys";

// The checks of the options a client and a call take, each a small named rule, so a bad
// option is an error at construction (a ConfigurationError) or at the call's start (a
// ValidationError), rather than a confusing failure on the first attempt.

const REQUEST_OPTION_KEYS: KeyList<RequestOptions> = {
  signal: true,
  timeoutMs: true,
  maxRetries: true,
  maxResponseBytes: true,
  headers: true,
};

/** The options every client constructor takes through `ClientOptions`. */
export const CLIENT_OPTION_KEYS: KeyList<ClientOptions> = {
  token: true,
  maxRetries: true,
  timeoutMs: true,
  maxResponseBytes: true,
  fetch: true,
  fetchOptions: true,
  defaultHeaders: true,
  logger: true,
  logLevel: true,
  tracing: true,
};

/** Where a client may send its token: the `Authorization` header or a query parameter. */
const TOKEN_PLACES = ["header", "query"];

/**
 * A client's `tokenIn`, when it takes one. Checked here because the transport reads any
 * other value as "header": a typo would send the token where the caller did not ask.
 */
export function checkTokenIn(value: unknown): void {
  if (value !== undefined && !(typeof value === "string" && TOKEN_PLACES.includes(value))) {
    invalid("tokenIn", 'must be "header" or "query"');
  }
}

/** A retry count: a non-negative integer. */
export function checkMaxRetries(value: unknown, field = "maxRetries"): void {
  if (!Number.isInteger(value) || (value as number) < 0) {
    invalid(field, "must be a non-negative integer");
  }
}

/** A timeout: positive, and at most what `setTimeout` can wait (2^31 - 1 ms). */
export function checkTimeoutMs(value: unknown, field = "timeoutMs"): void {
  // setTimeout fires at once for longer delays, so those are refused too.
  if (typeof value !== "number" || !(value > 0 && value <= 2 ** 31 - 1)) {
    invalid(field, "must be a positive number of milliseconds, at most 2147483647");
  }
}

/** A body limit: a positive whole number of bytes. */
export function checkMaxResponseBytes(value: unknown, field = "maxResponseBytes"): void {
  if (!Number.isSafeInteger(value) || (value as number) < 1) {
    invalid(field, "must be a positive integer (bytes)");
  }
}

/**
 * The last argument of every client method, checked once per call: `name` is the method,
 * for messages such as `query options: unknown option "timeout" (did you mean "timeoutMs"?)`.
 */
export function checkRequestOptions(name: string, options: unknown): RequestOptions | undefined {
  if (options === undefined) return undefined;
  const given: RequestOptions = checkObject(options, `${name} options`, "{ signal, timeoutMs }");
  checkKnownKeys(`${name} options`, given, REQUEST_OPTION_KEYS);
  const { signal, timeoutMs, maxRetries, maxResponseBytes, headers } = given;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    invalid("signal", "must be an AbortSignal");
  }
  if (timeoutMs !== undefined) checkTimeoutMs(timeoutMs);
  if (maxRetries !== undefined) checkMaxRetries(maxRetries);
  if (maxResponseBytes !== undefined) checkMaxResponseBytes(maxResponseBytes);
  if (headers !== undefined) checkHeaderRecord("headers", headers);
  return given;
}

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
