import type { CallTrace } from "../call/tracing";
import type { CallState } from "./call-state";
import type { Policy } from "./policy";

/**
 * The tracing hook's policy: each attempt carries its own trace context, which the call's
 * trace writes (W3C `traceparent` with `@x/otel`) into the attempt's own copy of the
 * headers, where it also sees what the caller set (a trace context forwarded on purpose).
 * Inside the retry policy, so a retried attempt gets a context of its own.
 */
export function traceAttempts(trace: CallTrace, call: CallState): Policy {
  return function tracingAttempt(request, next) {
    const own: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      own[name] = value;
    });
    trace.attempt(call.attempt, own);
    return next({ ...request, headers: new Headers(own) });
  };
}
