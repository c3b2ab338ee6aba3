import { type CallTarget, connectionError } from "./connection-error";
import { ResponseTooLargeError, TimeoutError } from "./errors";
import { readText } from "./read-body";
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
  /** Bytes of the body read at most: past them the attempt is cut. */
  maxResponseBytes: number;
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
 * reason, a TimeoutError, a ResponseTooLargeError (the body passed `plan.maxResponseBytes`),
 * or a ConnectionError. `init.signal` is replaced by the attempt's.
 */
export function runAttempt(
  send: Fetch,
  url: string,
  init: RequestInit,
  plan: AttemptPlan,
): Promise<Exchange> {
  const { signal, timeoutMs } = plan;
  if (signal?.aborted) return Promise.reject(signal.reason);
  // One promise settled by whichever comes first: the exchange (fetch, then its body), its
  // failure, or the cut. It is settled by the cut itself, not only through fetch's signal,
  // so a `fetch` that ignores its signal (a test double, an old polyfill) still cannot
  // hold the call past its time; whatever that fetch does later settles nothing. (One
  // promise and no async closure or race: each of those was a promise and a hop per call.)
  return new Promise<Exchange>((resolve, reject) => {
    const controller = new AbortController();
    let headersArrived = false;
    let settled = false;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    };
    const cut = (reason: unknown) => {
      if (settled) return;
      finish();
      controller.abort(reason);
      reject(reason);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      reject(connectionError(error, plan.target, plan.attempt, plan.redact));
    };
    const timer = setTimeout(() => cut(timeoutError(plan, headersArrived)), timeoutMs);
    const onCallerAbort = () => cut(signal?.reason);
    signal?.addEventListener("abort", onCallerAbort);
    init.signal = controller.signal;

    const done = (exchange: Exchange) => {
      if (settled) return;
      finish();
      resolve(exchange);
    };
    const read = (response: Response) => {
      if (settled) return;
      headersArrived = true;
      // What throws here (a `fetch` double's answer that is no Response) fails the attempt,
      // as anything thrown inside the exchange does, rather than leave it to the timeout.
      try {
        if (response.ok && plan.unread?.()) done({ response, text: undefined });
        else {
          readText(response, plan.maxResponseBytes).then((text) => {
            if (text === undefined) cut(tooLargeError(plan));
            else done({ response, text });
          }, fail);
        }
      } catch (error) {
        fail(error);
      }
    };
    try {
      send(url, init).then(read, fail);
    } catch (error) {
      // A `fetch` that throws instead of rejecting.
      fail(error);
    }
  });
}

function timeoutError(plan: AttemptPlan, headersArrived: boolean): TimeoutError {
  const { target, attempt, attempts, timeoutMs } = plan;
  const what = headersArrived ? "the response headers but not the whole body" : "no response";
  return new TimeoutError(
    `${target.method} ${target.url}: attempt ${attempt} of ${attempts} got ${what} ` +
      `within ${timeoutMs} ms, and was cut. Raise timeoutMs or check the service.`,
  );
}

function tooLargeError(plan: AttemptPlan): ResponseTooLargeError {
  const { target, maxResponseBytes } = plan;
  return new ResponseTooLargeError(
    `${target.method} ${target.url}: the response body passed maxResponseBytes ` +
      `(${maxResponseBytes} bytes, counted decompressed) and was cut. Ask for less, or raise ` +
      "maxResponseBytes (a client option, or a call option) if so large an answer is expected.",
    maxResponseBytes,
  );
}
