// One trigger call with the spec guard: compare with x-workflow.ts, which does not import
// `@x/workflow/guard` and so carries none of it.
import { WorkflowClient } from "@x/workflow";
import { specGuard } from "@x/workflow/guard";

export default async function run(token: string) {
  const client = new WorkflowClient({ token });
  const guard = specGuard({ mode: "collect" });
  client.use(guard);
  const run = await client.trigger({
    url: "https://example.org/api/workflow",
    body: { orderId: 1042 },
    runId: "order-1042",
    retries: 3,
    delay: "10s",
    headers: { "x-tenant": "42" },
    flowControl: { key: "tenant-42", parallelism: 2, rate: 10, period: "1m" },
    failureCallback: "https://example.org/api/on-failure",
  });
  return [run, guard.report()];
}
