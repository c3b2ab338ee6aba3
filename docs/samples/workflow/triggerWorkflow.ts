import { WorkflowClient } from "@x/workflow";

// Reads WORKFLOW_TOKEN and WORKFLOW_URL (the service's or `pnpm x-dev start`'s address).
const workflow = WorkflowClient.fromEnv();

// Each option becomes one Svc-* header; bad input throws a ValidationError before sending.
const { workflowRunId, workflowCreatedAt } = await workflow.trigger({
  url: "https://example.org/api/workflow",
  body: { orderId: 1042 },
  runId: "order-1042", // optional; a random id otherwise
  labels: ["billing", "nightly"],
  retries: 3,
  retryDelay: "max(1000, 1000 * pow(2, retried))",
  headers: { "X-Tenant": "42" }, // Svc-Forward-X-Tenant: the workflow receives X-Tenant: 42
});
console.log(workflowRunId, new Date(workflowCreatedAt).toISOString());
