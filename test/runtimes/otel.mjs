// The @x/otel smoke (Node 20/22/24 and Bun, ESM and CJS): the packed `tracing()` on the
// packed clients, with the OpenTelemetry SDK's in-memory exporter, against the dev server.
// Like smoke.mjs it imports no package itself: the entry passes in every module it loaded.
import { expectEqual, rejection, runCases } from "./smoke.mjs";

const WRONG_TOKEN = "wrong/token+otel=value";

/** A provider whose finished spans can be read back, and the tracing of a client. */
function traced({ otel, sdk, core }) {
  const exporter = new sdk.InMemorySpanExporter();
  const provider = new sdk.BasicTracerProvider({
    spanProcessors: [new sdk.SimpleSpanProcessor(exporter)],
  });
  const tracing = otel.tracing({
    tracerProvider: provider,
    propagator: new core.W3CTraceContextPropagator(),
  });
  return { tracing, spans: () => exporter.getFinishedSpans() };
}

/** The global fetch, keeping the headers of each request. */
function recordingFetch() {
  const sent = [];
  const fetch = (url, init) => {
    sent.push(new Headers(init?.headers));
    return globalThis.fetch(url, init);
  };
  return { fetch, sent };
}

/**
 * The two spans of a call made in one attempt: the call's own, named after the method, and
 * the CLIENT span of its attempt under it, named after the operation.
 */
function callSpans(modules, spans, what) {
  if (spans.length !== 2) throw new Error(`${what}: expected two spans, got ${spans.length}`);
  const attempt = spans.find((span) => span.kind === modules.api.SpanKind.CLIENT);
  const call = spans.find((span) => span !== attempt);
  if (attempt === undefined || call === undefined) {
    throw new Error(`${what}: expected a call span and a CLIENT attempt span`);
  }
  return { call, attempt };
}

function buildCases(modules, config) {
  const { VectorIndex } = modules.vector;
  const { WorkflowClient } = modules.workflow;

  return {
    "otel: a traced query is a call span and an attempt span, whose traceparent is sent":
      async () => {
        const { tracing, spans } = traced(modules);
        const { fetch, sent } = recordingFetch();
        const index = new VectorIndex({
          url: config.vectorUrl,
          token: config.token,
          fetch,
          tracing,
        });
        await index.query({ vector: [1, 0, 0], topK: 2 });
        const { call, attempt } = callSpans(modules, spans(), "query");
        expectEqual([call.name, attempt.name], ["VectorIndex.query", "POST /query"], "span names");
        expectEqual(
          [attempt.attributes["url.template"], attempt.attributes["http.response.status_code"]],
          ["/query", 200],
          "url.template and status",
        );
        const { traceId, spanId } = attempt.spanContext();
        expectEqual(sent[0]?.get("traceparent"), `00-${traceId}-${spanId}-01`, "traceparent");
      },

    "otel: a trigger forwards its traceparent to the delivery": async () => {
      const { tracing, spans } = traced(modules);
      const { fetch, sent } = recordingFetch();
      const wf = new WorkflowClient({
        baseUrl: config.workflowUrl,
        token: config.token,
        fetch,
        tracing,
      });
      await wf.trigger({ url: config.receiverUrl, body: { from: `${config.label} otel` } });
      const { call, attempt } = callSpans(modules, spans(), "trigger");
      expectEqual(
        [call.name, attempt.name],
        ["WorkflowClient.trigger", "POST /v2/trigger/{workflowUrl}"],
        "span names",
      );
      const traceparent = sent[0]?.get("traceparent");
      expectEqual(sent[0]?.get("svc-forward-traceparent"), traceparent, "forwarded traceparent");
    },

    "otel: a 401 ends both spans in ERROR, without the token": async () => {
      const { tracing, spans } = traced(modules);
      const index = new VectorIndex({ url: config.vectorUrl, token: WRONG_TOKEN, tracing });
      await rejection(() => index.info(), "info with a wrong token");
      for (const span of Object.values(callSpans(modules, spans(), "info"))) {
        expectEqual(
          [span.status.code, span.attributes["error.type"]],
          [modules.api.SpanStatusCode.ERROR, "401"],
          `${span.name}: status and error.type`,
        );
        const text = JSON.stringify([span.name, span.attributes, span.events, span.status]);
        for (const form of [WRONG_TOKEN, encodeURIComponent(WRONG_TOKEN)]) {
          if (text.includes(form)) throw new Error(`the token appears in the span ${span.name}`);
        }
      }
    },
  };
}

/** Runs every case in order: one `{ name, ok, error? }` each, as smoke.mjs does. */
export function runOtelSmoke(modules, config) {
  return runCases(buildCases(modules, config));
}
