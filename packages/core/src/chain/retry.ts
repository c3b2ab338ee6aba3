import type { AttemptEvent } from "../call/tracing";
import {
  AbortError,
  ApiError,
  ConnectionError,
  ResponseTooLargeError,
  TimeoutError,
  XError,
} from "../errors/errors";
import { targetOf } from "./attempt";
import type { CallState } from "./call-state";
import type { ChainRequest, Policy } from "./policy";
import { retryAfterMs } from "./retry-after";

// The retry policy: it sends the attempts of a call. Only failures that another attempt
// can fix are retried: lost connections, timeouts, 408 (request timeout), 409 (lock
// conflict), 429 (rate limit) and 5xx. The log and the trace hear of each attempt from
// here, as only here is it known whether another follows and after what wait.

/** The longest `Retry-After` the retry policy waits for; a longer one gets the usual backoff. */
const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `retry` (0 for the first retry), given what the
 * server's `Retry-After` asked for (see `retryAfterMs`). That wins when it is at most 60 s;
 * otherwise 0.5 s doubling to an 8 s cap, with up to 25% jitter taken off so clients that
 * failed together do not retry together.
 */
export function retryDelayMs(retry: number, asked?: number): number {
  if (asked !== undefined && asked <= MAX_RETRY_AFTER_MS) return asked;
  return Math.min(500 * 2 ** retry, 8000) * (1 - Math.random() * 0.25);
}

/** What the retry policy of a client decides with. */
export interface RetryConfig {
  /** Whether a request may be sent again after a failure; default: always. */
  isRepeatable?: ((headers: Headers) => boolean) | undefined;
  /** The typed error of a failed response, for what `observe` hears. */
  errorFor: (response: Response) => ApiError;
}

/** A failure of one attempt that the policy judges: anything else ends the call. */
type Failure = ConnectionError | TimeoutError | ResponseTooLargeError;

function isFailure(error: unknown): error is Failure {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof ResponseTooLargeError
  );
}

/** The retry policy of one call. */
export function retry(config: RetryConfig, call: CallState): Policy {
  return async function retrying(request, next) {
    call.attempts = (config.isRepeatable?.(request.headers) ?? true) ? call.maxRetries + 1 : 1;
    for (call.attempt = 1; ; call.attempt++) {
      const started = call.observe ? Date.now() : 0;
      let outcome: Response | Failure;
      try {
        outcome = await next(request);
      } catch (error) {
        if (!isFailure(error)) throw ended(request, error, call, started);
        outcome = error;
      }
      const wait = waitBeforeRetry(outcome, call);
      if (call.observe) call.observe(eventOf(outcome, request, call, started, wait, config));
      if (wait === undefined) {
        if (outcome instanceof Response) return outcome;
        throw outcome;
      }
      await sleep(wait, request);
    }
  };
}

/** The wait before the next attempt, or undefined when the outcome is final. */
function waitBeforeRetry(outcome: Response | Failure, call: CallState): number | undefined {
  if (call.attempt >= call.attempts) return undefined;
  if (outcome instanceof Response) {
    if (outcome.ok || !isRetryableStatus(outcome.status)) return undefined;
    return retryDelayMs(call.attempt - 1, retryAfterMs(outcome.headers));
  }
  // A body over the limit would only come back as large.
  if (outcome instanceof ResponseTooLargeError) return undefined;
  return retryDelayMs(call.attempt - 1);
}

/**
 * What ends a call that failed otherwise: the caller's abort (an AbortError whose cause is
 * the signal's reason), or whatever a policy threw, as it is.
 */
function ended(request: ChainRequest, error: unknown, call: CallState, started: number): unknown {
  const { signal } = request;
  const final = signal?.aborted ? abortError(request, signal.reason) : error;
  call.observe?.({
    ...targetOf(request),
    attempt: call.attempt,
    attempts: call.attempts,
    outcome: final instanceof XError ? outcomeOf(final) : "Error",
    durationMs: Date.now() - started,
    status: final instanceof ApiError ? final.status : undefined,
    error: final instanceof XError ? final : undefined,
  });
  return final;
}

/** One attempt as the log and the trace hear of it. */
function eventOf(
  outcome: Response | Failure,
  request: ChainRequest,
  call: CallState,
  started: number,
  retryInMs: number | undefined,
  config: RetryConfig,
): AttemptEvent {
  const isResponse = outcome instanceof Response;
  const error = isResponse ? (outcome.ok ? undefined : config.errorFor(outcome)) : outcome;
  const asked = isResponse ? retryAfterMs(outcome.headers) : undefined;
  return {
    ...targetOf(request),
    attempt: call.attempt,
    attempts: call.attempts,
    outcome: isResponse ? String(outcome.status) : outcomeOf(outcome),
    durationMs: Date.now() - started,
    retryInMs,
    status: isResponse ? outcome.status : undefined,
    error,
    retryAfter: retryInMs !== undefined && asked === retryInMs,
  };
}

/** A failure as a log line names it: its status, else its class and code when it has one. */
function outcomeOf(failure: XError): string {
  if (failure instanceof ApiError) return String(failure.status);
  if (failure instanceof ConnectionError && failure.code) return `${failure.name} ${failure.code}`;
  return failure.name;
}

/** The error for a call its caller's signal aborted; `cause` is the signal's reason. */
function abortError(request: ChainRequest, reason: unknown): AbortError {
  const { method, url } = targetOf(request);
  return new AbortError(`${method} ${url} was aborted by its signal.`, { cause: reason });
}

/** Waits `ms`, or rejects with the AbortError of the request's signal when it aborts first. */
function sleep(ms: number, request: ChainRequest): Promise<void> {
  const { signal } = request;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(request, signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(request, signal?.reason));
    };
    // The listener goes when the wait ends, so a long-lived signal does not collect them.
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort);
  });
}
