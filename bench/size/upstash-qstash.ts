// The closest QStash call: publish a JSON message with the same options.
import { Client } from "@upstash/qstash";

export default function run(token: string) {
  const client = new Client({ token });
  return client.publishJSON({
    url: "https://example.org/api/workflow",
    body: { orderId: 1042 },
    retries: 3,
    delay: "10s",
    headers: { "x-tenant": "42" },
    flowControl: { key: "tenant-42", parallelism: 2, rate: 10, period: "1m" },
    failureCallback: "https://example.org/api/on-failure",
  });
}
