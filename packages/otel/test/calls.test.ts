// One CLIENT span per call of each client method and of `api`, against the dev server.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { type DevServer, startDevServer } from "@x/dev-server";
import { VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { WorkflowClient } from "@x/workflow";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Endpoint, startEndpoint } from "./endpoint";
import { expectNoToken, onlySpan, recordedText, TOKEN, traced } from "./harness";

let dev: DevServer;
let endpoint: Endpoint;

beforeAll(async () => {
  dev = await startDevServer({
    token: TOKEN,
    vector: { dimension: 2 },
    seed: ["a", "b", "c", "d", "e"].map((id, at) => ({
      id,
      vector: [1, at],
      metadata: { secretTitle: `meta-value-${id}` },
      namespace: "films",
    })),
  });
  endpoint = await startEndpoint();
});

afterAll(async () => {
  await endpoint?.close();
  await dev?.close();
});

/** The attributes every call's span has, for a path under the vector service. */
function vectorCall(method: string, template: string, path: string) {
  const url = new URL(dev.vectorUrl);
  return {
    "http.request.method": method,
    "url.template": template,
    "url.full": `${dev.vectorUrl}${path}`,
    "server.address": url.hostname,
    "server.port": Number(url.port),
    "http.response.status_code": 200,
  };
}

function films() {
  const trace = traced();
  const index = new VectorIndex({ url: dev.vectorUrl, token: TOKEN, tracing: trace.tracing });
  return { ...trace, index: index.namespace("films") };
}

describe("a vector call", () => {
  test("query: one CLIENT span named after the method, status unset", async () => {
    const { index, spans } = films();
    await index.query({ vector: [1, 0], topK: 2, includeMetadata: true });
    const span = onlySpan(spans());
    expect(span.name).toBe("VectorIndex.query");
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).toEqual(vectorCall("POST", "/query/{namespace}", "/query/films"));
    expect(span.events).toEqual([]);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expectNoToken(spans());
    expect(recordedText(spans())).not.toContain("meta-value");
  });

  test("rangeAll: a span for each page", async () => {
    const { index, spans } = films();
    const ids: string[] = [];
    for await (const record of index.rangeAll({ pageSize: 2, includeMetadata: true })) {
      ids.push(record.id);
    }
    expect(ids).toHaveLength(5);
    expect(spans().map((span) => span.name)).toEqual([
      "VectorIndex.range",
      "VectorIndex.range",
      "VectorIndex.range",
    ]);
    for (const span of spans()) {
      expect(span.attributes).toEqual(vectorCall("POST", "/range/{namespace}", "/range/films"));
    }
    // Without a parent span around the loop, each page's call starts a trace of its own.
    expect(spans().every((span) => span.parentSpanContext === undefined)).toBe(true);
    expect(new Set(spans().map((span) => span.spanContext().traceId)).size).toBe(3);
    expectNoToken(spans());
    expect(recordedText(spans())).not.toContain("meta-value");
  });

  test("fetch", async () => {
    const { index, spans } = films();
    await index.fetch({ ids: ["a", "b"], includeMetadata: true });
    expect(onlySpan(spans()).attributes).toEqual(
      vectorCall("POST", "/fetch/{namespace}", "/fetch/films"),
    );
    expectNoToken(spans());
  });

  test("info, on the default namespace", async () => {
    const trace = traced();
    const index = new VectorIndex({ url: dev.vectorUrl, token: TOKEN, tracing: trace.tracing });
    await index.info();
    const span = onlySpan(trace.spans());
    expect(span.name).toBe("VectorIndex.info");
    expect(span.attributes).toEqual(vectorCall("GET", "/info", "/info"));
    expectNoToken(trace.spans());
  });

  test("api: openapi-fetch's own call gets the same span", async () => {
    const { index, spans } = films();
    const { data } = await createVectorApi(index).POST("/query/{namespace}", {
      params: { path: { namespace: "films" } },
      body: { vector: [1, 0], topK: 1 },
    });
    expect(data?.result).toHaveLength(1);
    expect(onlySpan(spans()).attributes).toEqual(
      vectorCall("POST", "/query/{namespace}", "/query/films"),
    );
    expectNoToken(spans());
  });
});

describe("a workflow trigger", () => {
  for (const tokenIn of ["header", "query"] as const) {
    test(`one span, the token (${tokenIn}) nowhere in it`, async () => {
      const { tracing, spans } = traced();
      const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: TOKEN, tokenIn, tracing });
      await wf.trigger({ url: endpoint.url, body: { order: 1 } });
      const span = onlySpan(spans());
      const base = new URL(dev.workflowUrl);
      expect(span.name).toBe("WorkflowClient.trigger");
      expect(span.attributes).toEqual({
        "http.request.method": "POST",
        "url.template": "/v2/trigger/{workflowUrl}",
        "url.full": `${dev.workflowUrl}/v2/trigger/${endpoint.url}`,
        "server.address": base.hostname,
        "server.port": Number(base.port),
        "http.response.status_code": 200,
      });
      expectNoToken(spans());
    });
  }
});
