import type { Attributes } from "@opentelemetry/api";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
} from "@opentelemetry/semantic-conventions";
import type { AttemptEvent } from "@x/core";

// The retry event's own attributes are ours, so they carry our namespace; the status and
// the error type keep the convention's names.
const RETRY_ATTEMPT = "x.retry.attempt";
const RETRY_OUTCOME = "x.retry.outcome";
const RETRY_DURATION_MS = "x.retry.duration_ms";
const RETRY_WAIT_MS = "x.retry.wait_ms";
const RETRY_AFTER = "x.retry.retry_after";

/** A span event for one attempt that did not end the call. */
export interface RetryEvent {
  /** `http.timeout` when the attempt was cut by `timeoutMs`, `http.retry` otherwise. */
  name: string;
  attributes: Attributes;
}

/**
 * The event of an attempt that will be retried: which attempt, how it ended, how long it
 * took, how long the client waits before the next one and whether the service's
 * `Retry-After` set that wait. The error's name, never its message: the span's exception
 * is the one that ends the call.
 */
export function retryEvent(event: AttemptEvent): RetryEvent {
  const attributes: Attributes = {
    [RETRY_ATTEMPT]: event.attempt,
    [RETRY_OUTCOME]: event.outcome,
    [RETRY_DURATION_MS]: event.durationMs,
    [RETRY_WAIT_MS]: event.retryInMs ?? 0,
    [RETRY_AFTER]: event.retryAfter === true,
  };
  if (event.status !== undefined) attributes[ATTR_HTTP_RESPONSE_STATUS_CODE] = event.status;
  attributes[ATTR_ERROR_TYPE] = errorType(event.status, event.error);
  const timedOut = event.error?.name === "TimeoutError";
  return { name: timedOut ? "http.timeout" : "http.retry", attributes };
}

/** `error.type` as the convention asks: the status code as text, or the error's class. */
export function errorType(status: number | undefined, error: unknown): string {
  if (status !== undefined && status >= 400) return String(status);
  return error instanceof Error ? error.name : "_OTHER";
}
