// A trigger's headers named as another service names them are answered as the service
// answers (ignored), and the log says so once per header name, with the Svc- header meant.
import { loadSpec } from "@x/openapi-check";
import { expect, it } from "vitest";
import { lookalikeOf, lookalikeWarner } from "../src/workflow/lookalike-headers.js";
import { perTest, TOKEN } from "./workflow-harness.js";

const { setup } = perTest();

it.each([
  ["Upstash-Retries", "Svc-Retries"],
  ["Upstash-Delay", "Svc-Delay"],
  ["Upstash-Workflow-RunId", "Svc-Workflow-RunId"],
  ["qstash-not-before", "Svc-Not-Before"],
  ["Upstash-Forward-X-Tenant", "Svc-Forward-X-Tenant"],
  ["Upstash-Failure-Callback-Forward-X-Why", "Svc-Failure-Callback-Forward-X-Why"],
  ["Upstash-Failure-Callback", "Svc-Failure-Callback"],
])("%s looks like %s", (name, meant) => {
  expect(lookalikeOf(loadSpec("workflow"))(name)).toBe(meant);
});

it.each([
  "Svc-Retries",
  "Content-Type",
  "Authorization",
  "Retry-After",
  "X-Forwarded-For",
  "Upstash-Forward-",
  "Retries",
])("%s looks like no service header", (name) => {
  expect(lookalikeOf(loadSpec("workflow"))(name)).toBeUndefined();
});

it("a trigger with Upstash-* headers is answered as the service would, and the log names each once", async () => {
  const { svc, workflow } = await setup();
  const trigger = (runId: string) =>
    fetch(`${svc.base}/v2/trigger/${workflow.url}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
        "Upstash-Retries": "0",
        "Upstash-Delay": "10s",
        "Upstash-Workflow-RunId": runId,
      },
      body: "{}",
    });
  const first = await trigger("wfr_mine");
  const second = await trigger("wfr_again");
  expect([first.status, second.status]).toEqual([200, 200]);
  const { workflowRunId } = (await first.json()) as { workflowRunId: string };
  // Ignored, as the service ignores them: a random id, the default retries, no delay.
  expect(workflowRunId).not.toBe("wfr_mine");
  const run = svc.service.run(workflowRunId);
  expect(run).toMatchObject({ retries: 3 });
  expect(run?.notBefore).toBe(run?.workflowCreatedAt);
  const told = svc.log.filter((line) => line.includes("did you mean"));
  expect(told).toEqual([
    "[workflow] header Upstash-Retries is not a header of this service and is ignored, as the service ignores it; did you mean Svc-Retries? (said once per header name)",
    "[workflow] header Upstash-Delay is not a header of this service and is ignored, as the service ignores it; did you mean Svc-Delay? (said once per header name)",
    "[workflow] header Upstash-Workflow-RunId is not a header of this service and is ignored, as the service ignores it; did you mean Svc-Workflow-RunId? (said once per header name)",
  ]);
});

it("tells of at most 256 header names, however many new ones a client sends", () => {
  const lines: string[] = [];
  const warn = lookalikeWarner(loadSpec("workflow"), (line) => lines.push(line));
  for (let i = 0; i < 300; i++) warn([`Upstash-Forward-X-${i}`, "v"]);
  expect(lines).toHaveLength(256);
  expect(lines[0]).toContain("Upstash-Forward-X-0");
});
