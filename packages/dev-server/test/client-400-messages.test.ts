// A 400 from either service reaches the caller as the service's own message, which says
// what to fix; no generic sentence is tacked on after it.
import { VectorIndex } from "@x/vector";
import { BadRequestError, WorkflowClient } from "@x/workflow";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

let dev: DevServer;
beforeAll(async () => {
  dev = await startDevServer({ vector: { dimension: 2 } });
});
afterAll(() => dev.close());

it("a bad filter's 400 suggests quoting the bare word, and ends there", async () => {
  const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
  const query = index.query(
    { vector: [1, 0], topK: 1, filter: "genre = sci-fi" },
    { maxRetries: 0 },
  );
  await expect(query).rejects.toBeInstanceOf(BadRequestError);
  await expect(query).rejects.toThrow(
    /^400 filter: Invalid filter at position 9: expected a value \(number, quoted string, true or false\), found "sci-fi"; a string value is quoted: write 'sci-fi'$/,
  );
});

it("a workflow 400 names the header at fault, and ends there", async () => {
  const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
  const url = "http://127.0.0.1:9/never-called";
  await wf.trigger({ url, runId: "taken-once", delay: "1d", body: "first" });
  const again = wf.trigger({ url, runId: "taken-once", delay: "1d", body: "other" });
  await expect(again).rejects.toBeInstanceOf(BadRequestError);
  const message = await again.catch((error: unknown) => (error as Error).message);
  expect(message).toMatch(/^400 .*Svc-Workflow-RunId/);
  expect(message).not.toMatch(/Fix the request/);
});
