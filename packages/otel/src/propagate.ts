import {
  type Context,
  defaultTextMapSetter,
  type PropagationAPI,
  type TextMapPropagator,
} from "@opentelemetry/api";

/** The workflow trigger: its delivery is where a trace would otherwise stop. */
const TRIGGER_PATH = "/v2/trigger/{workflowUrl}";

/** Trace context headers the workflow service passes on to the endpoint, by their forwarded name. */
const FORWARDED: Record<string, string> = {
  traceparent: "svc-forward-traceparent",
  tracestate: "svc-forward-tracestate",
};

/**
 * Puts the trace context of `context` on an attempt's headers (names in lower case) with
 * the propagator. On a workflow trigger, `traceparent` and `tracestate` also go as
 * `Svc-Forward-*` headers, which the service sends on with every delivery of the run; a
 * forwarded header the caller set on the trigger is theirs and stays.
 */
export function injectContext(
  propagator: TextMapPropagator | PropagationAPI,
  context: Context,
  headers: Record<string, string>,
  template: string | undefined,
): void {
  const carrier: Record<string, string> = {};
  propagator.inject(context, carrier, defaultTextMapSetter);
  for (const [name, value] of Object.entries(carrier)) {
    const lower = name.toLowerCase();
    headers[lower] = value;
    const forwarded = FORWARDED[lower];
    if (template === TRIGGER_PATH && forwarded && !(forwarded in headers)) {
      headers[forwarded] = value;
    }
  }
}
