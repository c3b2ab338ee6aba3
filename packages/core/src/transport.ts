import type { WithResponse } from "./api-promise";
import { type Exchange, type Fetch, runAttempt } from "./attempt";
import type { CallTarget } from "./connection-error";
import { errorFromResponse, type StatusHints } from "./error-from-response";
import { ApiError, ConnectionError, TimeoutError } from "./errors";
import { type AttemptRecord, createTransportLog, type Logger, type LogLevel } from "./log";
import type { HttpMethod } from "./operation-types";
import { createRedactor, redactHeaders } from "./redact";
import { isRedirect, redirectError } from "./redirect";
import { checkMaxRetries, checkTimeoutMs, mergeHeaders } from "./request-options";
import { isRetryableStatus, retryDelayMs } from "./retry-policy";
import { checkDefaultHeaders, checkFetchOptions, checkToken, type FetchOptions } from "./validate";

/** Options every client constructor accepts. */
export interface ClientOptions {
  /** API token. Sent as a bearer token; never included in errors. */
  token: string;
  /** HTTP retries after a retryable failure (default 2). Not a service-side retry count. */
  maxRetries?: number;
  /** Milliseconds one attempt may take, response body included (default 30 000). */
  timeoutMs?: number;
  /**
   * A `fetch` to use instead of the global one (tests, proxies, instrumentation). It is
   * called as `fetch(url, init)`, like the global one.
   */
  fetch?: Fetch;
  /** Extra `RequestInit` fields for every call, such as `keepalive`, `cache` or a `dispatcher`. */
  fetchOptions?: FetchOptions;
  /** Headers sent on every call; a call's own headers win over them. */
  defaultHeaders?: Record<string, string>;
  /** Where log lines go (default `console`): any object with `debug`, `info`, `warn`, `error`. */
  logger?: Logger;
  /** How much to log (default `"off"`). Never the token, headers or bodies. */
  logLevel?: LogLevel;
}

export interface TransportConfig extends ClientOptions {
  /** Absolute base URL; each call's path is appended to it. */
  baseUrl: string;
  /** Where the token goes: `Authorization: Bearer` (default) or a query parameter. */
  tokenIn?: "header" | "query";
  /** Name of the query parameter when `tokenIn` is `"query"`. */
  tokenQueryParam?: string;
  /** What error messages advise, by status, where the defaults do not fit the service. */
  hints?: StatusHints;
}

/** A raw body sent as given. Streams are excluded: a retry must resend the same bytes. */
export type RawBody = string | Uint8Array | ArrayBuffer | Blob;

/** One HTTP request as a client method builds it: what the clients hand to a `Transport`. */
export interface Call {
  /** HTTP method of the request. */
  method: HttpMethod;
  /** Already encoded; appended to the base URL as is. */
  path: string;
  /** Headers of the request itself (e.g. `Svc-*`); they win over per-call extra headers. */
  headers?: Record<string, string>;
  /** A raw body sent as given (instead of `json`). */
  body?: RawBody;
  /** Sent as JSON with `content-type: application/json` (instead of `body`). */
  json?: unknown;
  /** `false` for a request that is not safe to repeat: it is then never retried. */
  retry?: boolean;
}

/**
 * Options of one call, given as the last argument of every client method, apart from the
 * request itself. Per-call values override the client's.
 */
export interface RequestOptions {
  /** Aborts the call, including the waits between retries. */
  signal?: AbortSignal;
  /** Milliseconds one attempt may take, response body included. */
  timeoutMs?: number;
  /** HTTP retries after a retryable failure. */
  maxRetries?: number;
  /** Extra HTTP headers of this call; the client's own (auth, content type, `Svc-*`) win. */
  headers?: Record<string, string>;
}

/** Sends a call and resolves to the parsed JSON of its 2xx response, with the response. */
export type Transport = <T>(call: Call, options?: RequestOptions) => Promise<WithResponse<T>>;

/** What one call runs with: the client's settings, unless the call overrides them. */
interface CallLimits {
  signal: AbortSignal | undefined;
  timeoutMs: number;
  /** Attempts in all: 1 + the retries allowed. */
  attempts: number;
}

/**
 * Makes the `Transport` a client sends its calls through: auth, timeouts, retries with
 * backoff, and typed errors for every failure, with the token redacted from all of them.
 */
