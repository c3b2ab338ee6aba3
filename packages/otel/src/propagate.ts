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
  traceparent: "Svc-Forward-Traceparent",
  tracestate: "Svc-Forward-Tracestate",
};

/**
 * Puts the trace context of `context` (the call's span) on the request's headers with the
 * propagator. On a workflow trigger, `traceparent` and `tracestate` also go as `Svc-Forward-*`
 * headers, which the service sends on with every delivery of the run; a forwarded header the
 * caller set on the trigger is theirs and stays.
 */
export function injectContext(
  propagator: TextMapPropagator | PropagationAPI,
  context: Context,
  request: Request,
  schemaPath: string,
): void {
  const carrier: Record<string, string> = {};
  propagator.inject(context, carrier, defaultTextMapSetter);
  for (const [name, value] of Object.entries(carrier)) {
    request.headers.set(name, value);
    const forwarded = FORWARDED[name.toLowerCase()];
    if (schemaPath === TRIGGER_PATH && forwarded && !request.headers.has(forwarded)) {
      request.headers.set(forwarded, value);
    }
  }
}
