import type { Tracing } from "../call/tracing";
import type { Logger, LogLevel } from "./log";
import type { Optional } from "./optional";

/** The `fetch` a client sends with. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Extra `RequestInit` fields for every call (`keepalive`, `cache`, `credentials`), and
 * undici's `dispatcher` on Node. The fields the client sets per call are excluded, and so
 * is `redirect`: redirects are never followed. The keys are named, not open, so a typo
 * such as `cach` fails to compile instead of being passed to fetch and ignored.
 */
export type FetchOptions = Optional<
  Omit<RequestInit, "method" | "headers" | "body" | "signal" | "redirect">
> & {
  /** Node's (undici's) `Dispatcher`: a connection pool, proxy or TLS settings. */
  dispatcher?: unknown;
};

/** Options every client constructor accepts. */
export interface ClientOptions {
  /** API token. Sent as a bearer token; never included in errors. */
  token: string;
  /** HTTP retries after a retryable failure (default 2). Not a service-side retry count. */
  maxRetries?: number | undefined;
  /** Milliseconds one attempt may take, response body included (default 30 000). */
  timeoutMs?: number | undefined;
  /**
   * Bytes of a response body the client reads, counted as they arrive, after decompression
   * (default 256 MiB, above the largest answer the services allow). A longer body is cut
   * and the call fails with a `ResponseTooLargeError`, never retried. `asResponse()` hands
   * the body over unread, so this does not apply to it.
   */
  maxResponseBytes?: number | undefined;
  /**
   * A `fetch` to use instead of the global one (tests, proxies, instrumentation). It is
   * called as `fetch(url, init)`, like the global one, once per attempt.
   */
  fetch?: Fetch | undefined;
  /** Extra `RequestInit` fields for every call, such as `keepalive`, `cache` or a `dispatcher`. */
  fetchOptions?: FetchOptions | undefined;
  /**
   * Headers sent on every call; a call's own `headers` win over them. `authorization` and
   * `content-type` are refused: the client sets them.
   */
  defaultHeaders?: Record<string, string> | undefined;
  /** Where log lines go (default `console`): any object with `debug`, `info`, `warn`, `error`. */
  logger?: Logger | undefined;
  /**
   * How much to log: default `"off"`, or `"warn"` (failures and retries) when a `logger` is
   * given. Never the token, headers or bodies.
   */
  logLevel?: LogLevel | undefined;
  /** Tracing of every call, as `tracing()` from `@x/otel` gives it: a hook of each call. */
  tracing?: Tracing | undefined;
}

/**
 * Options of one call, given as the last argument of every client method, apart from the
 * request itself. Per-call values override the client's.
 */
export interface RequestOptions {
  /** Aborts the call, including the waits between retries; the call rejects with an `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds one attempt may take, response body included. */
  timeoutMs?: number | undefined;
  /** HTTP retries after a retryable failure. */
  maxRetries?: number | undefined;
  /** Bytes of the response body this call reads, instead of the client's `maxResponseBytes`. */
  maxResponseBytes?: number | undefined;
  /**
   * Extra HTTP headers of this call. They win over `defaultHeaders`; the request's own
   * headers (such as `Svc-*` options) win over them; `authorization` and `content-type`
   * are refused.
   */
  headers?: Record<string, string> | undefined;
}
