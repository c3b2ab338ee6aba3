import { WorkflowClient } from "@x/workflow";

// Reads WORKFLOW_TOKEN, and WORKFLOW_URL for a local
// dev server (`pnpm x-dev start` prints both).
const workflow = WorkflowClient.fromEnv();

// Each option is one Svc-* header, checked before sending.
const run = await workflow.trigger({
  url: "https://example.org/api/workflow",
  body: { orderId: 1042 },
  runId: "order-1042", // optional; random otherwise
  labels: ["billing", "nightly"],
  retries: 3,
  retryDelay: "max(1000, 1000 * pow(2, retried))",
  // Arrives at the workflow as X-Tenant: 42
  headers: { "X-Tenant": "42" },
});
const createdAt = new Date(run.workflowCreatedAt);
console.log(run.workflowRunId, createdAt.toISOString());
