import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  getJson,
  type Receiver,
  type Started,
  startReceiver,
  startService,
  TOKEN,
  trigger,
} from "./workflow-harness.js";

let svc: Started;
let receiver: Receiver;
let wf: string;

beforeEach(async () => {
  svc = await startService();
  receiver = await startReceiver();
  wf = `${receiver.url}/api/workflow`;
});

afterEach(async () => {
  await svc.close();
  await receiver.close();
});

describe("authentication", () => {
  test.each([
    ["no token", "none"],
    ["a wrong bearer token", { bearer: "not-the-token" }],
    ["a wrong svc_token", { query: "not-the-token" }],
  ] as const)("401 with an error object for %s", async (_, auth) => {
    const result = await trigger(svc.base, wf, { auth });
    expect(result.status).toBe(401);
    expect(result.body.error).toMatch(/token/);
    expect(JSON.stringify(result.body)).not.toContain(TOKEN);
    expect(receiver.calls).toHaveLength(0);
  });

  test("accepts the token as a bearer header or as svc_token", async () => {
    expect((await trigger(svc.base, wf, { auth: "bearer" })).status).toBe(200);
    expect((await trigger(svc.base, wf, { auth: "query" })).status).toBe(200);
  });

  test("the dev routes need the token too", async () => {
    expect((await getJson(svc.base, "/v2/dev/runs", "wrong")).status).toBe(401);
    expect((await getJson(svc.base, "/v2/dev/runs")).status).toBe(200);
  });
});

describe("the answer", () => {
  test("200 with a generated run id and the creation time in ms", async () => {
    const before = Date.now();
    const result = await trigger(svc.base, wf);
    expect(result.status).toBe(200);
    expect(result.body.workflowRunId).toMatch(/^wfr_[0-9a-f]{32}$/);
    expect(result.body.workflowCreatedAt).toBeGreaterThanOrEqual(before);
    expect(result.body.workflowCreatedAt).toBeLessThanOrEqual(Date.now());
    const other = await trigger(svc.base, wf);
    expect(other.body.workflowRunId).not.toBe(result.body.workflowRunId);
  });

  test("Svc-Workflow-RunId names the run", async () => {
    const result = await trigger(svc.base, wf, { headers: { "Svc-Workflow-RunId": "order-1042" } });
    expect(result).toMatchObject({ status: 200, body: { workflowRunId: "order-1042" } });
    expect(svc.service.runs().map((r) => r.workflowRunId)).toEqual(["order-1042"]);
  });

  test("a different request under a used run id is a 400 naming the header; the first run stays", async () => {
    const headers = { "Svc-Workflow-RunId": "same-id", "Svc-Retries": "2" };
    const first = await trigger(svc.base, wf, { headers, body: "first" });
    expect(first.status).toBe(200);
    const variants = [
      { headers, body: "second" },
      { headers: { ...headers, "Svc-Retries": "3" }, body: "first" },
      { headers: { ...headers, "Svc-Forward-X-Tenant": "acme" }, body: "first" },
      { headers: { ...headers, "content-type": "application/octet-stream" }, body: "first" },
    ];
    for (const init of variants) {
      const second = await trigger(svc.base, wf, init);
      expect(second.status).toBe(400);
      expect(second.body.error).toMatch(/^Svc-Workflow-RunId: run id "same-id" is taken/);
    }
    const otherUrl = await trigger(svc.base, `${wf}/other`, { headers, body: "first" });
    expect(otherUrl.status).toBe(400);
    expect(svc.service.runs()).toHaveLength(1);
    expect(svc.service.runs()[0]?.workflowCreatedAt).toBe(first.body.workflowCreatedAt);
  });

  test("the same request again under its run id is answered with the original run", async () => {
    const headers = { "Svc-Workflow-RunId": "repeat-id", "Svc-Retries": "2", "Svc-Delay": "1h" };
    const first = await trigger(svc.base, wf, { headers, body: "same" });
    expect(first.status).toBe(200);
    // Header order and case differ; the request is the same.
    const again = await trigger(svc.base, wf, {
      headers: { "svc-delay": "1h", "SVC-RETRIES": "2", "svc-workflow-runid": "repeat-id" },
      body: "same",
    });
    expect(again).toEqual(first);
    expect(svc.service.runs().filter((r) => r.workflowRunId === "repeat-id")).toHaveLength(1);
  });
});

