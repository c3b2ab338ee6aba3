import {
  type Context,
  isSpanContextValid,
  type PropagationAPI,
  propagation,
  type TextMapPropagator,
  type TextMapSetter,
  trace,
} from "@opentelemetry/api";

/**
 * W3C Trace Context (`traceparent`, `tracestate`), written as the specification's version
 * 00 reads: what the client sends when no propagator was given and none is registered.
 * Only injection: the client never reads a trace context from a response.
 */
export const w3cTraceContext: TextMapPropagator = {
  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    const span = trace.getSpanContext(context);
    if (span === undefined || !isSpanContextValid(span)) return;
    const flags = (span.traceFlags & 0xff).toString(16).padStart(2, "0");
    setter.set(carrier, "traceparent", `00-${span.traceId}-${span.spanId}-${flags}`);
    const state = span.traceState?.serialize();
    if (state) setter.set(carrier, "tracestate", state);
  },
  extract: (context: Context) => context,
  fields: () => ["traceparent", "tracestate"],
};

/**
 * The propagator of a request when the options name none: the global one when an SDK (or
 * the app) registered one, W3C Trace Context otherwise. "None registered" is read from the
 * API's own answer: its default, the no-op propagator, declares no fields, and every
 * propagator that writes something declares the headers it writes. Asked per request, so a
 * propagator registered after the client was made is still used.
 */
export function globalOrW3c(): TextMapPropagator | PropagationAPI {
  return propagation.fields().length > 0 ? propagation : w3cTraceContext;
}
