import { type CallTarget, connectionError } from "./connection-error";
import { TimeoutError } from "./errors";
import type { Redactor } from "./redact";

// One attempt of a call: one fetch and the reading of its body, cut when the attempt's
// time is up or the caller aborts. Cutting means aborting fetch's signal, so the runtime
// closes the socket and never reads the late body; a timed-out exchange is not left
// running next to its retry.

/** The `fetch` a client sends with. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** What one attempt runs with. */
export interface AttemptPlan {
  target: CallTarget;
  /** This attempt's number, from 1. */
  attempt: number;
  /** The most attempts the call may make. */
  attempts: number;
  timeoutMs: number;
  /** The caller's signal: its abort ends the attempt with the caller's reason. */
  signal: AbortSignal | undefined;
  redact: Redactor;
  /** Asked as a 2xx arrives: leave its body unread for the caller, and stop the clock. */
  unread?: () => boolean;
}

/** A response read to its end, or a 2xx whose body is left unread (`text` undefined). */
export interface Exchange {
  response: Response;
  text: string | undefined;
}

/**
 * Sends `init` to `url` once and reads the whole body (a 2xx's is left to the caller when
 * `plan.unread` says so: its time then stops at the headers). Rejects with the caller's abort
 * reason, a TimeoutError, or a ConnectionError. `init.signal` is replaced by the attempt's.
 */
export async function runAttempt(
  send: Fetch,
  url: string,
  init: RequestInit,
  plan: AttemptPlan,
): Promise<Exchange> {
  const { signal, timeoutMs } = plan;
  signal?.throwIfAborted();
  const controller = new AbortController();
  let headersArrived = false;
  // Why the attempt was cut, if it was: a TimeoutError, or the caller's abort reason.
  let cutFor: { reason: unknown } | undefined;
  // The exchange is also raced against the cut, so a `fetch` that ignores its signal (a
  // test double, an old polyfill) still cannot hold the call past its time.
  let rejectStopped: (reason: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  const cut = (reason: unknown) => {
    cutFor ??= { reason };
    controller.abort(reason);
    rejectStopped(reason);
  };
  const timer = setTimeout(() => cut(timeoutError(plan, headersArrived)), timeoutMs);
  const onCallerAbort = () => cut(signal?.reason);
  signal?.addEventListener("abort", onCallerAbort);
  init.signal = controller.signal;
  const exchange = async (): Promise<Exchange> => {
    const response = await send(url, init);
    headersArrived = true;
    if (response.ok && plan.unread?.()) return { response, text: undefined };
    return { response, text: await response.text() };
  };
  try {
    return await Promise.race([exchange(), stopped]);
  } catch (error) {
    if (cutFor) throw cutFor.reason;
    throw connectionError(error, plan.target, plan.attempt, plan.redact);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }
}

function timeoutError(plan: AttemptPlan, headersArrived: boolean): TimeoutError {
  const { target, attempt, attempts, timeoutMs } = plan;
  const what = headersArrived ? "the response headers but not the whole body" : "no response";
  return new TimeoutError(
    `${target.method} ${target.url}: attempt ${attempt} of ${attempts} got ${what} ` +
      `within ${timeoutMs} ms, and was cut. Raise timeoutMs or check the service.`,
  );
}
