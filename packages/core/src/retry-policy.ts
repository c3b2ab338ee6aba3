// When and how long to wait before an HTTP retry. Only failures that another
// attempt can fix are retried: lost connections, timeouts, 408 (request timeout),
// 409 (lock conflict), 429 (rate limit) and 5xx.

const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds to wait before retry number `retry` (0 for the first retry).
 * A server's `Retry-After` (seconds or an HTTP date) wins when it is at most 60 s;
 * otherwise 0.5 s doubling to an 8 s cap, with up to 25% jitter taken off so
 * clients that failed together do not retry together.
 */
export function retryDelayMs(retry: number, headers?: Headers): number {
  const after = headers?.get("retry-after");
  if (after) {
    const seconds = Number(after);
    const ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
    if (ms >= 0 && ms <= MAX_RETRY_AFTER_MS) return ms;
  }
  return Math.min(500 * 2 ** retry, 8000) * (1 - Math.random() * 0.25);
}
