import { describe, expectTypeOf, it } from "vitest";
import { createWorkflowApi } from "../src/api";
import type { components } from "../src/generated/schema";
import {
  type FlowControl,
  parseRetryDelay,
  type RetryDelay,
  retryDelaySchedule,
  type TriggerRequest,
  type TriggerResult,
  type ValidationError,
  WorkflowClient,
  type WorkflowClientOptions,
} from "../src/index";
import { parseDelay, parseFlowControlValue } from "../src/internal";

declare const client: WorkflowClient;

describe("types", () => {
  it("trigger resolves to the spec's TriggerResult", () => {
    expectTypeOf<WorkflowClient["trigger"]>().returns.resolves.toEqualTypeOf<TriggerResult>();
    expectTypeOf<TriggerResult>().toEqualTypeOf<components["schemas"]["TriggerResult"]>();
    // The two fields every trigger answers with; a field the spec adds must not break this.
    expectTypeOf<TriggerResult>().toMatchObjectType<{
      workflowRunId: string;
      workflowCreatedAt: number;
    }>();
  });

  it("types each option", () => {
    expectTypeOf<TriggerRequest["url"]>().toEqualTypeOf<string>();
    expectTypeOf<TriggerRequest["delay"]>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<TriggerRequest["notBefore"]>().toEqualTypeOf<Date | number | undefined>();
    expectTypeOf<TriggerRequest["labels"]>().toEqualTypeOf<string | string[] | undefined>();
    expectTypeOf<TriggerRequest["flowControl"]>().toEqualTypeOf<FlowControl | undefined>();
    expectTypeOf<WorkflowClientOptions["region"]>().toEqualTypeOf<
      "us-east-1" | "eu-central-1" | undefined
    >();
    expectTypeOf<WorkflowClientOptions["tokenIn"]>().toEqualTypeOf<
      "header" | "query" | undefined
    >();
    expectTypeOf(WorkflowClient.fromEnv).returns.toEqualTypeOf<WorkflowClient>();
    // The global fetch, or anything typed like it, is a valid `fetch` option.
    expectTypeOf<typeof fetch>().toMatchTypeOf<NonNullable<WorkflowClientOptions["fetch"]>>();
    expectTypeOf<NonNullable<WorkflowClientOptions["fetch"]>>().parameters.toEqualTypeOf<
      [url: string, init: RequestInit]
    >();
  });

  it("types the parsers", () => {
    expectTypeOf(parseDelay).returns.toEqualTypeOf<number>();
    expectTypeOf(parseRetryDelay).returns.toEqualTypeOf<RetryDelay>();
    expectTypeOf<RetryDelay["evaluate"]>().toEqualTypeOf<(retried: number) => number>();
    expectTypeOf(retryDelaySchedule).returns.toEqualTypeOf<number[]>();
    expectTypeOf(parseFlowControlValue).returns.toEqualTypeOf<{
      parallelism?: number;
      rate?: number;
      period?: number;
    }>();
    expectTypeOf<ValidationError["field"]>().toEqualTypeOf<string>();
  });

  it("rejects wrong option types at compile time", () => {
    // Only the types are under test here; nothing is sent.
    const typeOnly = (_: () => unknown) => undefined;
    typeOnly(() => [
      // @ts-expect-error url is required
      client.trigger({}),
      // @ts-expect-error url is a string
      client.trigger({ url: new URL("https://example.org") }),
      // @ts-expect-error retries is a number
      client.trigger({ url: "https://example.org", retries: "3" }),
      // @ts-expect-error delay is a string or seconds
      client.trigger({ url: "https://example.org", delay: true }),
      // @ts-expect-error notBefore is a Date or Unix seconds
      client.trigger({ url: "https://example.org", notBefore: "tomorrow" }),
      // @ts-expect-error labels are strings
      client.trigger({ url: "https://example.org", labels: [1, 2] }),
      // @ts-expect-error flowControl needs a key
      client.trigger({ url: "https://example.org", flowControl: { rate: 1 } }),
      // @ts-expect-error a failure callback object needs a url
      client.trigger({ url: "https://example.org", failureCallback: { headers: {} } }),
      // @ts-expect-error forwarded header values are strings
      client.trigger({ url: "https://example.org", headers: { "X-A": 1 } }),
      // @ts-expect-error retryDelay is an expression string
      client.trigger({ url: "https://example.org", retryDelay: 1000 }),
      // @ts-expect-error there is no such option
      client.trigger({ url: "https://example.org", retry: 3 }),
      // @ts-expect-error token is required
      new WorkflowClient({}),
      // @ts-expect-error unknown region
      new WorkflowClient({ token: "t", region: "eu-west-1" }),
      // @ts-expect-error tokenIn is header or query
      new WorkflowClient({ token: "t", tokenIn: "cookie" }),
    ]);
  });
});

describe("the escape hatch api: openapi-fetch's client of the spec", () => {
  // Never run: only the compiler's verdict matters here.
  const typeOnly = (run: () => unknown) => run;

  it("types the trigger operation from paths", () => {
    typeOnly(async () => {
      const { data, error } = await createWorkflowApi(client).POST("/v2/trigger/{workflowUrl}", {
        params: { path: { workflowUrl: "https://example.org/wf" }, header: { "Svc-Retries": 3 } },
        body: "hello",
      });
      if (data) expectTypeOf(data).toEqualTypeOf<TriggerResult>();
      else expectTypeOf(error).toEqualTypeOf<{ error: string }>();
    });
  });

  it("rejects a wrong path, method or header at compile time", () => {
    typeOnly(() => {
      // @ts-expect-error no such path in the spec
      createWorkflowApi(client).POST("/v2/publish/{workflowUrl}", {});
      // @ts-expect-error the trigger is a POST
      createWorkflowApi(client).GET("/v2/trigger/{workflowUrl}", {});
      createWorkflowApi(client).POST("/v2/trigger/{workflowUrl}", {
        params: {
          path: { workflowUrl: "https://example.org/wf" },
          // @ts-expect-error Svc-Retries is a number
          header: { "Svc-Retries": "3" },
        },
      });
    });
  });
});
