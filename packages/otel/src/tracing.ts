import {
  context,
  type PropagationAPI,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapPropagator,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import type { AttemptEvent, Middleware, Tracing } from "@x/core";
import { errorType, retryEvent } from "./attempt-event";
import {
  ERROR_TYPE,
  HTTP_REQUEST_RESEND_COUNT,
  HTTP_RESPONSE_STATUS_CODE,
  requestAttributes,
} from "./attributes";
import { injectContext } from "./propagate";

/** Options of {@link tracing}; every one is optional. */
export interface TracingOptions {
  /** Where spans go; default: the global tracer provider (`trace.getTracerProvider()`). */
  tracerProvider?: TracerProvider;
  /** What writes the trace context on each request; default: the global `propagation` API. */
  propagator?: TextMapPropagator;
  /**
   * Whether each request carries the trace context of its span (`traceparent`, `tracestate`),
   * and a workflow trigger also forwards it to its deliveries (default `true`).
   */
  propagate?: boolean;
}

/** A call in flight: its span, and the attempt that ended it once the transport said so. */
interface Call {
  span: Span;
  last?: AttemptEvent;
}

/**
 * OpenTelemetry tracing for an x client: one CLIENT span per call (named like
 * `POST /query/{namespace}`, with the HTTP client semantic conventions), an event per
 * retried attempt, and the W3C trace context on every request. Give it as a client's
 * `tracing` option. The token, request and response bodies and metadata are never
 * recorded.
 *
 * @example
 * ```ts
 * import { tracing } from "@x/otel";
 * import { VectorIndex } from "@x/vector";
 * import { WorkflowClient } from "@x/workflow";
 *
 * const index = VectorIndex.fromEnv(undefined, { tracing: tracing() });
 * await index.query({ vector: [0.1, 0.2, 0.3], topK: 5 }); // one span: POST /query
 *
 * // No trace context on the wire (a service that rejects unknown headers):
 * const wf = WorkflowClient.fromEnv(undefined, { tracing: tracing({ propagate: false }) });
 * ```
 */
export function tracing(options: TracingOptions = {}): Tracing {
  const { propagate = true } = options;
  const provider = options.tracerProvider ?? trace.getTracerProvider();
  const tracer = provider.getTracer("@x/otel");
  const propagator: TextMapPropagator | PropagationAPI = options.propagator ?? propagation;
  // Keyed by the Request openapi-fetch built, which is also what the transport reports
  // attempts of; a call that never ends (a later middleware threw) leaves nothing behind.
  const calls = new WeakMap<Request, Call>();

  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      const parent = context.active();
      const span = tracer.startSpan(
        `${request.method} ${schemaPath}`,
        { kind: SpanKind.CLIENT, attributes: requestAttributes(request, schemaPath) },
        parent,
      );
      calls.set(request, { span });
      if (propagate) injectContext(propagator, trace.setSpan(parent, span), request, schemaPath);
    },
    onResponse({ request, response }) {
      const call = calls.get(request);
      if (call === undefined) return;
      calls.delete(request);
      const { span, last } = call;
      span.setAttribute(HTTP_RESPONSE_STATUS_CODE, response.status);
      if (response.status >= 400) {
        span.setAttribute(ERROR_TYPE, errorType({ status: response.status }));
        fail(span, last?.error);
      }
      span.end();
    },
    onError({ request, error }) {
      const call = calls.get(request);
      if (call === undefined) return;
      calls.delete(request);
      const { span, last } = call;
      const failure = error instanceof Error ? error : last?.error;
      span.setAttribute(ERROR_TYPE, errorType({ status: last?.status, error: failure }));
      if (last?.status !== undefined) span.setAttribute(HTTP_RESPONSE_STATUS_CODE, last.status);
      fail(span, failure);
      span.end();
    },
  };

  function onAttempt(request: Request, event: AttemptEvent): void {
    const call = calls.get(request);
    if (call === undefined) return;
    if (event.retryInMs !== undefined) {
      const { name, attributes } = retryEvent(event);
      call.span.addEvent(name, attributes);
      return;
    }
    call.last = event;
    if (event.attempt > 1) call.span.setAttribute(HTTP_REQUEST_RESEND_COUNT, event.attempt - 1);
  }

  return { middleware, onAttempt };
}

/** Marks the call failed, with its error (already redacted by the client) as the exception. */
function fail(span: Span, error: Error | undefined): void {
  if (error === undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    return;
  }
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}
