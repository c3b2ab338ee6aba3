import type { Attributes } from "@opentelemetry/api";
import type { AttemptEvent } from "@x/core";
import { ERROR_TYPE, HTTP_RESPONSE_STATUS_CODE } from "./attributes";

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
    attempt: event.attempt,
    outcome: event.outcome,
    duration_ms: event.durationMs,
    wait_ms: event.retryInMs ?? 0,
    retry_after: event.retryAfter === true,
  };
  if (event.status !== undefined) attributes[HTTP_RESPONSE_STATUS_CODE] = event.status;
  attributes[ERROR_TYPE] = errorType(event);
  const timedOut = event.error?.name === "TimeoutError";
  return { name: timedOut ? "http.timeout" : "http.retry", attributes };
}

/** `error.type` as the convention asks: the status code as text, or the error's class. */
export function errorType(event: { status?: number; error?: { name: string } }): string {
  if (event.status !== undefined && event.status >= 400) return String(event.status);
  return event.error?.name ?? "_OTHER";
}
