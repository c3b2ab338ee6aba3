import { connectionError } from "../errors/connection";
import { ResponseTooLargeError, TimeoutError } from "../errors/errors";
import type { Redactor } from "../errors/redact";
import { shownUrl } from "../errors/shown-url";
import type { Fetch, FetchOptions } from "../options/client-options";
import type { CallState } from "./call-state";
import type { ChainRequest, Next } from "./policy";
import { readText, rememberText } from "./read-body";

// The end of the chain: one attempt, that is one fetch and the reading of its body, cut
// when the attempt's time is up or the caller aborts. Cutting aborts fetch's signal, so
// the runtime closes the socket and never reads the late body; a timed-out exchange is not
// left running next to its retry. The body is read here, inside the attempt's time, so a
// body that stalls or breaks is a failed attempt the retry policy can retry.

/** What every attempt of a client sends with. */
export interface AttemptConfig {
  fetch: Fetch;
  fetchOptions: FetchOptions | undefined;
  redact: Redactor;
}

/**
 * The last step of a call's chain: sends the request once and reads the whole body (a
 * 2xx's is left to the caller when `call.unread()` says so). Rejects with the caller's
 * abort reason, a TimeoutError, a ResponseTooLargeError or a ConnectionError.
 */
export function attempt(config: AttemptConfig, call: CallState): Next {
  return async function sendOnce(request) {
    if (request.signal?.aborted) throw request.signal.reason;
    const clock = startClock(request, call);
    try {
      return await Promise.race([exchange(config, call, request, clock), clock.cutOff]);
    } finally {
      clock.stop();
    }
  };
}

/** The time of one attempt: its fetch's signal, and what cuts it. */
interface AttemptClock {
  /** Fetch's signal: aborted when the attempt is cut. */
  controller: AbortController;
  /**
   * Rejects when the attempt is cut: settled by the cut itself, not only through fetch's
   * signal, so a `fetch` that ignores its signal (a test double, an old polyfill) still
   * cannot hold the call past its time.
   */
  cutOff: Promise<never>;
  /** Whether the response headers came, for what a timeout says. */
  headersArrived: boolean;
  /** Stops the clock: the attempt is over. */
  stop(): void;
}

/** Starts the clock of an attempt: cut after `call.timeoutMs`, or when the caller aborts. */
function startClock(request: ChainRequest, call: CallState): AttemptClock {
  const { signal } = request;
  const controller = new AbortController();
  let cut: (reason: unknown) => void = () => {};
  const cutOff = new Promise<never>((_, reject) => {
    cut = (reason) => {
      controller.abort(reason);
      reject(reason);
    };
  });
  const clock: AttemptClock = { controller, cutOff, headersArrived: false, stop };
  const timer = setTimeout(
    () => cut(timeoutError(request, call, clock.headersArrived)),
    call.timeoutMs,
  );
  const onAbort = () => cut(signal?.reason);
  signal?.addEventListener("abort", onAbort);
  function stop() {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
  return clock;
}

/** One fetch and the reading of its body, under the attempt's clock. */
async function exchange(
  config: AttemptConfig,
  call: CallState,
  request: ChainRequest,
  clock: AttemptClock,
): Promise<Response> {
  const init: RequestInit = {
    ...config.fetchOptions,
    method: request.method,
    headers: request.headers,
    // Bytes are typed over any ArrayBufferLike, which fetch's own typing narrows.
    body: request.body as BodyInit | undefined,
    // Redirects come back as responses, never followed: see redirect.ts.
    redirect: "manual",
    signal: clock.controller.signal,
  };
  try {
    const response = await config.fetch(request.url, init);
    clock.headersArrived = true;
    if (response.ok && call.unread()) return response;
    const text = await readText(response, call.maxResponseBytes);
    if (text === undefined) throw tooLargeError(request, call);
    rememberText(response, text);
    return response;
  } catch (error) {
    if (error instanceof ResponseTooLargeError) {
      clock.controller.abort(error);
      throw error;
    }
    throw connectionError(error, targetOf(request), call.attempt, config.redact);
  }
}

/** What errors name a request by: its method and its URL as messages show it. */
export function targetOf(request: ChainRequest): { method: string; url: string } {
  return { method: request.method, url: shownUrl(request.url) };
}

function timeoutError(request: ChainRequest, call: CallState, headersArrived: boolean) {
  const { method, url } = targetOf(request);
  const what = headersArrived ? "the response headers but not the whole body" : "no response";
  return new TimeoutError(
    `${method} ${url}: attempt ${call.attempt} of ${call.attempts} got ${what} ` +
      `within ${call.timeoutMs} ms, and was cut. Raise timeoutMs or check the service.`,
  );
}

function tooLargeError(request: ChainRequest, call: CallState): ResponseTooLargeError {
  const { method, url } = targetOf(request);
  return new ResponseTooLargeError(
    `${method} ${url}: the response body passed maxResponseBytes ` +
      `(${call.maxResponseBytes} bytes, counted decompressed) and was cut. Ask for less, or raise ` +
      "maxResponseBytes (a client option, or a call option) if so large an answer is expected.",
    call.maxResponseBytes,
  );
}
