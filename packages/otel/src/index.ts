/**
 * OpenTelemetry tracing for the x clients: `tracing()` gives what a client's `tracing`
 * option takes, for a CLIENT span per call and W3C trace context on every request (and
 * into a workflow run's deliveries).
 *
 * @document ../README.md
 * @packageDocumentation
 * @module @x/otel
 */
export { type TracingOptions, tracing } from "./tracing";
