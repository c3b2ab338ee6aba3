// Trigger calls that between them use every option of the workflow client, sent to Prism
// both as a mock and as a proxy in front of the dev server.
import type { TriggerRequest } from "@x/workflow";

export const TRIGGER_CASES: [string, TriggerRequest][] = [
  ["only a url", { url: "https://example.org/api/workflow" }],
  ["a url with port, query and fragment", { url: "https://example.org:8443/a b/wf?x=1&y=%2F#top" }],
  ["a text body", { url: "http://127.0.0.1:3000/wf", body: "hello workflow" }],
  [
    "a JSON body",
    { url: "https://example.org/wf", body: { orderId: 1042, items: [{ sku: "A-1" }] } },
  ],
  ["a binary body", { url: "https://example.org/wf", body: new Uint8Array([0, 1, 2, 255]) }],
  [
    "every option",
    {
      url: "https://example.org/wf",
      body: { a: 1 },
      runId: "order-1042",
      headers: { "X-Tenant-ID": "t-42" },
      retries: 0,
      delay: "1d10h30m",
      notBefore: 1767225600,
      labels: ["billing", "nightly"],
      flowControl: { key: "tenant-42", parallelism: 2, rate: 10, period: "1m" },
      failureCallback: { url: "https://example.org/fail", headers: { "X-Alert": "ops" } },
      retryDelay: "max(1000, 1000 * pow(2, retried))",
    },
  ],
  [
    "flow control by rate only",
    { url: "https://example.org/wf", flowControl: { key: "k", rate: 3 } },
  ],
  [
    "a failure callback url",
    { url: "https://example.org/wf", failureCallback: "http://hooks.example.net:9000/f" },
  ],
];