export function createTransport(config: TransportConfig): Transport {
  const { token, maxRetries = 2, timeoutMs = 30_000 } = config;
  checkToken(token);
  checkMaxRetries(maxRetries);
  checkTimeoutMs(timeoutMs);
  const defaultHeaders = checkDefaultHeaders(config.defaultHeaders);
  const fetchOptions = checkFetchOptions(config.fetchOptions);
  const log = createTransportLog(config.logger, config.logLevel);
  const redact = createRedactor(token);
  const base = config.baseUrl.replace(/\/+$/, "");
  const tokenQuery =
    config.tokenIn === "query"
      ? `${config.tokenQueryParam}=${encodeURIComponent(token)}`
      : undefined;

  const limitsOf = (call: Call, options: RequestOptions): CallLimits => ({
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? timeoutMs,
    attempts: call.retry === false ? 1 : (options.maxRetries ?? maxRetries) + 1,
  });

  /**
   * The headers of one call, lowest first: the client's defaults, the call's extra headers
   * (RequestOptions.headers), then the request's own, whatever the case of their names.
   */
  function headersOf(call: Call, options: RequestOptions): Record<string, string> {
    const own = mergeHeaders(options.headers, call.headers);
    if (!defaultHeaders) return own;
    const headers = { ...defaultHeaders };
    for (const name in own) delete headers[name.toLowerCase()];
    return Object.assign(headers, own);
  }

  return async <T>(call: Call, options: RequestOptions = {}): Promise<WithResponse<T>> => {
    const headers = headersOf(call, options);
    let url = base + call.path;
    if (tokenQuery) url += (url.includes("?") ? "&" : "?") + tokenQuery;
    else headers.authorization = `Bearer ${token}`;
    let body = call.body;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers["content-type"] = "application/json";
    }
    // Every attempt sends the same method, headers and bytes (bodies are never streams).
    // Redirects come back as responses, never followed: see redirect.ts.
    const init: RequestInit = {
      ...fetchOptions,
      method: call.method,
      headers,
      body: body as BodyInit | undefined,
      redirect: "manual",
    };
    const limits = limitsOf(call, options);
    // Messages and log lines name the URL without its query, which may hold the token.
    const target: CallTarget = { method: call.method, url: redact(url.split(/[?#]/, 1)[0] ?? "") };
    const send = config.fetch ?? fetch;

    /** One attempt: its parsed result, or the failure to retry or throw. */
    async function settle(attempt: number): Promise<Settled<T>> {
      let exchange: Exchange;
      try {
        exchange = await runAttempt(send, url, init, { ...limits, target, attempt, redact });
      } catch (error) {
        if (error instanceof ConnectionError || error instanceof TimeoutError) {
          return { failure: error };
        }
        throw error; // the caller's own abort ends everything
      }
      const { response, text } = exchange;
      if (response.ok) {
        try {
          return { result: { data: JSON.parse(text) as T, response }, status: response.status };
        } catch {
          // An HTML page from a proxy, or a body cut off: an ApiError below, never a
          // bare SyntaxError.
        }
      }
      const safeHeaders = redactHeaders(response.headers, redact);
      if (isRedirect(response)) {
        return { failure: redirectError(response, target, url, safeHeaders, redact(text), redact) };
      }
      const { status } = response;
      return { failure: errorFromResponse(status, safeHeaders, text, redact, config.hints) };
    }

    // Attempts are timed only for a log that will show it.
    const timed = log.attempt || log.success || log.failure || log.retry;
    for (let attempt = 1; ; attempt++) {
      const started = timed ? Date.now() : 0;
      const record = (outcome: string, retryInMs?: number): AttemptRecord => ({
        ...target,
        attempt,
        attempts: limits.attempts,
        outcome,
        durationMs: Date.now() - started,
        retryInMs,
      });
      const settled = await settle(attempt);
      if ("result" in settled) {
        log.attempt?.(record(String(settled.status)));
        log.success?.(record(String(settled.status)));
        return settled.result;
      }
      const { failure } = settled;
      if (attempt >= limits.attempts || !isRetryable(failure)) {
        log.attempt?.(record(outcomeOf(failure)));
        log.failure?.(record(outcomeOf(failure)));
        throw failure;
      }
      const wait = retryDelayMs(
        attempt - 1,
        failure instanceof ApiError ? failure.headers : undefined,
      );
      log.attempt?.(record(outcomeOf(failure), wait));
      log.retry?.(record(outcomeOf(failure), wait));
      await sleep(wait, limits.signal);
    }
  };
}

/** A failure the retry loop decides on. */
type Failure = ApiError | ConnectionError | TimeoutError;

/** The outcome of one attempt. */
type Settled<T> = { result: WithResponse<T>; status: number } | { failure: Failure };

/** Whether another attempt may fix a failure: lost connections, timeouts, some statuses. */
function isRetryable(failure: Failure): boolean {
  if (failure instanceof ApiError) return isRetryableStatus(failure.status);
  return true;
}

/** A failure as a log line names it: the status, or the error's class and code. */
function outcomeOf(failure: Failure): string {
  if (failure instanceof ApiError) return String(failure.status);
  if (failure instanceof ConnectionError && failure.code) return `${failure.name} ${failure.code}`;
  return failure.name;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // The listener goes when the wait ends, so a long-lived signal does not collect them.
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort);
  });
}
