import { type Exchange, type Fetch, runAttempt } from "./attempt";
import { isCallRequest, type OutgoingRequest } from "./call-request";
import type { AttemptEvent, ClientOptions, RequestOptions } from "./client-options";
import type { CallTarget } from "./connection-error";
import { errorFromResponse, type StatusHints } from "./error-from-response";
import { AbortError, ApiError, ConnectionError, TimeoutError } from "./errors";
import { createTransportLog } from "./log";
import { createRedactor, redactHeaders } from "./redact";
import { isRedirect, redirectError } from "./redirect";
import { checkMaxRetries, checkTimeoutMs } from "./request-options";
import { isRetryableStatus, retryAfterMs, retryDelayMs } from "./retry-policy";
import { checkFetchOptions, checkToken } from "./validate";

// The `fetch` under each client's openapi-fetch: auth, per-attempt timeouts that cut,
// retries with backoff and Retry-After, redirects refused, the token redacted from
// everything the server sends back. openapi-fetch builds the request (path, query, headers,
// body) and runs the middleware once per call; this sends it as many times as it takes.

export interface TransportConfig extends ClientOptions {
  /** Where the token goes: `Authorization: Bearer` (default) or a query parameter. */
  tokenIn?: "header" | "query";
  /** Name of the query parameter when `tokenIn` is `"query"`. */
  tokenQueryParam?: string;
  /** What error messages advise, by status, where the defaults do not fit the service. */
  hints?: StatusHints;
  /** Whether a request may be sent again after a failure; default: always. */
  isRepeatable?: (request: OutgoingRequest) => boolean;
}

/** What one call runs with, beyond the request: the call's options, already checked. */
export type CallOptions = Omit<RequestOptions, "headers">;

/**
 * A call's final answer: the response, its body's text, and for a non-2xx status the
 * typed error it stands for. A non-2xx answer's response is always a copy whose body can
 * be read, and its text, body, headers and error are already redacted.
 */
export interface Answer {
  response: Response;
  text: string;
  error?: ApiError;
}

/** What a client sends its calls with. */
export interface Transport {
  /**
   * Sends one call: its final answer (2xx or not, after retries). With `readable` (for
   * `api`, whose body openapi-fetch reads, and for any call that middleware sees), a 2xx
   * answer's response is a copy whose body can be read again. Without it (the client's
   * methods, no middleware) it is the response fetch gave, its body already read into
   * `text`, which the method parses itself: building a second Response per call would cost
   * more than the rest of the client together.
   */
  send(request: OutgoingRequest, options?: CallOptions, readable?: boolean): Promise<Answer>;
  /**
   * The typed error for a response the transport did not judge itself (a middleware's, or
   * a 2xx whose body is not JSON); `headers` and `text` as received.
   */
  errorFor(status: number, headers: Headers, text: string): ApiError;
}

/** A failure the retry loop decides on; thrown when it is final. */
type Failure = ApiError | ConnectionError | TimeoutError;

/** The outcome of one attempt. */
type Settled = { answer: Answer } | { failure: Failure };

/**
 * Makes the transport one client sends its calls through. Every option is checked here,
 * at construction.
 */
