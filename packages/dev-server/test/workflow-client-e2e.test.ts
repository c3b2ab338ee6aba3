// The @x/workflow client against the workflow emulator over real sockets: each trigger
// option, set through the client, observed where it lands (the endpoints or the run).
import { BadRequestError, WorkflowClient } from "@x/workflow";
import { expect, test } from "vitest";
import { perTest, TOKEN, until, untilState } from "./workflow-harness.js";

const each = perTest();

test("every trigger option set through the client is observed at the endpoints", async () => {
  const { svc, workflow, callback } = await each.setup({ workflow: () => 503 });
  const wf = new WorkflowClient({ baseUrl: svc.base, token: TOKEN });
  const { workflowRunId, workflowCreatedAt } = await wf.trigger({
    url: `${workflow.url}/api/step?job=7`,
    body: { order: 1042 },
    runId: "client-every-option",
    headers: { "X-Tenant": "acme" },
    retries: 2,
    retryDelay: "1000 * (retried + 1)",
    // A day of delay at this time scale is 86 s, past every wait below: not-before wins.
    delay: "1d",
    notBefore: new Date(Date.now() - 60_000),
    labels: ["billing", "nightly"],
    flowControl: { key: "client-e2e", parallelism: 1, rate: 5, period: "1m" },
    failureCallback: { url: `${callback.url}/failed`, headers: { "X-Callback-Only": "yes" } },
  });
  expect(workflowRunId).toBe("client-every-option");

  // The run shows the options as the service read them (workflow-retries.test.ts times the
  // expression's waits; here it is enough that it arrived).
  const run = await untilState(svc, workflowRunId, ["callback-succeeded"]);
  expect(run).toMatchObject({
    labels: ["billing", "nightly"],
    retries: 2,
    retryDelay: "1000 * (retried + 1)",
    flowControl: { key: "client-e2e", parallelism: 1, rate: 5, period: 60 },
    failureCallback: `${callback.url}/failed`,
  });

  // Three deliveries (retries 2), each with the body, its JSON type and the forwarded header.
  expect(workflow.calls.map((call) => call.headers["svc-attempt"])).toEqual(["1", "2", "3"]);
  for (const call of workflow.calls) {
    expect(call.path).toBe("/api/step?job=7");
    expect(JSON.parse(call.body.toString("utf8"))).toEqual({ order: 1042 });
    expect(call.headers["content-type"]).toMatch(/^application\/json/);
    expect(call.headers["x-tenant"]).toBe("acme");
    expect(call.headers["x-callback-only"]).toBeUndefined();
    expect(call.headers["svc-workflow-runid"]).toBe(workflowRunId);
    expect(call.headers["svc-workflow-createdat"]).toBe(String(workflowCreatedAt));
    expect(call.headers["svc-label"]).toBe("billing,nightly");
  }

  const failure = await until(() => callback.calls[0], 5000, "the failure callback");
  expect(failure.path).toBe("/failed");
  expect(failure.headers["x-callback-only"]).toBe("yes");
  expect(failure.headers["x-tenant"]).toBeUndefined();
  expect(failure.headers["svc-failure-call"]).toBe("true");
  expect(JSON.parse(failure.body.toString("utf8"))).toMatchObject({
    status: 503,
    url: `${workflow.url}/api/step?job=7`,
    workflowRunId,
    workflowCreatedAt,
    retried: 2,
    maxRetries: 2,
  });
});

test("a string body with its own content type, and the token in the query", async () => {
  const { svc, workflow } = await each.setup();
  const wf = new WorkflowClient({ baseUrl: svc.base, token: TOKEN, tokenIn: "query" });
  await wf.trigger({
    url: `${workflow.url}/text`,
    body: "a,b\n1,2\n",
    contentType: "text/plain; charset=utf-8",
  });
  const call = await until(() => workflow.calls[0], 5000, "the delivery");
  expect(call.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(call.body.toString("utf8")).toBe("a,b\n1,2\n");
});

test("the service's 400 reaches the caller as a BadRequestError naming the header", async () => {
  const { svc, workflow } = await each.setup();
  const wf = new WorkflowClient({ baseUrl: svc.base, token: TOKEN });
  await wf.trigger({ url: `${workflow.url}/once`, runId: "used-once", body: "first" });
  const again = wf.trigger({ url: `${workflow.url}/once`, runId: "used-once", body: "other" });
  await expect(again).rejects.toBeInstanceOf(BadRequestError);
  await expect(again).rejects.toThrow("Svc-Workflow-RunId");
});

test("a trigger with a runId whose answer was lost resolves with the run on the client's retry", async () => {
  const { svc, workflow } = await each.setup();
  let attempts = 0;
  // Delivers the first attempt to the service, then loses its answer as a dropped
  // connection would; later attempts pass through.
  const losingFirstAnswer = async (url: string, init: RequestInit): Promise<Response> => {
    attempts++;
    const response = await fetch(url, init);
    if (attempts === 1) {
      await response.arrayBuffer();
      throw new TypeError("fetch failed");
    }
    return response;
  };
  const wf = new WorkflowClient({
    baseUrl: svc.base,
    token: TOKEN,
    maxRetries: 1,
    fetch: losingFirstAnswer,
  });
  const result = await wf.trigger({ url: `${workflow.url}/once`, runId: "lost-answer", body: "x" });
  expect(attempts).toBe(2);
  expect(result.workflowRunId).toBe("lost-answer");
  const runs = svc.service.runs();
  expect(runs).toHaveLength(1);
  expect(result.workflowCreatedAt).toBe(runs[0]?.workflowCreatedAt);
  await untilState(svc, "lost-answer", ["succeeded"]);
  expect(workflow.calls).toHaveLength(1);
});
