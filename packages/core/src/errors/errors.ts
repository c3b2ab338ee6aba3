import { retryAfterMs } from "../chain/retry-after";
import { brand, isBranded } from "./brand";

// Every failure a caller can hit is one of these classes, so callers branch on
// `instanceof` rather than on message text. Messages never carry the token: the
// transport redacts it from any server text before an error is built.

/** Base class of every error thrown by the x clients. */
export class XError extends Error {
  /** Always `"XError"`, so logs and `error.name` checks name the class. */
  override name = "XError";

  /**
   * Also true for errors thrown by another copy of this package (its ESM or CJS build).
   *
   * @example
   * ```ts
   * import { VectorIndex, XError } from "@x/vector";
   *
   * try {
   *   await VectorIndex.fromEnv().info();
   * } catch (error) {
   *   // Any failure of a client: bad input, a status, a timeout, no connection.
   *   if (error instanceof XError) console.error(error.name, error.message);
   *   else throw error;
   * }
   * ```
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asked about.
    return isBranded(this, value);
  }
}

/** The server answered with a status outside 2xx, or a 2xx body that is not JSON. */
export class ApiError extends XError {
  /** Always `"ApiError"`, so logs and `error.name` checks name the class. */
  override name = "ApiError";
  /**
   * An error for a response with `status`; the clients build these, and a test double of
   * a client can too.
   *
   * @example
   * ```ts
   * import { ApiError } from "@x/core";
   *
   * const unavailable = new ApiError(
   *   503,
   *   { error: "maintenance" },
   *   new Headers({ "retry-after": "30" }),
   *   "503 maintenance",
   * );
   * console.log(unavailable.status, unavailable.body);
   * ```
   */
  constructor(
    /** HTTP status of the response (0 for a redirect a browser hid). */
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
/** 410: the resource existed and was deleted, such as a vector index; retrying cannot help. */
export class GoneError extends ApiError {
  /** Always `"GoneError"`, so logs and `error.name` checks name the class. */
  override name = "GoneError";
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
  /**
   * How long the service asked to wait (its `Retry-After`), when it said; at most a day
   * (86,400,000 ms), so it is always a wait `setTimeout` can take.
   */
  readonly retryAfterMs: number | undefined = retryAfterMs(this.headers);
}
/** 5xx: the service failed; retried automatically, thrown once retries run out. */
export class InternalServerError extends ApiError {
  /** Always `"InternalServerError"`, so logs and `error.name` checks name the class. */
  override name = "InternalServerError";
}

/** What a {@link ConnectionError} knows about the failed call. */
export interface ConnectionFailure {
  /** HTTP method of the call. */
  method: string;
  /** URL of the call without its query (which may hold the token). */
  url: string;
  /** The underlying error code, such as `ECONNREFUSED` or `ENOTFOUND`, when there is one. */
  code: string | undefined;
  /** Attempts made, the failed one included. */
  attempts: number;
  /** The underlying error, with the token redacted from it. */
  cause: unknown;
}

/** No HTTP response arrived: DNS, refused or reset connection, TLS failure. */
export class ConnectionError extends XError {
  /** Always `"ConnectionError"`, so logs and `error.name` checks name the class. */
  override name = "ConnectionError";
  /** HTTP method of the call. */
  readonly method: string;
  /** URL of the call without its query (which may hold the token). */
  readonly url: string;
  /** The underlying error code, such as `ECONNREFUSED` or `ENOTFOUND`, when there is one. */
  readonly code: string | undefined;
  /** Attempts made, the failed one included. */
  readonly attempts: number;
  /**
   * An error for a call that got no response; `failure` says which call and why.
   *
   * @example
   * ```ts
   * import { ConnectionError } from "@x/core";
   *
   * // A refused connection, e.g. from a test double of `fetch`.
   * const refused = new ConnectionError("GET http://127.0.0.1:1/info failed: ECONNREFUSED", {
   *   method: "GET",
   *   url: "http://127.0.0.1:1/info",
   *   code: "ECONNREFUSED",
   *   attempts: 1,
   *   cause: undefined,
   * });
   * ```
   */
  constructor(message: string, failure: ConnectionFailure) {
    super(message, { cause: failure.cause });
    this.method = failure.method;
    this.url = failure.url;
    this.code = failure.code;
    this.attempts = failure.attempts;
  }
}

/** No complete response arrived within `timeoutMs`; the attempt was cut. */
export class TimeoutError extends XError {
  /** Always `"TimeoutError"`, so logs and `error.name` checks name the class. */
  override name = "TimeoutError";
}

/**
 * A response body passed `maxResponseBytes` (counted as it arrived, decompressed) and its
 * read was cut; not retried, as the same request would get the same answer.
 */
export class ResponseTooLargeError extends XError {
  /** Always `"ResponseTooLargeError"`, so logs and `error.name` checks name the class. */
  override name = "ResponseTooLargeError";
  /**
   * An error for a body that passed `maxResponseBytes` bytes.
   *
   * @example
   * ```ts
   * import { ResponseTooLargeError } from "@x/core";
   *
   * const error = new ResponseTooLargeError("GET https://h/info: body over 1024 bytes", 1024);
   * console.log(error.maxResponseBytes); // 1024
   * ```
   */
  constructor(
    message: string,
    /** The limit the body passed, in bytes. */
    readonly maxResponseBytes: number,
  ) {
    super(message);
  }
}

/**
 * The caller's `signal` aborted the call (before it was sent, during an attempt, or in the
 * wait between retries). `cause` is the signal's reason.
 */
export class AbortError extends XError {
  /** Always `"AbortError"`, so logs and `error.name` checks name the class. */
  override name = "AbortError";
}

/** Input rejected before any request was sent. */
export class ValidationError extends XError {
  /** Always `"ValidationError"`, so logs and `error.name` checks name the class. */
  override name = "ValidationError";
  /**
   * An error for input that breaks `rule`; its message is `<field>: <rule>`.
   *
   * @example
   * ```ts
   * import { ValidationError } from "@x/core";
   *
   * const error = new ValidationError("topK", "must be a positive integer");
   * console.log(error.message); // "topK: must be a positive integer"
   * ```
   */
  constructor(
    /** The option or field at fault, e.g. `flowControl.rate`. */
    readonly field: string,
    /** The rule it broke, e.g. `must be a positive integer`. */
    readonly rule: string,
    /** What the message names first, when not the field: the method of an unknown option. */
    where: string = field,
  ) {
    super(`${where}: ${rule}`);
  }
}

/**
 * A client that cannot be made from its settings: a missing or malformed URL or token, an
 * option of the wrong type, from `fromEnv` or the constructor. Apart from
 * `ValidationError` (a caller's input to one call), so an app tells its own setup from a
 * caller's mistake: map `ValidationError` to a 400, and let this one fail the deploy.
 */
export class ConfigurationError extends XError {
  /** Always `"ConfigurationError"`, so logs and `error.name` checks name the class. */
  override name = "ConfigurationError";
  /**
   * An error for the setting `field` that breaks `rule`; its message is `<field>: <rule>`
   * unless `message` says more (an unknown option names the client it was given to).
   *
   * @example
   * ```ts
   * import { ConfigurationError } from "@x/core";
   *
   * const error = new ConfigurationError("VECTOR_URL", "is not set");
   * console.log(error.message); // "VECTOR_URL: is not set"
   * ```
   */
  constructor(
    /** The setting at fault: an option (`timeoutMs`) or a variable (`VECTOR_URL`). */
    readonly field: string,
    /** The rule it broke, e.g. `is not set`. */
    readonly rule: string,
    message = `${field}: ${rule}`,
  ) {
    super(message);
  }
}

// Marked so `instanceof` works across copies of this package: see brand.ts.
brand(XError, "XError");
brand(ApiError, "ApiError");
brand(BadRequestError, "BadRequestError");
brand(AuthenticationError, "AuthenticationError");
brand(NotFoundError, "NotFoundError");
brand(GoneError, "GoneError");
brand(UnprocessableEntityError, "UnprocessableEntityError");
brand(RateLimitError, "RateLimitError");
brand(InternalServerError, "InternalServerError");
brand(ConnectionError, "ConnectionError");
brand(TimeoutError, "TimeoutError");
brand(ResponseTooLargeError, "ResponseTooLargeError");
brand(ValidationError, "ValidationError");
brand(AbortError, "AbortError");
brand(ConfigurationError, "ConfigurationError");

/** Throws a {@link ValidationError} for `field`. */
export function invalid(field: string, rule: string): never {
  throw new ValidationError(field, rule);
}

/**
 * Runs `make`, the checks of a client's settings, and turns the ValidationError of a bad
 * setting into the ConfigurationError it is, with the same field, rule and message.
 */
export function configuring<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ConfigurationError(error.field, error.rule, error.message);
    }
    throw error;
  }
}
