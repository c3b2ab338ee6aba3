// When and how long to wait before an HTTP retry. Only failures that another
// attempt can fix are retried: lost connections, timeouts, 408 (request timeout),
// 409 (lock conflict), 429 (rate limit) and 5xx.

/** The longest `Retry-After` the retry loop waits for; a longer one gets the usual backoff. */
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The most `retryAfterMs` reports: one day. No wait of these services is longer (the
 * workflow service's own backoff stops at a day), a larger value is a broken header
 * (`Retry-After: 99999999` is three years), and a day stays below 2^31 - 1 ms, past which
 * `setTimeout` fires at once instead of waiting.
 */
export const MAX_REPORTED_RETRY_AFTER_MS = 86_400_000;

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait a response's `Retry-After` asks for, in milliseconds (it holds seconds or an
 * HTTP date), at most `MAX_REPORTED_RETRY_AFTER_MS`; undefined when it is absent or
 * unreadable. A date in the past is 0.
 */
export function retryAfterMs(headers: Headers): number | undefined {
  const after = headers.get("retry-after")?.trim();
  if (!after) return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(after)) ms = Number(after) * 1000;
  else {
    const date = Date.parse(after);
    if (Number.isNaN(date)) return undefined;
    ms = Math.max(0, date - Date.now());
  }
  return Math.min(ms, MAX_REPORTED_RETRY_AFTER_MS);
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
