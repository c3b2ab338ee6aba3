import type { WithResponse } from "./api-promise";
import { ConnectionError, errorFromResponse, invalid, TimeoutError } from "./errors";
import type { HttpMethod } from "./operation-types";
import { mergeHeaders } from "./request-options";
import { isRetryableStatus, retryDelayMs } from "./retry-policy";

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
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface TransportConfig extends ClientOptions {
  /** Absolute base URL; each call's path is appended to it. */
  baseUrl: string;
  /** Where the token goes: `Authorization: Bearer` (default) or a query parameter. */
  tokenIn?: "header" | "query";
  /** Name of the query parameter when `tokenIn` is `"query"`. */
  tokenQueryParam?: string;
}

/** A raw body sent as given. Streams are excluded: a retry must resend the same bytes. */
export type RawBody = string | Uint8Array | ArrayBuffer | Blob;

/** One HTTP request as a client method builds it. */
export interface Call {
  method: HttpMethod;
  /** Already encoded; appended to the base URL as is. */
  path: string;
  /** Headers of the request itself (e.g. `Svc-*`); they win over per-call extra headers. */
  headers?: Record<string, string>;
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

/** What one attempt needs from the call's options. */
interface AttemptSettings {
  signal: AbortSignal | undefined;
  timeoutMs: number;
}

const TIMEOUT = Symbol("timeout");

export function createTransport(config: TransportConfig): Transport {
  const { token, maxRetries = 2, timeoutMs = 30_000 } = config;
  if (typeof token !== "string" || !token) invalid("token", "must be a non-empty string");
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    invalid("maxRetries", "must be a non-negative integer");
  }
  // setTimeout fires at once for delays beyond 2^31 - 1 ms, so those are refused too.
  if (!(timeoutMs > 0 && timeoutMs <= 2 ** 31 - 1)) {
    invalid("timeoutMs", "must be a positive number");
  }
  const base = config.baseUrl.replace(/\/+$/, "");
  const tokenQuery =
    config.tokenIn === "query"
      ? `${config.tokenQueryParam}=${encodeURIComponent(token)}`
      : undefined;
  // A server or proxy may echo what it received; no text of theirs reaches an error's
  // message or properties with the token still in it. (Results go to the caller as sent.)
  // Both as given and as encoded into a query string.
  const redact = (text: string) =>
    text.split(token).join("[redacted]").split(encodeURIComponent(token)).join("[redacted]");

  async function attempt(url: string, init: RequestInit, settings: AttemptSettings) {
    const send = config.fetch ?? fetch;
    const { signal, timeoutMs } = settings;
    signal?.throwIfAborted();
    // Only the caller's own signal goes to fetch; the timeout is a timer raced against
    // the exchange. On Node 20 an AbortController per call costs more than the rest of
    // the client together. A timed-out exchange is abandoned, not torn down: its late
    // response is still read to the end, which hands the connection back to the pool.
    // A caller who needs the socket cut passes `signal`.
    init.signal = signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const exchange = (async () => {
      // (url, init) rather than a Request: fetch builds its own Request anyway, and a
      // second one per call costs more than the rest of the client together.
      const response = await send(url, init);
      return { response, text: await response.text() };
    })();
    try {
      return await Promise.race([
        exchange,
        new Promise<never>((_, reject) => {
          timer = setTimeout(reject, timeoutMs, TIMEOUT);
        }),
      ]);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error === TIMEOUT) {
        throw new TimeoutError(
          `No response in ${timeoutMs} ms. Raise timeoutMs or check the service.`,
        );
      }
      const reason = redact(String((error as Error)?.message ?? error));
      throw new ConnectionError(
        `Could not reach the service (${reason}). Check the URL and network.`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return async <T>(call: Call, options: RequestOptions = {}): Promise<WithResponse<T>> => {
    const { signal } = options;
    const settings = { signal, timeoutMs: options.timeoutMs ?? timeoutMs };
    const headers = mergeHeaders(options.headers, call.headers);
    let url = base + call.path;
    if (tokenQuery) url += (url.includes("?") ? "&" : "?") + tokenQuery;
    else headers.authorization = `Bearer ${token}`;
    let body = call.body;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers["content-type"] = "application/json";
    }
    // Every attempt sends the same method, headers and bytes (bodies are never streams).
    const init: RequestInit = { method: call.method, headers, body: body as BodyInit | undefined };
    const retries = call.retry === false ? 0 : (options.maxRetries ?? maxRetries);

    for (let retry = 0; ; retry++) {
      let outcome: Awaited<ReturnType<typeof attempt>>;
      try {
        outcome = await attempt(url, init, settings);
      } catch (error) {
        // The caller's own abort ends everything; a lost connection or a timeout
        // is worth another try when the request may be repeated.
        const transient = error instanceof ConnectionError || error instanceof TimeoutError;
        if (!transient || retry >= retries) throw error;
        await sleep(retryDelayMs(retry), signal);
        continue;
      }
      const { response, text } = outcome;
      if (response.ok) {
        try {
          return { data: JSON.parse(text) as T, response };
        } catch {
          // An HTML page from a proxy, or a body cut off: an ApiError below, never a
          // bare SyntaxError.
        }
      } else if (retry < retries && isRetryableStatus(response.status)) {
        await sleep(retryDelayMs(retry, response.headers), signal);
        continue;
      }
      throw errorFromResponse(response.status, response.headers, redact(text));
    }
  };
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
