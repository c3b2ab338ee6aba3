// Every failure a caller can hit is one of these classes, so callers branch on
// `instanceof` rather than on message text. Messages never carry the token: the
// transport redacts it from any server text before an error is built.

/** Base class of every error thrown by the x clients. */
export class XError extends Error {
  /** Always `"XError"`, so logs and `error.name` checks name the class. */
  override name = "XError";
}

/** The server answered with a status outside 2xx, or a 2xx body that is not JSON. */
export class ApiError extends XError {
  /** Always `"ApiError"`, so logs and `error.name` checks name the class. */
  override name = "ApiError";
  constructor(
    /** HTTP status of the response. */
    readonly status: number,
    /** Parsed JSON body, or the raw text when the body was not JSON. */
    readonly body: unknown,
    /** Response headers. */
    readonly headers: Headers,
    message: string,
  ) {
    super(message);
  }
}

/** 400: the service rejected the request; the message says which part. */
export class BadRequestError extends ApiError {
  /** Always `"BadRequestError"`, so logs and `error.name` checks name the class. */
  override name = "BadRequestError";
}
/** 401 or 403: the token is missing, invalid, or lacks access. */
export class AuthenticationError extends ApiError {
  /** Always `"AuthenticationError"`, so logs and `error.name` checks name the class. */
  override name = "AuthenticationError";
}
/** 404: the path or namespace does not exist. */
export class NotFoundError extends ApiError {
  /** Always `"NotFoundError"`, so logs and `error.name` checks name the class. */
  override name = "NotFoundError";
}
/** 422: well-formed but unusable input, such as a vector of the wrong dimension. */
export class UnprocessableEntityError extends ApiError {
  /** Always `"UnprocessableEntityError"`, so logs and `error.name` checks name the class. */
  override name = "UnprocessableEntityError";
}
/** 429: too many requests; retried automatically, thrown once retries run out. */
export class RateLimitError extends ApiError {
  /** Always `"RateLimitError"`, so logs and `error.name` checks name the class. */
  override name = "RateLimitError";
}
/** 5xx: the service failed; retried automatically, thrown once retries run out. */
export class InternalServerError extends ApiError {
  /** Always `"InternalServerError"`, so logs and `error.name` checks name the class. */
  override name = "InternalServerError";
}

/** No HTTP response arrived: DNS, refused or reset connection, TLS failure. */
export class ConnectionError extends XError {
  /** Always `"ConnectionError"`, so logs and `error.name` checks name the class. */
  override name = "ConnectionError";
}

/** No response arrived within `timeoutMs`. */
export class TimeoutError extends XError {
  /** Always `"TimeoutError"`, so logs and `error.name` checks name the class. */
  override name = "TimeoutError";
}

/** Input rejected before any request was sent. */
export class ValidationError extends XError {
  /** Always `"ValidationError"`, so logs and `error.name` checks name the class. */
  override name = "ValidationError";
  constructor(
    /** The option or field at fault, e.g. `flowControl.rate`. */
    readonly field: string,
    /** The rule it broke, e.g. `must be a positive integer`. */
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
  }
}

/** Throws a {@link ValidationError} for `field`. */
export function invalid(field: string, rule: string): never {
  throw new ValidationError(field, rule);
}

// The class for each status, and what to do next: one short hint keeps every message
// actionable.
const auth: [typeof ApiError, string] = [AuthenticationError, "Check the token and its access."];
const byStatus: Record<number, [typeof ApiError, string]> = {
  400: [BadRequestError, "Fix the request as it says."],
  401: auth,
  403: auth,
  404: [NotFoundError, "Check the URL and namespace."],
  422: [UnprocessableEntityError, "Check the input's shape."],
  429: [RateLimitError, "Slow down or raise maxRetries."],
};

/**
 * Builds the error for a non-2xx response, or a 2xx whose body is not JSON; `text` is the
 * raw body, already redacted.
 */
export function errorFromResponse(status: number, headers: Headers, text: string): ApiError {
  let body: unknown = text;
  let detail: string | undefined;
  try {
    body = JSON.parse(text);
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error === "string") detail = error;
  } catch {
    // A proxy's HTML page or a cut-off body: quote its start instead.
  }
  detail ??= text ? `body is not JSON: ${quote(text)}` : "empty body";
  const [Class, hint] =
    byStatus[status] ??
    (status > 499
      ? [InternalServerError, "The service failed; retry later."]
      : // A 2xx lands here only when its body did not parse.
        [ApiError, status < 300 ? "Check the URL, or retry if it was cut off." : ""]);
  return new Class(status, body, headers, `${status} ${detail}${hint && `. ${hint}`}`);
}

/** The start of a body, for messages about bodies that could not be read. */
function quote(text: string): string {
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);
}