export function createTransport(config: TransportConfig): Transport {
  const { token, maxRetries = 2, timeoutMs = 30_000, hints } = config;
  checkToken(token);
  checkMaxRetries(maxRetries);
  checkTimeoutMs(timeoutMs);
  const fetchOptions = checkFetchOptions(config.fetchOptions);
  const log = createTransportLog(config.logger, config.logLevel);
  const onAttempt = config.tracing?.onAttempt;
  const redact = createRedactor(token);
  const tokenQuery =
    config.tokenIn === "query"
      ? `${config.tokenQueryParam}=${encodeURIComponent(token)}`
      : undefined;
  const send: Fetch = config.fetch ?? ((url, init) => fetch(url, init));

  /** The typed error of a response, its headers and its text redacted. */
  const errorFor = (status: number, headers: Headers, text: string): ApiError =>
    errorFromResponse(status, redactHeaders(headers, redact), text, redact, hints);

  /** The answer for a response read to its end, or the failure it is. */
  function settle(exchange: Exchange, target: CallTarget, url: string, readable: boolean): Settled {
    const { response, text } = exchange;
    if (response.ok) {
      const answered = readable ? copyOf(response, response.headers, text) : response;
      return { answer: { response: answered, text } };
    }
    const headers = redactHeaders(response.headers, redact);
    if (isRedirect(response)) {
      return { failure: redirectError(response, target, url, headers, redact(text), redact) };
    }
    const error = errorFromResponse(response.status, headers, text, redact, hints);
    const safeText = redact(text);
    return { answer: { response: copyOf(response, headers, safeText), text: safeText, error } };
  }

  const sendCall = async (
    request: OutgoingRequest,
    options: CallOptions = {},
    readable = false,
  ): Promise<Answer> => {
    const signal = options.signal ?? request.signal ?? undefined;
    // Messages and log lines name the URL without its query, which may hold the token.
    const target: CallTarget = {
      method: request.method,
      url: request.url.split(/[?#]/, 1)[0] ?? "",
    };
    if (signal?.aborted) throw abortError(target, signal.reason);
    let url = request.url;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (tokenQuery) url += (url.includes("?") ? "&" : "?") + tokenQuery;
    else headers.authorization = `Bearer ${token}`;
    // Every attempt sends the same method, headers and bytes (bodies are never streams).
    // Redirects come back as responses, never followed: see redirect.ts.
    const init: RequestInit = {
      ...fetchOptions,
      method: request.method,
      headers,
      body: isCallRequest(request) ? (request.body ?? undefined) : await bodyOf(request as Request),
      redirect: "manual",
    };
    const attempts =
      config.isRepeatable?.(request) === false ? 1 : (options.maxRetries ?? maxRetries) + 1;
    const plan = { target, attempts, timeoutMs: options.timeoutMs ?? timeoutMs, signal, redact };
    // Attempts are timed and described only for a log or a trace that will show them (any
    // log level logs failures).
    const observed = log.failure !== undefined || onAttempt !== undefined;

    for (let attempt = 1; ; attempt++) {
      const started = observed ? Date.now() : 0;
      let settled: Settled;
      try {
        const exchange = await runAttempt(send, url, init, { ...plan, attempt });
        settled = settle(exchange, target, url, readable);
      } catch (error) {
        if (!(error instanceof ConnectionError || error instanceof TimeoutError)) {
          // The caller's own abort ends everything.
          throw signal?.aborted ? abortError(target, signal.reason) : error;
        }
        settled = { failure: error };
      }
      const failure = "failure" in settled ? settled.failure : settled.answer.error;
      const status = "answer" in settled ? settled.answer.response.status : statusOf(failure);
      const event = (last: boolean, retryInMs?: number): AttemptEvent => ({
        ...target,
        attempt,
        attempts: last ? attempt : attempts,
        outcome: failure === undefined ? String(status) : outcomeOf(failure),
        durationMs: Date.now() - started,
        retryInMs,
        status,
        error: failure,
      });

      if (failure === undefined || attempt >= attempts || !isRetryable(failure)) {
        if (observed) {
          const last = event(true);
          if (failure === undefined) log.success?.(last);
          else log.failure?.(last);
          onAttempt?.(request as Request, last);
        }
        if ("answer" in settled) return settled.answer;
        throw settled.failure;
      }
      const asked = failure instanceof ApiError ? retryAfterMs(failure.headers) : undefined;
      const wait = retryDelayMs(attempt - 1, asked);
      if (observed) {
        const retry = event(false, wait);
        log.retry?.(retry);
        onAttempt?.(request as Request, { ...retry, retryAfter: asked === wait });
      }
      await sleep(wait, signal, target);
    }
  };
  return { send: sendCall, errorFor };
}

/** A standard Request's body, read once, to send on every attempt. */
async function bodyOf(request: Request): Promise<BodyInit | undefined> {
  return request.body === null ? undefined : await request.arrayBuffer();
}

/**
 * A fresh response with the body already read, so openapi-fetch, middleware and the
 * caller can read it again. 204, 205 and 304 can carry no body.
 */
function copyOf(response: Response, headers: Headers, text: string): Response {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(empty ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function statusOf(failure: Failure | undefined): number | undefined {
  return failure instanceof ApiError ? failure.status : undefined;
}

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
