import type { XError } from "../errors/errors";
import type { AttemptRecord } from "../options/log";

// Tracing is a hook of the call pipeline, not a middleware: a traced call takes the same
// path as an untraced one, and the pipeline (not whatever middleware returns) decides when
// a call and each of its attempts end, so each ends exactly once.

/** What a traced call is, as the pipeline knows it when the call starts. */
export interface TracedCallInfo {
  /** The operation: a method's name (`VectorIndex.query`) or, for `api`, `POST /query`. */
  name: string;
  /** HTTP method. */
  method: string;
  /** The path template of the operation, such as `/query/{namespace}`, when known. */
  template?: string;
  /** The URL without the token, the query values and userinfo redacted. */
  url: string;
}

/** The trace of one call, from {@link Tracing.startCall}. Its methods must not throw. */
export interface CallTrace {
  /**
   * Before attempt `attempt` (from 1) is sent: may add trace-context headers to `headers`,
   * this attempt's own copy. Every call of it is followed by one of `attempted`, when the
   * trace has one.
   *
   * @example
   * ```ts
   * import type { CallTrace } from "@x/core";
   *
   * // Each attempt carries its number, so the server's log can tell resends apart.
   * const trace: CallTrace = {
   *   attempt(attempt, headers) {
   *     headers["x-attempt"] = String(attempt);
   *   },
   *   attempted: () => {},
   *   end: () => {},
   * };
   * ```
   */
  attempt(attempt: number, headers: Record<string, string>): void;
  /**
   * After each attempt, retried, final, or cut by the caller's abort. Optional: a trace
   * that keeps nothing of attempts (a span that is not recorded) leaves it out, and the
   * client then neither times its attempts nor describes them for it.
   *
   * @example
   * ```ts
   * import type { CallTrace } from "@x/core";
   *
   * const trace: CallTrace = {
   *   attempt: () => {},
   *   attempted(event) {
   *     console.log(`attempt ${event.attempt}: ${event.status ?? event.error?.name}`);
   *   },
   *   end: () => {},
   * };
   * ```
   */
  attempted?(event: AttemptEvent): void;
  /**
   * Once, when the call ends: the final status, or the error it rejects with.
   *
   * @example
   * ```ts
   * import type { CallTrace } from "@x/core";
   *
   * const trace: CallTrace = {
   *   attempt: () => {},
   *   attempted: () => {},
   *   end(status, error) {
   *     console.log(error === undefined ? `done: ${status}` : `failed: ${String(error)}`);
   *   },
   * };
   * ```
   */
  end(status: number | undefined, error: unknown): void;
}

/** What a client's `tracing` option takes, as `tracing()` from `@x/otel` gives it. */
export interface Tracing {
  /**
   * Called as each call starts, in the caller's context. Must not throw.
   *
   * @example
   * ```ts
   * import type { Tracing } from "@x/core";
   *
   * // How long each call took, from its start to its end.
   * const tracing: Tracing = {
   *   startCall(call) {
   *     const started = performance.now();
   *     return {
   *       attempt() {},
   *       attempted() {},
   *       end: (status) => console.log(call.name, status, performance.now() - started),
   *     };
   *   },
   * };
   * ```
   */
  startCall(call: TracedCallInfo): CallTrace;
}

/** One attempt as the transport reports it to a {@link Tracing}. */
export interface AttemptEvent extends AttemptRecord {
  /** The response status, when a response came. */
  status?: number;
  /** The attempt's failure, already redacted: an `ApiError`, `ConnectionError` or `TimeoutError`. */
  error?: XError;
  /** Whether the wait before the next attempt is what the service's `Retry-After` asked for. */
  retryAfter?: boolean;
}
