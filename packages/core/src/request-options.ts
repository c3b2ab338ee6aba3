import { invalid } from "./errors";
import { checkKnownKeys, checkObject, type KeyList } from "./known-keys";
import type { ClientOptions, RequestOptions } from "./transport";

const REQUEST_OPTION_KEYS: KeyList<RequestOptions> = {
  signal: true,
  timeoutMs: true,
  maxRetries: true,
  headers: true,
};

/** The options every client constructor takes through `ClientOptions`. */
export const CLIENT_OPTION_KEYS: KeyList<ClientOptions> = {
  token: true,
  maxRetries: true,
  timeoutMs: true,
  fetch: true,
  fetchOptions: true,
  defaultHeaders: true,
  logger: true,
  logLevel: true,
};

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

/**
 * The last argument of every client method, checked: `name` is the method, for messages
 * such as `query options: unknown option "timeout" (did you mean "timeoutMs"?)`.
 */
export function checkRequestOptions(name: string, options: unknown): RequestOptions {
  if (options === undefined) return {};
  const given: RequestOptions = checkObject(options, `${name} options`, "{ signal, timeoutMs }");
  checkKnownKeys(`${name} options`, given, REQUEST_OPTION_KEYS);
  const { signal, timeoutMs, maxRetries, headers } = given;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    invalid("signal", "must be an AbortSignal");
  }
  if (timeoutMs !== undefined) checkTimeoutMs(timeoutMs);
  if (maxRetries !== undefined) checkMaxRetries(maxRetries);
  if (headers !== undefined) checkHeaderRecord(headers);
  return given;
}

// RFC 9110 token characters: anything else cannot be a header name.
const HEADER_NAME = /^[\w!#$%&'*+.^`|~-]+$/;
// Headers would throw a TypeError on these, and only once the request is built.
const HEADER_VALUE = /^[^\0\n\r]*$/;

/** Extra headers of one call: names are RFC 9110 tokens, values strings on one line. */
function checkHeaderRecord(headers: unknown): void {
  checkObject(headers, "headers", '{ "x-request-id": "abc" }');
  for (const [name, value] of Object.entries(headers as object)) {
    if (!HEADER_NAME.test(name)) invalid("headers", `${JSON.stringify(name)} is not a header name`);
    if (typeof value !== "string" || !HEADER_VALUE.test(value)) {
      invalid(`headers.${name}`, "must be a string without line breaks");
    }
  }
}

// Set by the transport itself on every call that needs them.
const TRANSPORT_HEADERS = ["authorization", "content-type"];

/**
 * A call's extra headers under its own: a name the call or the transport sets (in any
 * case) keeps their value, so a per-call header can never replace auth or a `Svc-*` option.
 */
export function mergeHeaders(
  extra: Record<string, string> = {},
  own: Record<string, string> = {},
): Record<string, string> {
  const taken = new Set([...Object.keys(own), ...TRANSPORT_HEADERS].map((n) => n.toLowerCase()));
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) {
    if (!taken.has(name.toLowerCase())) merged[name] = value;
  }
  return Object.assign(merged, own);
}
