import { loadSpec } from "@x/openapi-check";
import Ajv2020 from "ajv/dist/2020.js";
import { expect, test } from "vitest";
import { perTest, type Reply, trigger, triggerOk, untilState } from "./workflow-harness.js";

const each = perTest();
const setup = (workflow: Reply, callback?: Reply) =>
  each.setup({ workflow, ...(callback ? { callback } : {}) });

// The report must match the spec's FailureReport schema (the webhook of the spec).
const document = loadSpec("workflow").document as {
  components: { schemas: { FailureReport: object } };
};
const validReport = new Ajv2020({ strict: false }).compile(
  document.components.schemas.FailureReport,
);

test("after the last retry, a JSON report goes to Svc-Failure-Callback with its forwarded headers", async () => {
  const { svc, workflow, callback } = await setup(() => 503);
  const result = await trigger(svc.base, `${workflow.url}/wf?step=1`, {
    headers: {
      "Svc-Workflow-RunId": "doomed",
      "Svc-Retries": "2",
      "Svc-Retry-Delay": "1",
      "Svc-Label": "nightly",
      "Svc-Forward-X-For-Workflow": "wf-only",
      "Svc-Failure-Callback": `${callback.url}/on-failure`,
      "Svc-Failure-Callback-Forward-X-Callback-Secret": "s3cret",
      "Svc-Failure-Callback-Forward-Authorization": "Bearer callback-token",
    },
    body: "payload",
  });
  expect(result.status).toBe(200);
  const run = await untilState(svc, "doomed", ["callback-succeeded"]);
  expect(workflow.calls).toHaveLength(3);
  expect(callback.calls).toHaveLength(1);
  const call = callback.calls[0];
  expect(call?.path).toBe("/on-failure");
  expect(call?.headers["content-type"]).toBe("application/json");
  expect(call?.headers["x-callback-secret"]).toBe("s3cret");
  expect(call?.headers.authorization).toBe("Bearer callback-token");
  expect(call?.headers["x-for-workflow"]).toBeUndefined();
  expect(call?.headers["svc-failure-call"]).toBe("true");
  expect(call?.headers["svc-workflow-runid"]).toBe("doomed");
  expect(call?.headers["svc-label"]).toBe("nightly");
  const report = JSON.parse(call?.body.toString() ?? "null");
  expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
  expect(report).toEqual({
    status: 503,
    headers: expect.objectContaining({ "content-type": "text/plain", "x-from": "receiver" }),
    body: Buffer.from("answer 503").toString("base64"),
    url: `${workflow.url}/wf?step=1`,
    workflowRunId: "doomed",
    workflowCreatedAt: result.body.workflowCreatedAt,
    retried: 2,
    maxRetries: 2,
  });
  expect(run.attempts.map((a) => [a.kind, a.attempt, a.status])).toEqual([
    ["delivery", 1, 503],
    ["delivery", 2, 503],
    ["delivery", 3, 503],
    ["failure-call", 1, 200],
  ]);
  expect(run.failureCallback).toBe(`${callback.url}/on-failure`);
});

test("without a callback URL the workflow URL itself gets the failure call, marked as one", async () => {
  // Deliveries fail; the failure call (marked) succeeds.
  const { svc, workflow, callback } = await setup((call) =>
    call.headers["svc-failure-call"] === "true" ? 200 : 500,
  );
  await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: {
      "Svc-Workflow-RunId": "own-failure-function",
      "Svc-Retries": "1",
      "Svc-Retry-Delay": "1",
      "Svc-Failure-Callback": "",
      "Svc-Forward-X-Delivery-Only": "d",
      "Svc-Failure-Callback-Forward-X-Failure-Only": "f",
    },
    body: "payload",
  });
  const run = await untilState(svc, "own-failure-function", ["callback-succeeded"]);
  expect(callback.calls).toHaveLength(0);
  expect(workflow.calls).toHaveLength(3);
  const deliveries = workflow.calls.slice(0, 2);
  const failure = workflow.calls[2];
  for (const delivery of deliveries) {
    expect(delivery.headers["svc-failure-call"]).toBeUndefined();
    expect(delivery.headers["x-delivery-only"]).toBe("d");
    expect(delivery.body.toString()).toBe("payload");
  }
  expect(failure?.path).toBe("/wf");
  expect(failure?.headers["svc-failure-call"]).toBe("true");
  expect(failure?.headers["x-failure-only"]).toBe("f");
  expect(failure?.headers["x-delivery-only"]).toBeUndefined();
  expect(failure?.headers["content-type"]).toBe("application/json");
  const report = JSON.parse(failure?.body.toString() ?? "null");
  expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
  expect(report).toMatchObject({
    status: 500,
    retried: 1,
    maxRetries: 1,
    url: `${workflow.url}/wf`,
  });
  expect(run.failureCallback).toBe(`${workflow.url}/wf`);
});

test("the failure call uses the run's retry setting and gives up after it", async () => {
  const { svc, workflow, callback } = await setup(
    () => 500,
    () => 502,
  );
  await triggerOk(svc.base, `${workflow.url}/wf`, {
    headers: {
      "Svc-Workflow-RunId": "callback-down",
      "Svc-Retries": "2",
      "Svc-Retry-Delay": "10 * (retried + 1)",
      "Svc-Failure-Callback": `${callback.url}/cb`,
    },
  });
  const run = await untilState(svc, "callback-down", ["callback-failed"]);
  expect(workflow.calls).toHaveLength(3);
  expect(callback.calls).toHaveLength(3);
  expect(callback.calls.map((c) => c.headers["svc-attempt"])).toEqual(["1", "2", "3"]);
  // Every retry of the failure call reports the same failed delivery.
  const reports = callback.calls.map((c) => JSON.parse(c.body.toString()));
  expect(new Set(reports.map((r) => JSON.stringify(r))).size).toBe(1);
  expect(reports[0]).toMatchObject({ status: 500, retried: 2, maxRetries: 2 });
  expect(run.attempts.filter((a) => a.kind === "failure-call").map((a) => a.status)).toEqual([
    502, 502, 502,
  ]);
});

test("a delivery that never got an answer reports status 0 and the reason", async () => {
  const { svc, callback } = await setup(() => 200);
  await triggerOk(svc.base, "http://127.0.0.1:9/unreachable", {
    headers: {
      "Svc-Workflow-RunId": "no-answer",
      "Svc-Retries": "0",
      "Svc-Failure-Callback": `${callback.url}/cb`,
    },
  });
  await untilState(svc, "no-answer", ["callback-succeeded"]);
  const report = JSON.parse(callback.calls[0]?.body.toString() ?? "null");
  expect(validReport(report), JSON.stringify(validReport.errors)).toBe(true);
  expect(report).toMatchObject({ status: 0, headers: {}, body: "", error: expect.any(String) });
});
