import type { CallTrace } from "../call/tracing";
import type { CallState } from "./call-state";
import type { Policy } from "./policy";

/**
 * The tracing hook's policy: each attempt carries its own trace context, which the call's
 * trace writes (W3C `traceparent` with `@x/otel`). Inside the retry policy, so a retried
 * attempt gets a context of its own.
 */
export function traceAttempts(trace: CallTrace, call: CallState): Policy {
  return function tracingAttempt(request, next) {
    const added: Record<string, string> = {};
    trace.attempt(call.attempt, added);
    const headers = new Headers(request.headers);
    for (const name in added) headers.set(name, added[name] as string);
    return next({ ...request, headers });
  };
}
