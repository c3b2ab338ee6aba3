// Only `workflowTrigger`, through the functions.
import { createWorkflowClient, workflowTrigger } from "@x/workflow";

export default function run(baseUrl: string, token: string) {
  return workflowTrigger(createWorkflowClient({ baseUrl, token }), {
    url: "https://example.com/api/workflow",
    body: { orderId: 42 },
  });
}
