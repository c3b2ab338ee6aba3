// End to end over real sockets: a parent span around `trigger`, the dev server's workflow
// service, and an endpoint on 127.0.0.1 whose delivery continues the parent's trace.

import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { type DevServer, startDevServer } from "@x/dev-server";
import { WorkflowClient } from "@x/workflow";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { type Endpoint, startEndpoint } from "./endpoint";
import { onlySpan, TOKEN, traced } from "./harness";

let dev: DevServer;
let endpoint: Endpoint;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  dev = await startDevServer({ token: TOKEN });
});
afterAll(async () => {
  await dev?.close();
  context.disable();
});
afterEach(async () => {
  await endpoint?.close();
});

test("the delivery's traceparent continues the trace of the span around trigger", async () => {
  endpoint = await startEndpoint();
  const { provider, tracing, spans } = traced();
  const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: TOKEN, tracing });
  const parent = provider.getTracer("app").startSpan("checkout");
  const { workflowRunId } = await context.with(trace.setSpan(context.active(), parent), () =>
    wf.trigger({ url: endpoint.url, body: { order: 7 } }),
  );
  parent.end();

  const delivery = await endpoint.firstDelivery();
  const [, traceId, spanId] = String(delivery.traceparent).split("-");
  expect(traceId).toBe(parent.spanContext().traceId);
  // The run keeps what it was triggered with, as the run view and the dashboard show it.
  expect((await dev.runs.get(workflowRunId))?.traceparent).toBe(delivery.traceparent);
  // The parent of the run's work is the trigger call's own span, a child of "checkout".
  const call = onlySpan(spans().filter((span) => span.name === "WorkflowClient.trigger"));
  expect(spanId).toBe(call.spanContext().spanId);
  expect(call.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
});

test("propagate: false: the delivery carries no traceparent", async () => {
  endpoint = await startEndpoint();
  const { provider, tracing } = traced({ propagate: false });
  const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: TOKEN, tracing });
  const parent = provider.getTracer("app").startSpan("checkout");
  await context.with(trace.setSpan(context.active(), parent), () =>
    wf.trigger({ url: endpoint.url, body: { order: 8 } }),
  );
  parent.end();
  const delivery = await endpoint.firstDelivery();
  expect(delivery.traceparent).toBeUndefined();
  expect(delivery.tracestate).toBeUndefined();
});
