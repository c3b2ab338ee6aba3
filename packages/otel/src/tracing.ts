import {
  type Attributes,
  type Context,
  context,
  isSpanContextValid,
  type PropagationAPI,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapPropagator,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
} from "@opentelemetry/semantic-conventions";
import type { CallTrace, TracedCallInfo, Tracing } from "@x/core";
import { errorType, retryEvent } from "./attempt-event";
import { callAttributesOf } from "./attributes";
import { injectContext } from "./propagate";
import { globalOrW3c } from "./w3c-propagator";

/** Options of {@link tracing}; every one is optional. */
export interface TracingOptions {
  /** Where spans go; default: the global tracer provider (`trace.getTracerProvider()`). */
  tracerProvider?: TracerProvider | undefined;
  /**
   * What writes the trace context on each request; default: the global propagator when one
   * is registered (`propagation.setGlobalPropagator`, done by your SDK), W3C Trace Context
   * (`traceparent`, `tracestate`) when none is.
   */
  propagator?: TextMapPropagator | undefined;
  /**
   * Whether each request carries the trace context of its span (`traceparent`, `tracestate`),
   * and a workflow trigger also forwards it to its deliveries (default `true`).
   */
  propagate?: boolean | undefined;
  /**
   * Whether each HTTP attempt gets a CLIENT span of its own under the call's span (default
   * `true`). Turn it off when the `fetch` the client uses is instrumented already: the
   * call's span is then the CLIENT span, and attempts show as its events.
   */
  attemptSpans?: boolean | undefined;
}

/**
 * OpenTelemetry tracing for an x client, by the HTTP semantic conventions for resends: a
 * span per method call named after the operation (`VectorIndex.query`, or `POST /query`
 * for `api`), a CLIENT span per HTTP attempt under it (named like `POST /query`, or
 * `POST /query/{namespace}` in a named namespace, with `http.request.resend_count` from the
 * second), an event per retried attempt, and the
 * W3C trace context on every request. Give it as a client's `tracing` option. The token,
 * request and response bodies, metadata and a destination URL's query values are never
 * recorded.
 *
 * @example
 * ```ts
 * import { tracing } from "@x/otel";
 * import { VectorIndex } from "@x/vector";
 * import { WorkflowClient } from "@x/workflow";
 *
 * const index = VectorIndex.fromEnv(undefined, { tracing: tracing() });
 * await index.query({ vector: [0.1, 0.2, 0.3], topK: 5 }); // VectorIndex.query > POST /query
 *
 * // No trace context on the wire (a service that rejects unknown headers):
 * const wf = WorkflowClient.fromEnv(undefined, { tracing: tracing({ propagate: false }) });
 * ```
 */
export function tracing(options: TracingOptions = {}): Tracing {
  const { propagate = true, attemptSpans = true } = options;
  const provider = options.tracerProvider ?? trace.getTracerProvider();
  const tracer = provider.getTracer("@x/otel");
  const given = options.propagator;
  const propagatorOf = (): TextMapPropagator | PropagationAPI => given ?? globalOrW3c();
  const callAttributes = callAttributesOf();

  const kind = attemptSpans ? SpanKind.INTERNAL : SpanKind.CLIENT;

  function startCall(call: TracedCallInfo): CallTrace {
    const parent = context.active();
    // The sampler may read the attributes, so the span starts with them even when it will
    // not record.
    const attributes = callAttributes(call);
    const span = tracer.startSpan(call.name, { kind, attributes }, parent);
    if (!span.isRecording()) return unrecorded(span, parent, call.template);
    const inCall = trace.setSpan(parent, span);
    const attemptName = call.template ? `${call.method} ${call.template}` : call.method;
    // The attempt in flight; the pipeline reports each attempt's end before the next starts.
    let attemptSpan: Span | undefined;

    return {
      attempt(attempt, headers) {
        let carried = inCall;
        if (attemptSpans) {
          const own: Attributes = { ...attributes };
          if (attempt > 1) own[ATTR_HTTP_REQUEST_RESEND_COUNT] = attempt - 1;
          attemptSpan = tracer.startSpan(
            attemptName,
            { kind: SpanKind.CLIENT, attributes: own },
            inCall,
          );
          carried = trace.setSpan(inCall, attemptSpan);
        }
        if (propagate) injectContext(propagatorOf(), carried, headers, call.template);
      },
      attempted(event) {
        if (event.retryInMs !== undefined) {
          const { name, attributes: retry } = retryEvent(event);
          span.addEvent(name, retry);
        }
        if (!attemptSpans && event.attempt > 1) {
          span.setAttribute(ATTR_HTTP_REQUEST_RESEND_COUNT, event.attempt - 1);
        }
        if (attemptSpan) {
          finish(attemptSpan, event.status, event.error);
          attemptSpan = undefined;
        }
      },
      end(status, error) {
        finish(span, status ?? statusOf(error), error);
      },
    };
  }

  /**
   * The trace of a call whose span records nothing (no SDK registered, or sampled out): no
   * attempt spans, events or attributes, which would be dropped, and no `attempted`, so the
   * client does not describe attempts for it; but the same context on the wire, so the
   * service and a workflow's deliveries continue the caller's trace (a sampled-out trace
   * stays one trace, its flags saying so).
   */
  function unrecorded(span: Span, parent: Context, template: string | undefined): CallTrace {
    let inCall: Context | undefined;
    return {
      attempt(_attempt, headers) {
        if (!propagate) return;
        inCall ??= passesOn(parent, span) ? parent : trace.setSpan(parent, span);
        injectContext(propagatorOf(), inCall, headers, template);
      },
      end() {
        span.end();
      },
    };
  }

  return { startCall };
}

/**
 * Whether `span` only passes on its parent's trace context, as the API's no-op tracer's
 * spans do (the parent's own span context, or none where the parent has none): the parent
 * is then carried as it is, with no context copied per call to hold the span.
 */
function passesOn(parent: Context, span: Span): boolean {
  const own = span.spanContext();
  const parents = trace.getSpanContext(parent);
  return parents === undefined ? !isSpanContextValid(own) : parents === own;
}

/** The status of an error that came from a response (an ApiError). */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === "number" ? status : undefined;
}

/** Ends a span with its outcome: the status, and for a failure its type and exception. */
function finish(span: Span, status: number | undefined, error: unknown): void {
  if (status !== undefined) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (error !== undefined || (status !== undefined && status >= 400)) {
    span.setAttribute(ATTR_ERROR_TYPE, errorType(status, error));
    if (error instanceof Error) {
      // Already redacted by the client.
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    } else {
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  span.end();
}
