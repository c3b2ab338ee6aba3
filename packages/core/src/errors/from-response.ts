import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  GoneError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
} from "./errors";
import { quote } from "./quote";
import type { Redactor } from "./redact";

/** How much of a body that could not be read a message quotes. */
const BODY_QUOTE_LIMIT = 120;

/**
 * What to do next after an error status, by status, written for one service (a workflow
 * service has no namespaces to check). A client passes its own; statuses it leaves out get
 * the built-in hint for all services (every 5xx shares the hint of 500).
 */
export type StatusHints = Partial<Record<number, string>>;

// No hint for 400: the service's message says what to fix, and a generic line after it
// only reads oddly.
const DEFAULT_HINTS: StatusHints = {
  401: "Check the token and its access.",
  403: "Check the token and its access.",
  404: "Check the client's URL and the path.",
  410: "It was deleted for good, so retrying cannot help: check the client's URL and the path.",
  422: "Check the input's shape.",
  429: "Slow down or raise maxRetries.",
  500: "The service failed; retry later.",
};

const CLASS_BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: AuthenticationError,
  404: NotFoundError,
  410: GoneError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

function errorClassFor(status: number): typeof ApiError {
  const known = CLASS_BY_STATUS[status];
  if (known) return known;
  if (status >= 500) return InternalServerError;
  return ApiError;
}

function hintFor(status: number, hints: StatusHints): string {
  // Every 5xx shares the hint of 500.
  const key = Math.min(status, 500);
  const hint = hints[key] ?? DEFAULT_HINTS[key];
  if (hint !== undefined) return hint;
  // A 2xx lands here only when its body did not parse.
  if (status < 300) return "Check the URL, or retry if it was cut off.";
  return "";
}

/**
 * Builds the error for a non-2xx response, or a 2xx whose body is not JSON. `text` is the
 * raw body; every part of it that reaches the error goes through `redact`. `headers` are
 * already redacted.
 */
export function errorFromResponse(
  status: number,
  headers: Headers,
  text: string,
  redact: Redactor,
  hints: StatusHints = {},
): ApiError {
  let body: unknown;
  let detail: string | undefined;
  try {
    // Parsed with every string redacted after JSON unescaped it, rather than the text
    // redacted before parsing: with a very short token that would also rewrite the JSON's
    // own keys and quotes.
    body = JSON.parse(text, redactingReviver(redact));
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error === "string") detail = error;
  } catch {
    // A proxy's HTML page or a cut-off body: quote its start instead.
    const safeText = redact(text);
    body = safeText;
    detail = safeText ? `body is not JSON: ${quote(safeText, BODY_QUOTE_LIMIT)}` : "empty body";
  }
  detail ??= `body has no error message: ${quote(JSON.stringify(body), BODY_QUOTE_LIMIT)}`;
  const hint = hintFor(status, hints);
  const ErrorClass = errorClassFor(status);
  return new ErrorClass(status, body, headers, `${status} ${detail}${hint && `. ${hint}`}`);
}

/** A JSON.parse reviver that redacts every string value and object key. */
function redactingReviver(redact: Redactor) {
  return (_key: string, value: unknown): unknown => {
    if (typeof value === "string") return redact(value);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const name of Object.keys(record)) {
        const safe = redact(name);
        if (safe !== name) {
          record[safe] = record[name];
          delete record[name];
        }
      }
    }
    return value;
  };
}
