// The same trigger call through @upstash/workflow's Client.
import { Client } from "@upstash/workflow";

export default function run(token: string) {
  const client = new Client({ token });
  return client.trigger({
    url: "https://example.org/api/workflow",
    body: { orderId: 1042 },
    workflowRunId: "order-1042",
    retries: 3,
    delay: "10s",
    headers: { "x-tenant": "42" },
    flowControl: { key: "tenant-42", parallelism: 2, rate: 10, period: "1m" },
    failureUrl: "https://example.org/api/on-failure",
  });
}
