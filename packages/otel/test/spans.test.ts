// Every span a call starts ends exactly once, whatever its middleware does, with the span
// model of the HTTP conventions for resends: a span per method call, a CLIENT span per
// attempt under it carrying `http.request.resend_count`; and no secret in any of them.
import { SpanKind } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type Span,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { tracing } from "@x/otel";
import { type Middleware, VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { WorkflowClient } from "@x/workflow";
import { describe, expect, test } from "vitest";
import { recordedText, TOKEN } from "./harness";
import { BASE, type Reply, stubFetch } from "./stub-fetch";

/** How many times each started span's `end()` was called, by span id. */
function endCounter(): SpanProcessor & { ends: Map<string, number> } {
  const ends = new Map<string, number>();
  return {
    ends,
    onStart(span: Span) {
      const id = span.spanContext().spanId;
      ends.set(id, 0);
      const end = span.end.bind(span);
      span.end = (time) => {
        ends.set(id, (ends.get(id) ?? 0) + 1);
        end(time);
      };
    },
    onEnd() {},
    forceFlush: async () => {},
    shutdown: async () => {},
  };
}

/** A client's tracing over an in-memory exporter that also counts the ends of each span. */
function recorded() {
  const exporter = new InMemorySpanExporter();
  const counter = endCounter();
  const provider = new BasicTracerProvider({
    spanProcessors: [counter, new SimpleSpanProcessor(exporter)],
  });
  return {
    tracing: tracing({ tracerProvider: provider, propagator: new W3CTraceContextPropagator() }),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    /** `started` spans at least, each ended once. */
    expectEachEndedOnce(started = 1) {
      expect(counter.ends.size).toBeGreaterThanOrEqual(started);
      expect([...counter.ends.values()]).toEqual([...counter.ends.values()].map(() => 1));
    },
  };
}

const QUERY_ANSWER: Reply = { status: 200, body: { result: [{ id: "a", score: 1 }] } };

/**
 * A middleware of each shape that changes the course of a call. An `api` call is traced
 * from when openapi-fetch hands its request over to be sent, so one that middleware ends
 * before that has no span; a method's call is traced from its start.
 */
const UNSENT = new Set(["returns a Response from onRequest", "throws in onRequest"]);
const SHAPES: Record<string, Middleware> = {
  "returns a new Request": {
    onRequest: ({ request }) => new Request(request, { headers: request.headers }),
  },
  "returns a Response from onRequest": {
    onRequest: () => Response.json({ result: [] }),
  },
  "throws in onRequest": {
    onRequest: () => {
      throw new Error("refused by middleware");
    },
  },
  "returns a new Response from onResponse": {
    onResponse: ({ response }) => new Response(response.body, response),
  },
  "throws in onResponse": {
    onResponse: () => {
      throw new Error("failed in middleware");
    },
  },
};

describe("every span ends exactly once", () => {
  for (const [shape, middleware] of Object.entries(SHAPES)) {
    for (const path of ["method", "api"] as const) {
      test(`when a later middleware ${shape} (${path})`, async () => {
        const trace = recorded();
        const { fetch } = stubFetch(QUERY_ANSWER);
        const index = new VectorIndex({ url: BASE, token: TOKEN, fetch, tracing: trace.tracing });
        index.use({ onRequest: () => undefined }, middleware);
        const body = { vector: [1, 0], topK: 1 };
        await (path === "method"
          ? index.query(body)
          : createVectorApi(index).POST("/query", { body })
        ).catch(() => undefined);
        trace.expectEachEndedOnce(path === "api" && UNSENT.has(shape) ? 0 : 1);
      });
    }
  }

  test("when onError answers a lost connection with a Response", async () => {
    const trace = recorded();
    const { fetch } = stubFetch("network-error");
    const index = new VectorIndex({
      url: BASE,
      token: TOKEN,
      fetch,
      maxRetries: 0,
      tracing: trace.tracing,
    });
    index.use({ onError: () => Response.json({ result: [] }) });
    expect(await index.query({ vector: [1, 0] })).toEqual([]);
    trace.expectEachEndedOnce();
  });

  test("when the caller aborts during an attempt", async () => {
    const trace = recorded();
    const { fetch } = stubFetch("hang");
    const index = new VectorIndex({ url: BASE, token: TOKEN, fetch, tracing: trace.tracing });
    const controller = new AbortController();
    const call = index.query({ vector: [1, 0] }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 0);
    await expect(call).rejects.toThrow(/aborted/);
    trace.expectEachEndedOnce();
  });
});

describe("attempt spans", () => {
  test("a CLIENT span per attempt under the call's span, resend_count from the second", async () => {
    const trace = recorded();
    const { fetch, sent } = stubFetch(
      { status: 503, body: { error: "busy", status: 503 }, headers: { "retry-after": "0" } },
      QUERY_ANSWER,
    );
    const index = new VectorIndex({ url: BASE, token: TOKEN, fetch, tracing: trace.tracing });
    await index.namespace("films").query({ vector: [1, 0] });
    trace.expectEachEndedOnce();
    const spans = trace.spans();
    const call = spans.find((span) => span.name === "VectorIndex.query");
    const attempts = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(call?.kind).toBe(SpanKind.INTERNAL);
    expect(attempts.map((span) => span.name)).toEqual([
      "POST /query/{namespace}",
      "POST /query/{namespace}",
    ]);
    for (const attempt of attempts) {
      expect(attempt.parentSpanContext?.spanId).toBe(call?.spanContext().spanId);
    }
    expect(attempts[0]?.attributes["http.request.resend_count"]).toBeUndefined();
    expect(attempts[0]?.attributes["http.response.status_code"]).toBe(503);
    expect(attempts[1]?.attributes["http.request.resend_count"]).toBe(1);
    expect(call?.attributes["http.response.status_code"]).toBe(200);
    // Each attempt carries its own span's context.
    expect(sent.map((headers) => headers.get("traceparent")?.split("-")[2])).toEqual(
      attempts.map((span) => span.spanContext().spanId),
    );
  });

  test("an api call whose own middleware replaces the Request keeps the operation's name", async () => {
    const trace = recorded();
    const { fetch } = stubFetch({ status: 200, body: { result: { nextCursor: "", vectors: [] } } });
    const index = new VectorIndex({ url: BASE, token: TOKEN, fetch, tracing: trace.tracing });
    const replace: Middleware = { onRequest: ({ request }) => new Request(request) };
    await createVectorApi(index).POST("/range/{namespace}", {
      params: { path: { namespace: "films" } },
      body: { cursor: "0", limit: 1 },
      middleware: [replace],
    });
    expect(trace.spans().map((span) => span.name)).toEqual([
      "POST /range/{namespace}",
      "POST /range/{namespace}",
    ]);
  });

  test("a method's middleware that answers through options.fetch: the client's fetch, outside the chain", async () => {
    const trace = recorded();
    const { fetch } = stubFetch({ status: 200, body: { result: { nextCursor: "", vectors: [] } } });
    const index = new VectorIndex({ url: BASE, token: TOKEN, fetch, tracing: trace.tracing });
    // Answers the call with what openapi-fetch's `options.fetch` gives for its request: the
    // client's own fetch, as openapi-fetch's is, so no attempt of the chain is made for it.
    index.use({ onRequest: ({ request, options }) => options.fetch(request) });
    await index.namespace("films").range({ cursor: "0", limit: 1 });
    expect(trace.spans().map((span) => span.name)).toEqual(["VectorIndex.range"]);
  });

  test("attemptSpans: false leaves one CLIENT span, named after the operation", async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const { fetch } = stubFetch(QUERY_ANSWER);
    const index = new VectorIndex({
      url: BASE,
      token: TOKEN,
      fetch,
      tracing: tracing({ tracerProvider: provider, attemptSpans: false }),
    });
    await index.query({ vector: [1, 0] });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, span.kind])).toEqual([
      ["VectorIndex.query", SpanKind.CLIENT],
    ]);
  });
});

describe("no secret in any span", () => {
  const SECRET = "bypass-s3cret-value";

  test("a failing trigger to a URL with a query, the token in the query", async () => {
    const trace = recorded();
    const { fetch } = stubFetch(
      { status: 500, body: { error: `echo ${TOKEN}` } },
      { status: 400, body: { error: `echo ${TOKEN}` } },
    );
    const wf = new WorkflowClient({
      baseUrl: "https://workflow.example.com",
      token: TOKEN,
      tokenIn: "query",
      fetch,
      tracing: trace.tracing,
    });
    const url = `https://user:pa55@app.example.com/wf?x-vercel-protection-bypass=${SECRET}`;
    await wf.trigger({ url, runId: "r-1" }).catch(() => undefined);
    trace.expectEachEndedOnce();
    const spans = trace.spans();
    expect(spans).toHaveLength(3);
    const text = recordedText(spans);
    for (const secret of [SECRET, "pa55", TOKEN, encodeURIComponent(TOKEN)]) {
      expect(text).not.toContain(secret);
    }
    expect(spans[0]?.attributes["url.full"]).toBe(
      "https://workflow.example.com/v2/trigger/https://[redacted]@app.example.com/wf%3Fx-vercel-protection-bypass=[redacted]",
    );
  });
});
