// As a user sets up the SDK: a tracer provider registered globally and no propagator
// registered (the 2.x BasicTracerProvider has no register()), no propagator option. The
// run's deliveries still carry the trigger's traceparent.

import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { type DevServer, startDevServer } from "@x/dev-server";
import { tracing } from "@x/otel";
import { WorkflowClient } from "@x/workflow";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Endpoint, startEndpoint } from "./endpoint";
import { TOKEN } from "./harness";

let dev: DevServer;
let endpoint: Endpoint;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  dev = await startDevServer({ token: TOKEN });
  endpoint = await startEndpoint();
});
afterAll(async () => {
  await endpoint?.close();
  await dev?.close();
  trace.disable();
  context.disable();
});

test("with no global propagator, the run and its delivery get the trigger's traceparent", async () => {
  expect(propagation.fields()).toEqual([]);
  const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: TOKEN, tracing: tracing() });
  const { workflowRunId } = await wf.trigger({ url: endpoint.url, body: { order: 9 } });

  const attempt = exporter.getFinishedSpans().find((span) => span.name.startsWith("POST "));
  const { traceId, spanId } = attempt?.spanContext() ?? {};
  const expected = `00-${traceId}-${spanId}-01`;
  expect((await dev.runs.get(workflowRunId))?.traceparent).toBe(expected);
  expect((await endpoint.firstDelivery()).traceparent).toBe(expected);
});
