// One trigger call with the options a typical caller sets.
import { WorkflowClient } from "@x/workflow";

export default function run(token: string) {
  const client = new WorkflowClient({ token });
  return client.trigger({
    url: "https://example.org/api/workflow",
    body: { orderId: 1042 },
    runId: "order-1042",
    retries: 3,
    delay: "10s",
    headers: { "x-tenant": "42" },
    flowControl: { key: "tenant-42", parallelism: 2, rate: 10, period: "1m" },
    failureCallback: "https://example.org/api/on-failure",
  });
}