describe("400 for every malformed option, naming the header", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["empty run id", { "Svc-Workflow-RunId": "" }, "Svc-Workflow-RunId"],
    ["non-integer retries", { "Svc-Retries": "three" }, "Svc-Retries"],
    ["negative retries", { "Svc-Retries": "-1" }, "Svc-Retries"],
    ["fractional retries", { "Svc-Retries": "1.5" }, "Svc-Retries"],
    ["delay without unit", { "Svc-Delay": "10" }, "Svc-Delay"],
    ["delay with unknown unit", { "Svc-Delay": "10x" }, "Svc-Delay"],
    ["malformed delay number", { "Svc-Delay": "1.5.2h" }, "Svc-Delay"],
    ["negative delay", { "Svc-Delay": "-5s" }, "Svc-Delay"],
    ["not-before as a date", { "Svc-Not-Before": "2026-01-01" }, "Svc-Not-Before"],
    ["negative not-before", { "Svc-Not-Before": "-1" }, "Svc-Not-Before"],
    ["empty label in the list", { "Svc-Label": "a,,b" }, "Svc-Label"],
    ["trailing comma in labels", { "Svc-Label": "a," }, "Svc-Label"],
    ["flow-control key without value", { "Svc-Flow-Control-Key": "k" }, "Svc-Flow-Control-Value"],
    [
      "flow-control value without key",
      { "Svc-Flow-Control-Value": "parallelism=1" },
      "Svc-Flow-Control-Key",
    ],
    [
      "period without rate",
      { "Svc-Flow-Control-Key": "k", "Svc-Flow-Control-Value": "parallelism=1, period=1s" },
      "Svc-Flow-Control-Value",
    ],
    [
      "zero parallelism",
      { "Svc-Flow-Control-Key": "k", "Svc-Flow-Control-Value": "parallelism=0" },
      "Svc-Flow-Control-Value",
    ],
    [
      "unknown flow-control part",
      { "Svc-Flow-Control-Key": "k", "Svc-Flow-Control-Value": "burst=3" },
      "Svc-Flow-Control-Value",
    ],
    [
      "callback that is not a URL",
      { "Svc-Failure-Callback": "example.org/fail" },
      "Svc-Failure-Callback",
    ],
    [
      "callback with another scheme",
      { "Svc-Failure-Callback": "ftp://example.org" },
      "Svc-Failure-Callback",
    ],
    [
      "callback with a dot segment",
      { "Svc-Failure-Callback": "https://example.org/a/../b" },
      "Svc-Failure-Callback",
    ],
    ["unknown function in retry delay", { "Svc-Retry-Delay": "log(retried)" }, "Svc-Retry-Delay"],
    ["wrong arity in retry delay", { "Svc-Retry-Delay": "pow(2)" }, "Svc-Retry-Delay"],
    ["unbalanced retry delay", { "Svc-Retry-Delay": "(1000 * retried" }, "Svc-Retry-Delay"],
    ["unknown Svc- header", { "Svc-Retry": "3" }, "svc-retry"],
    ["forward prefix without a name", { "Svc-Forward-": "x" }, "svc-forward-"],
    [
      "hop-by-hop forwarded header",
      { "Svc-Forward-Connection": "close" },
      "Svc-Forward-connection",
    ],
  ];

  test.each(cases)("%s", async (_, headers, named) => {
    const result = await trigger(svc.base, wf, { headers });
    expect(result.status).toBe(400);
    expect(result.body.error?.toLowerCase()).toContain(named.toLowerCase());
    expect(svc.service.runs()).toHaveLength(0);
  });
});

describe("400 for a bad workflow URL or body", () => {
  test.each([
    ["a relative URL", "api/workflow"],
    ["another scheme", "ftp://127.0.0.1/x"],
    ["no host", "http://"],
    // Core's rule for the same kind of value: a client refuses it, so the server does too.
    ["a dot segment", "http://127.0.0.1/a/%2E%2E/b"],
  ])("%s", async (_, url) => {
    const result = await trigger(svc.base, url);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/workflowUrl/);
  });

  test("a workflow URL whose '?' was not encoded: its query lands on the trigger, refused with a hint", async () => {
    const response = await fetch(`${svc.base}/v2/trigger/${wf}?step=2`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/step.*%3F/);
  });

  test("malformed percent-encoding in the path", async () => {
    const response = await fetch(`${svc.base}/v2/trigger/http://127.0.0.1/%E0%A4%A`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/workflowUrl/);
  });

  test.each([
    ["a form body", "application/x-www-form-urlencoded", "a=1"],
    ["a JSON array where the spec says object", "application/json", "[1,2]"],
  ])("%s is refused by the spec, naming what is wrong", async (_, type, body) => {
    const result = await trigger(svc.base, wf, { headers: { "content-type": type }, body });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/content-type|body/);
  });

  test("a body above the dev limit (10 MiB) is refused with 413, not buffered without end", async () => {
    const result = await trigger(svc.base, wf, {
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(10 * 1024 * 1024 + 1),
    });
    expect(result).toEqual({
      status: 413,
      body: { error: expect.stringMatching(/^Request body is over the limit of 10485760 bytes/) },
    });
  });

  test("JSON content type with a body that is not JSON", async () => {
    const result = await trigger(svc.base, wf, {
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/JSON/);
  });
});

describe("routes", () => {
  test("unknown routes are 404 with an error object, wrong methods 405", async () => {
    const unknown = await fetch(`${svc.base}/v1/nothing`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.stringContaining("/v1/nothing") });
    const get = await fetch(`${svc.base}/v2/trigger/${wf}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: expect.any(String) });
  });

  test("GET /v2/dev/runs/<id> shows one run; an unknown id is 404", async () => {
    await trigger(svc.base, wf, {
      headers: { "Svc-Workflow-RunId": "a b/c", "Svc-Label": "x, y" },
    });
    const one = await getJson(svc.base, `/v2/dev/runs/${encodeURIComponent("a b/c")}`);
    expect(one).toMatchObject({
      status: 200,
      body: { workflowRunId: "a b/c", url: wf, labels: ["x", "y"], retries: 3 },
    });
    const missing = await getJson(svc.base, "/v2/dev/runs/nope");
    expect(missing).toEqual({ status: 404, body: { error: expect.stringContaining("nope") } });
  });
});
