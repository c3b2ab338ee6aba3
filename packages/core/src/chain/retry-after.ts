// What a response's `Retry-After` asks for. Apart from the retry policy, as the
// `RateLimitError` reports it too.

/**
 * The most `retryAfterMs` reports: one day. No wait of these services is longer (the
 * workflow service's own backoff stops at a day), a larger value is a broken header
 * (`Retry-After: 99999999` is three years), and a day stays below 2^31 - 1 ms, past which
 * `setTimeout` fires at once instead of waiting.
 */
const MAX_REPORTED_RETRY_AFTER_MS = 86_400_000;

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
