// How long a scenario's call may take: every attempt its whole timeout, every wait between
// attempts the longest the transport or a Retry-After could ask (sped up as the scenarios
// run them), and a stated margin. A bound, not a timing.
import type { Scenario } from "./draw";
import { BACKOFF_SCALE } from "./observe";
import { isApi, isRangeAll } from "./operations";

/**
 * The most a call may take beyond its attempts and waits: the loopback round trips, the
 * scenario's own bookkeeping, and a loaded 2-core machine.
 */
export const MARGIN_MS = 3000;

/** The longest wait before retry `n` (from 0): the transport's cap, or a Retry-After. */
function longestWaitMs(retry: number): number {
  const backoff = Math.min(500 * 2 ** retry, 8000);
  const retryAfter = 2000; // the scenarios ask for 1 or 2 s
  return Math.max(backoff, retryAfter) / BACKOFF_SCALE;
}

/** The retries and the attempt timeout a call runs with: its own options, else the client's. */
export function effective(scenario: Scenario): { maxRetries: number; timeoutMs: number } {
  const { client, call } = scenario;
  const own = isApi(call.op) ? {} : call.options;
  return {
    maxRetries: own.maxRetries ?? client.maxRetries,
    timeoutMs: own.timeoutMs ?? client.timeoutMs,
  };
}

/** The time a scenario's call must settle within. */
export function budgetMs(scenario: Scenario): number {
  const { maxRetries, timeoutMs } = effective(scenario);
  let perRequest = 0;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    perRequest += timeoutMs + (attempt < maxRetries ? longestWaitMs(attempt) : 0);
  }
  const requests = isRangeAll(scenario.call.op) ? 2 : 1;
  // The body `asResponse` leaves unread is read afterwards, within one more timeout.
  const reading = scenario.call.take === "asResponse" ? timeoutMs : 0;
  return requests * perRequest + reading + MARGIN_MS;
}
