import { type Exchange, type Fetch, runAttempt } from "./attempt";
import type { ClientOptions, RequestOptions } from "./client-options";
import type { CallTarget } from "./connection-error";
import { errorFromResponse, type StatusHints } from "./error-from-response";
import {
  AbortError,
  ApiError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
} from "./errors";
import { createTransportLog } from "./log";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./read-body";
import { createRedactor, redactHeaders } from "./redact";
import { isRedirect, redirectError } from "./redirect";
import { checkMaxResponseBytes, checkMaxRetries, checkTimeoutMs } from "./request-options";
import { isRetryableStatus, retryAfterMs, retryDelayMs } from "./retry-policy";
import type { AttemptEvent, CallTrace } from "./tracing-hook";
import { checkFetchOptions, checkToken } from "./validate";

// The attempts of one call: auth in the query when asked, per-attempt timeouts that cut,
// retries with backoff and Retry-After, redirects refused, the token redacted from
// everything the server sends back. A client builds the request once (send.ts);
// this sends it as many times as it takes.

export interface TransportConfig extends ClientOptions {
  /** Where the token goes: `Authorization: Bearer` (default) or a query parameter. */
  tokenIn?: "header" | "query";
  /** Name of the query parameter when `tokenIn` is `"query"`. */
  tokenQueryParam?: string;
  /** What error messages advise, by status, where the defaults do not fit the service. */
  hints?: StatusHints;
}

/** What one call runs with, beyond the request: the call's options, already checked. */
export type CallOptions = Omit<RequestOptions, "headers">;

/** A request as the pipeline built it, sent as it is on every attempt. */
export interface Outgoing {
  method: string;
  /** Without the token: a query token is added as it is sent. */
  url: string;
  /** Every header, the bearer token's included. */
  headers: Record<string, string>;
  /** Text or bytes, never a stream, so every attempt sends the same bytes. */
  body: BodyInit | undefined;
  /** Whether the request may be sent again after a failure. */
  repeatable: boolean;
}

/** How the caller takes the final 2xx response. */
export interface Taking {
  /** A response whose body can be read (for `api` and for middleware), not fetch's own. */
  readable: boolean;
  /** Asked as the 2xx arrives: leave its body unread (`asResponse()`). */
  unread?: () => boolean;
}

/**
 * A call's final answer: the response, its body's text (undefined when left unread), and
 * for a non-2xx status the typed error it stands for. A non-2xx answer's response is a
 * copy whose body can be read, and its text, body, headers and error are redacted. No
 * answer's `response.url` or headers hold the token.
 */
export interface Answer {
  response: Response;
  text: string | undefined;
  error?: ApiError;
}

/** What a client sends its calls with. */
export interface Transport {
  /** The auth header every request carries: none when the token goes in the query. */
  authHeaders: Record<string, string>;
  /** Sends one call: its final answer (2xx or not, after retries). */
  send(
    outgoing: Outgoing,
    target: CallTarget,
    options: CallOptions | undefined,
    taking: Taking,
    trace: CallTrace | undefined,
  ): Promise<Answer>;
  /** The typed error for a response the transport did not judge itself (a middleware's). */
  errorFor(status: number, headers: Headers, text: string): ApiError;
}

/** A failure the retry loop decides on; thrown when it is final. */
type Failure = ApiError | ConnectionError | TimeoutError | ResponseTooLargeError;

/** The outcome of one attempt. */
type Settled = { answer: Answer } | { failure: Failure };

/**
 * Makes the transport one client sends its calls through. Every option is checked here,
 * at construction.
 */
