// The trace context on each request: the call's span as `traceparent`, the parent's
// `tracestate`, the forwarded copies on a workflow trigger, and none with `propagate: false`.

import {
  context,
  createTraceState,
  ProxyTracerProvider,
  propagation,
  type SpanContext,
  type TextMapPropagator,
  TraceFlags,
  trace,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { checkRequest, formatViolations, loadSpec } from "@x/openapi-check";
import { tracing } from "@x/otel";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { onlySpan, TOKEN, traced } from "./harness";
import { BASE, INFO, stubFetch } from "./stub-fetch";

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(() => {
  context.disable();
});
afterEach(() => {
  propagation.disable();
});

/** A remote parent, as a server would have read it from its own incoming request. */
const PARENT: SpanContext = {
  traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
  spanId: "00f067aa0ba902b7",
  traceFlags: TraceFlags.SAMPLED,
  traceState: createTraceState("vendor=opaque"),
};

function underParent<T>(run: () => Promise<T>): Promise<T> {
  return context.with(trace.setSpanContext(context.active(), PARENT), run);
}

/** A propagator of another format: it writes only the trace id, under its own header. */
const ONLY_B3_LIKE: TextMapPropagator = {
  inject(context, carrier, setter) {
    const span = trace.getSpanContext(context);
    if (span) setter.set(carrier, "x-test-trace", span.traceId);
  },
  extract: (context) => context,
  fields: () => ["x-test-trace"],
};

/** `traceparent`'s version, trace id, parent id and flags. */
function parse(traceparent: string | null) {
  const [version, traceId, spanId, flags] = (traceparent ?? "").split("-");
  return { version, traceId, spanId, flags };
}

function vector(options: Parameters<typeof traced>[0] = {}) {
  const trace = traced(options);
  const { fetch, sent } = stubFetch({ status: 200, body: { result: INFO } });
  const index = new VectorIndex({ url: BASE, token: TOKEN, fetch, tracing: trace.tracing });
  return { ...trace, index, sent };
}

const TRIGGER_RESULT = { workflowRunId: "wfr_otel", workflowCreatedAt: 1763776800000 };

function workflow(options: Parameters<typeof traced>[0] = {}) {
  const trace = traced(options);
  const requests: Request[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push(new Request(url, init));
    return Response.json(TRIGGER_RESULT);
  };
  const wf = new WorkflowClient({
    baseUrl: "https://workflow.example.com",
    token: TOKEN,
    fetch,
    tracing: trace.tracing,
  });
  return { ...trace, wf, requests };
}

describe("a vector call", () => {
  test("carries the call span's traceparent", async () => {
    const { index, sent, spans } = vector();
    await index.info();
    const span = onlySpan(spans());
    const sentContext = parse(sent[0]?.get("traceparent") ?? null);
    expect(sentContext).toEqual({
      version: "00",
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
      flags: "01",
    });
    expect(sent[0]?.has("svc-forward-traceparent")).toBe(false);
  });

  test("under a parent: the span is its child, the request carries its trace and tracestate", async () => {
    const { index, sent, spans } = vector();
    await underParent(() => index.info());
    const span = onlySpan(spans());
    expect(span.parentSpanContext?.spanId).toBe(PARENT.spanId);
    expect(span.spanContext().traceId).toBe(PARENT.traceId);
    expect(parse(sent[0]?.get("traceparent") ?? null).traceId).toBe(PARENT.traceId);
    expect(sent[0]?.get("tracestate")).toBe("vendor=opaque");
  });

  test("propagate: false sends no trace context, and the span is still recorded", async () => {
    const { index, sent, spans } = vector({ propagate: false });
    await underParent(() => index.info());
    expect(sent[0]?.has("traceparent")).toBe(false);
    expect(sent[0]?.has("tracestate")).toBe(false);
    expect(onlySpan(spans()).spanContext().traceId).toBe(PARENT.traceId);
  });

  test("without a propagator option and none registered, W3C trace context goes on the wire", async () => {
    // The API's default propagator is a no-op: without this fallback nothing would be sent.
    expect(propagation.fields()).toEqual([]);
    const { index, sent, spans } = vector({ propagator: undefined });
    await underParent(() => index.info());
    expect(parse(sent[0]?.get("traceparent") ?? null)).toEqual({
      version: "00",
      traceId: PARENT.traceId,
      spanId: onlySpan(spans()).spanContext().spanId,
      flags: "01",
    });
    expect(sent[0]?.get("tracestate")).toBe("vendor=opaque");
  });

  test("a registered global propagator is used, also when registered after the client was made", async () => {
    const { index, sent } = vector({ propagator: undefined });
    propagation.setGlobalPropagator(ONLY_B3_LIKE);
    await index.info();
    expect(sent[0]?.has("traceparent")).toBe(false);
    expect(sent[0]?.get("x-test-trace")).toMatch(/^[0-9a-f]{32}$/);
  });

  test("an explicit propagator wins over the global one", async () => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const { index, sent } = vector({ propagator: ONLY_B3_LIKE });
    await index.info();
    expect(sent[0]?.has("traceparent")).toBe(false);
    expect(sent[0]?.get("x-test-trace")).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("a workflow trigger", () => {
  test("forwards traceparent and tracestate to the delivery, and still fits the spec", async () => {
    const { wf, requests, spans } = workflow();
    await underParent(() =>
      wf.trigger({ url: "https://example.org/api/workflow", body: { order: 1 } }),
    );
    const [request] = requests;
    if (request === undefined) throw new Error("no request was sent");
    const traceparent = request.headers.get("traceparent");
    expect(parse(traceparent)).toMatchObject({
      traceId: PARENT.traceId,
      spanId: onlySpan(spans()).spanContext().spanId,
    });
    expect(request.headers.get("Svc-Forward-Traceparent")).toBe(traceparent);
    expect(request.headers.get("Svc-Forward-Tracestate")).toBe("vendor=opaque");
    const { violations } = await checkRequest(loadSpec("workflow"), request);
    expect(formatViolations(violations)).toBe("");
  });

  test("no tracestate to forward when the trace has none", async () => {
    const { wf, requests } = workflow();
    await wf.trigger({ url: "https://example.org/api/workflow" });
    expect(requests[0]?.headers.has("Svc-Forward-Traceparent")).toBe(true);
    expect(requests[0]?.headers.has("Svc-Forward-Tracestate")).toBe(false);
  });

  test("a traceparent the caller forwards on purpose stays theirs", async () => {
    const theirs = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const { wf, requests } = workflow();
    await wf.trigger({ url: "https://example.org/api/workflow", headers: { traceparent: theirs } });
    expect(requests[0]?.headers.get("Svc-Forward-Traceparent")).toBe(theirs);
    expect(requests[0]?.headers.get("traceparent")).not.toBe(theirs);
  });

  test("propagate: false forwards nothing", async () => {
    const { wf, requests } = workflow({ propagate: false });
    await underParent(() => wf.trigger({ url: "https://example.org/api/workflow" }));
    expect([...(requests[0]?.headers.keys() ?? [])].filter((name) => /trace/i.test(name))).toEqual(
      [],
    );
  });
});

describe("a call whose span is not recorded (sampled out)", () => {
  /** A parent the caller's own sampler chose not to record: its flags say so. */
  const UNSAMPLED: SpanContext = { ...PARENT, traceFlags: TraceFlags.NONE };

  function sampledOut() {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    // Every span the client starts, recorded or not.
    const started: string[] = [];
    const tracer = provider.getTracer("@x/otel");
    const startSpan = tracer.startSpan.bind(tracer);
    tracer.startSpan = (name, options, parent) => {
      started.push(name);
      return startSpan(name, options, parent);
    };
    const tracerProvider = { getTracer: () => tracer };
    const { fetch, sent } = stubFetch(
      { status: 503, body: { error: "busy", status: 503 }, headers: { "retry-after": "0" } },
      { status: 200, body: { result: INFO } },
    );
    const index = new VectorIndex({
      url: BASE,
      token: TOKEN,
      fetch,
      tracing: tracing({ tracerProvider, propagator: new W3CTraceContextPropagator() }),
    });
    return { index, sent, started, spans: () => exporter.getFinishedSpans() };
  }

  test("still carries the trace on every attempt, and starts no attempt span", async () => {
    const { index, sent, started, spans } = sampledOut();
    await context.with(trace.setSpanContext(context.active(), UNSAMPLED), () => index.info());
    expect(started).toEqual(["VectorIndex.info"]);
    expect(spans()).toEqual([]);
    expect(sent).toHaveLength(2);
    for (const headers of sent) {
      const sentContext = parse(headers.get("traceparent"));
      expect(sentContext.traceId).toBe(PARENT.traceId);
      expect(sentContext.flags).toBe("00");
      expect(headers.get("tracestate")).toBe("vendor=opaque");
    }
  });

  test("a sampled-out root still sends a trace of its own", async () => {
    const { index, sent, spans } = sampledOut();
    await index.info();
    expect(spans()).toEqual([]);
    const first = parse(sent[0]?.get("traceparent") ?? null);
    expect(first.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.traceId).not.toBe("0".repeat(32));
    expect(first.flags).toBe("00");
    expect(parse(sent[1]?.get("traceparent") ?? null).traceId).toBe(first.traceId);
  });
});

describe("with the API's no-op tracer (no SDK registered)", () => {
  function noSdk() {
    const { fetch, sent } = stubFetch({ status: 200, body: { result: INFO } });
    const index = new VectorIndex({
      url: BASE,
      token: TOKEN,
      fetch,
      tracing: tracing({
        // What the global provider is when no SDK registered one.
        tracerProvider: new ProxyTracerProvider(),
        propagator: new W3CTraceContextPropagator(),
      }),
    });
    return { index, sent };
  }

  test("under a parent, the request carries the parent's context as it is", async () => {
    const { index, sent } = noSdk();
    await underParent(() => index.info());
    expect(parse(sent[0]?.get("traceparent") ?? null)).toEqual({
      version: "00",
      traceId: PARENT.traceId,
      spanId: PARENT.spanId,
      flags: "01",
    });
    expect(sent[0]?.get("tracestate")).toBe("vendor=opaque");
  });

  test("without a parent, there is no trace to carry", async () => {
    const { index, sent } = noSdk();
    await index.info();
    expect(sent[0]?.has("traceparent")).toBe(false);
  });
});
