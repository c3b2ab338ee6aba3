import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  type Receiver,
  type Started,
  startReceiver,
  startService,
  TOKEN,
  trigger,
} from "./workflow-harness.js";

let svc: Started;
let receiver: Receiver;

beforeAll(async () => {
  svc = await startService({ timeScale: 0 });
  receiver = await startReceiver();
});

afterAll(async () => {
  await svc.close();
  await receiver.close();
});

const OPTIONS = [
  "Svc-Workflow-RunId",
  "Svc-Retries",
  "Svc-Delay",
  "Svc-Not-Before",
  "Svc-Label",
  "Svc-Flow-Control-Key",
  "Svc-Flow-Control-Value",
  "Svc-Failure-Callback",
  "Svc-Retry-Delay",
  "Svc-Forward-X-Any",
  "Svc-Failure-Callback-Forward-X-Any",
];

// Values that look like what the headers take, and random printable text.
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^[0-9dhms.,= a-z()*+/-]{0,30}$/),
  fc.integer({ min: -5, max: 2e9 }).map(String),
  fc.constantFrom("parallelism=1", "rate=2, period=1s", "http://127.0.0.1:1/x", "pow(2, retried)"),
);

test("any combination of option values is answered 200 or 400 by the spec, never 5xx", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(fc.constantFrom(...OPTIONS), value, { maxKeys: 5 }),
      async (headers) => {
        const trimmed = Object.fromEntries(
          Object.entries(headers).map(([name, text]) => [name, text.trim()]),
        );
        const result = await trigger(svc.base, `${receiver.url}/wf`, { headers: trimmed });
        expect([200, 400]).toContain(result.status);
        if (result.status === 400) expect(result.body.error).toMatch(/\S/);
      },
    ),
    { numRuns: 150 },
  );
});

test("any path after /v2/trigger/ is answered 200 or 400, never 5xx", async () => {
  await fc.assert(
    fc.asyncProperty(fc.stringMatching(/^[!-~]{0,60}$/), async (tail) => {
      const response = await fetch(`${svc.base}/v2/trigger/${tail.replace(/[?#]/g, "")}`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect([200, 400, 404]).toContain(response.status);
      expect(await response.json()).toEqual(expect.any(Object));
    }),
    { numRuns: 150 },
  );
});

test("absurdly nested expressions and endless periods are 400s, not a stack overflow or a spin", async () => {
  const nested = `${"(".repeat(5000)}1${")".repeat(5000)}`;
  const deep = await trigger(svc.base, `${receiver.url}/wf`, {
    headers: { "Svc-Retry-Delay": nested },
  });
  expect(deep.status).toBe(400);
  expect(deep.body.error).toMatch(/^Svc-Retry-Delay: /);
  const endless = await trigger(svc.base, `${receiver.url}/wf`, {
    headers: {
      "Svc-Flow-Control-Key": "k",
      "Svc-Flow-Control-Value": `rate=1, period=${"9".repeat(400)}s`,
    },
  });
  expect(endless).toEqual({
    status: 400,
    body: { error: expect.stringMatching(/^Svc-Flow-Control-Value: /) },
  });
  const huge = await trigger(svc.base, `${receiver.url}/wf`, {
    headers: { "Svc-Delay": `${"9".repeat(400)}s` },
  });
  expect(huge).toEqual({ status: 400, body: { error: expect.stringMatching(/^Svc-Delay: /) } });
});

test("a JSON body nested 100,000 deep is a 400, not a stack overflow in validation", async () => {
  const deep = await trigger(svc.base, `${receiver.url}/wf`, {
    headers: { "content-type": "application/json" },
    body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  });
  expect(deep).toEqual({ status: 400, body: { error: "body: nests deeper than 256 levels" } });
  // Brackets inside strings are text, not nesting.
  const text = await trigger(svc.base, `${receiver.url}/wf`, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ note: "[".repeat(1000), quote: '\\"[' }),
  });
  expect(text.status).toBe(200);
});