export function createTransport(config: TransportConfig): Transport {
  const {
    token,
    maxRetries = 2,
    timeoutMs = 30_000,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
    hints,
  } = config;
  checkToken(token);
  checkMaxRetries(maxRetries);
  checkTimeoutMs(timeoutMs);
  checkMaxResponseBytes(maxResponseBytes);
  const fetchOptions = checkFetchOptions(config.fetchOptions);
  const log = createTransportLog(config.logger, config.logLevel);
  const redact = createRedactor(token);
  const tokenQuery =
    config.tokenIn === "query"
      ? `${config.tokenQueryParam}=${encodeURIComponent(token)}`
      : undefined;
  const authHeaders: Record<string, string> = tokenQuery
    ? {}
    : { authorization: `Bearer ${token}` };
  const send: Fetch = config.fetch ?? ((url, init) => fetch(url, init));

  const errorFor = (status: number, headers: Headers, text: string): ApiError =>
    errorFromResponse(status, redactHeaders(headers, redact), text, redact, hints);

  /**
   * A 2xx response as the caller may see it: a copy when fetch's own names the query token
   * in its `url` or a header echoes the token, or when it must be readable again.
   */
  function tokenFree(response: Response, url: string, text: string | undefined, readable: boolean) {
    let headersLeak = false;
    // Every written form of the token is at least as long as the token, so a shorter value
    // (most are: a type, a length, a date) holds none and is not run through the redactor.
    response.headers.forEach((value) => {
      if (!headersLeak && value.length >= token.length && redact(value) !== value) {
        headersLeak = true;
      }
    });
    if (!readable && !headersLeak && !tokenQuery) return response;
    const headers = headersLeak ? redactHeaders(response.headers, redact) : response.headers;
    return withUrl(copyOf(response, headers, text === undefined ? response.body : text), url);
  }

  /** The answer for a response read to its end, or the failure it is. */
  function settle(exchange: Exchange, target: CallTarget, url: string, taking: Taking): Settled {
    const { response, text } = exchange;
    if (response.ok) {
      return { answer: { response: tokenFree(response, url, text, taking.readable), text } };
    }
    const body = text ?? "";
    const headers = redactHeaders(response.headers, redact);
    if (isRedirect(response)) {
      return { failure: redirectError(response, target, url, headers, redact(body), redact) };
    }
    const error = errorFromResponse(response.status, headers, body, redact, hints);
    const safeText = redact(body);
    const copy = withUrl(copyOf(response, headers, safeText), url);
    return { answer: { response: copy, text: safeText, error } };
  }

  const sendCall: Transport["send"] = async (outgoing, target, options = {}, taking, trace) => {
    const { signal } = options;
    if (signal?.aborted) throw abortError(target, signal.reason);
    const url = tokenQuery
      ? outgoing.url + (outgoing.url.includes("?") ? "&" : "?") + tokenQuery
      : outgoing.url;
    // Redirects come back as responses, never followed: see redirect.ts.
    const init: RequestInit = {
      ...fetchOptions,
      method: outgoing.method,
      headers: outgoing.headers,
      body: outgoing.body,
      redirect: "manual",
    };
    const attempts = outgoing.repeatable ? (options.maxRetries ?? maxRetries) + 1 : 1;
    const plan = {
      target,
      attempts,
      timeoutMs: options.timeoutMs ?? timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? maxResponseBytes,
      signal,
      redact,
      unread: taking.unread,
    };
    // Attempts are timed and described only for a log or a trace that will show them (any
    // log level logs failures).
    const observed = log.failure !== undefined || trace?.attempted !== undefined;

    for (let attempt = 1; ; attempt++) {
      const started = observed ? Date.now() : 0;
      if (trace) {
        // Each attempt carries its own trace context.
        const headers = { ...outgoing.headers };
        trace.attempt(attempt, headers);
        init.headers = headers;
      }
      let settled: Settled;
      try {
        const exchange = await runAttempt(send, url, init, { ...plan, attempt });
        settled = settle(exchange, target, outgoing.url, taking);
      } catch (error) {
        if (
          !(
            error instanceof ConnectionError ||
            error instanceof TimeoutError ||
            error instanceof ResponseTooLargeError
          )
        ) {
          // The caller's own abort ends everything.
          const final = signal?.aborted ? abortError(target, signal.reason) : error;
          trace?.attempted?.({
            ...target,
            attempt,
            attempts,
            outcome: final instanceof Error ? final.name : "Error",
            durationMs: Date.now() - started,
            error: final instanceof AbortError ? final : undefined,
          });
          throw final;
        }
        settled = { failure: error };
      }
      const failure = "failure" in settled ? settled.failure : settled.answer.error;
      const status = "answer" in settled ? settled.answer.response.status : statusOf(failure);
      const event = (retryInMs?: number): AttemptEvent => ({
        ...target,
        attempt,
        attempts,
        outcome: failure === undefined ? String(status) : outcomeOf(failure),
        durationMs: Date.now() - started,
        retryInMs,
        status,
        error: failure,
      });

      if (failure === undefined || attempt >= attempts || !isRetryable(failure)) {
        if (observed) {
          const last = event();
          if (failure === undefined) log.success?.(last);
          else log.failure?.(last);
          trace?.attempted?.(last);
        }
        if ("answer" in settled) return settled.answer;
        throw settled.failure;
      }
      const asked = failure instanceof ApiError ? retryAfterMs(failure.headers) : undefined;
      const wait = retryDelayMs(attempt - 1, asked);
      if (observed) {
        const retry = event(wait);
        log.retry?.(retry);
        trace?.attempted?.({ ...retry, retryAfter: asked === wait });
      }
      await sleep(wait, signal, target);
    }
  };
  return { authHeaders, send: sendCall, errorFor };
}

/**
 * A fresh response with the body given (text already read, or the stream left unread), so
 * openapi-fetch, middleware and the caller can read it. 204, 205 and 304 can carry no body.
 */
function copyOf(response: Response, headers: Headers, body: BodyInit | null): Response {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A copy made here names the URL the call was sent to, without the token. */
function withUrl(copy: Response, url: string): Response {
  Object.defineProperty(copy, "url", { value: url });
  return copy;
}

function statusOf(failure: Failure | undefined): number | undefined {
  return failure instanceof ApiError ? failure.status : undefined;
}

/**
 * Whether another attempt may fix a failure: lost connections, timeouts, some statuses; a
 * body over the limit would only come back as large.
 */
function isRetryable(failure: Failure): boolean {
  if (failure instanceof ApiError) return isRetryableStatus(failure.status);
  return !(failure instanceof ResponseTooLargeError);
}

/** A failure as a log line names it: the status, or the error's class and code. */
function outcomeOf(failure: Failure): string {
  if (failure instanceof ApiError) return String(failure.status);
  if (failure instanceof ConnectionError && failure.code) return `${failure.name} ${failure.code}`;
  return failure.name;
}

/** The error for a call its caller's signal aborted; `cause` is the signal's reason. */
export function abortError(target: CallTarget, reason: unknown): AbortError {
  return new AbortError(`${target.method} ${target.url} was aborted by its signal.`, {
    cause: reason,
  });
}

function sleep(ms: number, signal: AbortSignal | undefined, target: CallTarget): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(target, signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(target, signal?.reason));
    };
    // The listener goes when the wait ends, so a long-lived signal does not collect them.
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort);
  });
}
