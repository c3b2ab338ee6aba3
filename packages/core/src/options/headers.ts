import { invalid } from "../errors/errors";

// The one rule for a header a caller gives us, whatever the option it comes in
// (`defaultHeaders`, a call's `headers`, a trigger's forwarded headers): checked when the
// option is read, so a bad header is a ValidationError naming it, not a TypeError from
// `Headers` on the first call.

/** RFC 9110 token characters: anything else cannot be a header name. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `Headers` takes Latin-1 byte strings only, and a line break or NUL would end or corrupt
 * the header.
 */
const HEADER_VALUE = /^[^\0\n\r\u0100-\uffff]*$/;

/** Whether `name` can be sent as a header name. */
export function isHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}

/** `value` if a header can carry it as is, else a ValidationError naming `field`. */
export function headerValue(field: string, value: unknown): string {
  if (typeof value !== "string" || !HEADER_VALUE.test(value)) {
    invalid(field, "must be a string of Latin-1 characters without line breaks");
  }
  return value;
}

/** The headers the client always sets itself; a caller's value for them is refused. */
const SET_BY_CLIENT: Record<string, string> = {
  authorization: "is set by the client from `token`; pass the token instead",
  "content-type": "is set by the client from the body",
};

/**
 * A record of extra headers (`field` is the option's name, e.g. `defaultHeaders`), with
 * each name a header token and each value a one-line Latin-1 string. `authorization` and
 * `content-type` are refused: the client sets them, so a value given here could only be
 * dropped or send a body under the wrong type.
 */
export function checkHeaderRecord(field: string, headers: unknown): Record<string, string> {
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    return invalid(
      field,
      'must be an object of header names to string values, such as { "x-request-id": "abc" }',
    );
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!isHeaderName(name)) {
      invalid(`${field}.${name}`, "is not a header name (letters, digits and !#$%&'*+.^_`|~-)");
    }
    headerValue(`${field}.${name}`, value);
    const rule = SET_BY_CLIENT[name.toLowerCase()];
    if (rule) invalid(`${field}.${name}`, rule);
  }
  return headers as Record<string, string>;
}

/** `base` with each layer's headers over it, names in lower case; `base` itself when none. */
export function mergeHeaders(
  base: Record<string, string>,
  ...layers: (Record<string, string | number> | undefined)[]
): Record<string, string> {
  let merged = base;
  for (const layer of layers) {
    if (layer === undefined) continue;
    if (merged === base) merged = { ...base };
    for (const name in layer) merged[name.toLowerCase()] = String(layer[name]);
  }
  return merged;
}
