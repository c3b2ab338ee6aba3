import { describe, expect, it } from "vitest";
import { BASE, EVERY_OPTION, RESULT, setup, svcHeaders, TOKEN, WORKFLOW } from "./helpers";

describe("trigger: the request", () => {
  it("posts to /v2/trigger/<url> with the bearer token and nothing else", async () => {
    const { client, only } = setup();
    await expect(client.trigger({ url: WORKFLOW })).resolves.toEqual(RESULT);
    const request = only();
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${BASE}/v2/trigger/${WORKFLOW}`);
    expect(request.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get("content-type")).toBeNull();
    expect(request.body).toBeNull();
    expect(svcHeaders(request)).toEqual({});
  });

  it("sends each trigger to its own workflow URL, one URL again and again or several in turn", async () => {
    const { client, requests } = setup();
    const other = "https://example.org/api/other?tenant=7";
    for (const url of [WORKFLOW, WORKFLOW, other, WORKFLOW, other]) await client.trigger({ url });
    expect(requests.map((request) => request.url)).toEqual(
      [WORKFLOW, WORKFLOW, other, WORKFLOW, other].map(
        (url) => `${BASE}/v2/trigger/${url.replace("?", "%3F")}`,
      ),
    );
  });

  it("maps each option to exactly one header", async () => {
    const { client, only } = setup();
    await client.trigger(EVERY_OPTION);
    expect(svcHeaders(only())).toEqual({
      "svc-workflow-runid": "order-1042",
      "svc-retries": "5",
      "svc-delay": "1d10h30m",
      "svc-not-before": "1767225600",
      "svc-label": "billing,nightly",
      "svc-flow-control-key": "tenant-42",
      "svc-flow-control-value": "parallelism=1, rate=10, period=1m",
      "svc-failure-callback": "https://example.org/api/on-failure",
      "svc-retry-delay": "max(1000, 1000 * pow(2, retried))",
    });
  });

  it.each([
    [{ retries: 0 }, { "svc-retries": "0" }],
    [{ retries: 12 }, { "svc-retries": "12" }],
    [{ delay: "10s" }, { "svc-delay": "10s" }],
    [{ delay: "1.5h" }, { "svc-delay": "1.5h" }],
    [{ delay: 90 }, { "svc-delay": "90s" }],
    [{ delay: 0 }, { "svc-delay": "0s" }],
    [{ delay: 2.5 }, { "svc-delay": "2.5s" }],
    [{ notBefore: 0 }, { "svc-not-before": "0" }],
    [{ notBefore: new Date("2026-01-01T00:00:00.000Z") }, { "svc-not-before": "1767225600" }],
    // A Date inside a second rounds up, so the run never starts before it.
    [{ notBefore: new Date("2026-01-01T00:00:00.001Z") }, { "svc-not-before": "1767225601" }],
    [{ labels: "billing" }, { "svc-label": "billing" }],
    [{ labels: [" spaced out "] }, { "svc-label": "spaced out" }],
    [{ labels: [] }, {}],
    [{ runId: "a/b c?" }, { "svc-workflow-runid": "a/b c?" }],
    [
      { flowControl: { key: "k", parallelism: 3 } },
      { "svc-flow-control-key": "k", "svc-flow-control-value": "parallelism=3" },
    ],
    [
      { flowControl: { key: "k", rate: 5 } },
      { "svc-flow-control-key": "k", "svc-flow-control-value": "rate=5" },
    ],
    [
      { flowControl: { key: "k", rate: 5, period: 90 } },
      { "svc-flow-control-key": "k", "svc-flow-control-value": "rate=5, period=90s" },
    ],
    [{ retryDelay: "1000" }, { "svc-retry-delay": "1000" }],
    [
      { failureCallback: "http://localhost:3000/fail" },
      { "svc-failure-callback": "http://localhost:3000/fail" },
    ],
  ])("sends %j as %j", async (options, headers) => {
    const { client, only } = setup();
    await client.trigger({ url: WORKFLOW, ...options });
    expect(svcHeaders(only())).toEqual(headers);
  });

  it("forwards headers from a record or a Headers object", async () => {
    const { client, requests } = setup();
    await client.trigger({
      url: WORKFLOW,
      headers: { "X-Tenant": "42", authorization: "Basic abc" },
    });
    await client.trigger({ url: WORKFLOW, headers: new Headers([["X-Tenant", "43"]]) });
    expect(svcHeaders(requests[0]!)).toEqual({
      "svc-forward-x-tenant": "42",
      "svc-forward-authorization": "Basic abc",
    });
    expect(svcHeaders(requests[1]!)).toEqual({ "svc-forward-x-tenant": "43" });
    // The forwarded authorization does not replace the client's own.
    expect(requests[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("sends the failure callback's headers with their own prefix", async () => {
    const { client, requests } = setup();
    await client.trigger({
      url: WORKFLOW,
      failureCallback: { url: "https://example.org/fail", headers: { "X-Reason": "alert" } },
    });
    await client.trigger({
      url: WORKFLOW,
      failureCallback: { url: "https://example.org/fail", headers: new Headers({ "X-A": "1" }) },
    });
    expect(svcHeaders(requests[0]!)).toEqual({
      "svc-failure-callback": "https://example.org/fail",
      "svc-failure-callback-forward-x-reason": "alert",
    });
    expect(svcHeaders(requests[1]!)).toEqual({
      "svc-failure-callback": "https://example.org/fail",
      "svc-failure-callback-forward-x-a": "1",
    });
  });

  it("passes the caller's signal on", async () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    const { client, requests } = setup(
      (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        ),
    );
    const pending = client.trigger({ url: WORKFLOW, runId: "r1" }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(reason);
    await expect(pending).rejects.toMatchObject({ name: "AbortError", cause: reason });
    expect(requests).toHaveLength(1);
  });
});

describe("trigger: the body", () => {
  const bytes = new Uint8Array([0, 1, 2, 250, 255]);

  it("sends a string as text/plain, unchanged", async () => {
    const { client, only } = setup();
    await client.trigger({ url: WORKFLOW, body: "hello workflow ü\n" });
    const request = only();
    expect(request.headers.get("content-type")).toBe("text/plain");
    expect(await request.text()).toBe("hello workflow ü\n");
  });

  it("sends an empty string as an empty text body", async () => {
    const { client, only } = setup();
    await client.trigger({ url: WORKFLOW, body: "" });
    const request = only();
    expect(request.headers.get("content-type")).toBe("text/plain");
    expect(await request.text()).toBe("");
  });

  it.each([
    ["Uint8Array", bytes],
    ["ArrayBuffer", bytes.slice().buffer],
    ["Blob", new Blob([bytes])],
  ])("sends a %s as application/octet-stream, byte for byte", async (_, body) => {
    const { client, only } = setup();
    await client.trigger({ url: WORKFLOW, body });
    const request = only();
    expect(request.headers.get("content-type")).toBe("application/octet-stream");
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(bytes);
  });

  it("sends other values as JSON", async () => {
    const { client, only } = setup();
    const body = { orderId: 1042, items: [{ sku: "A-1", quantity: 2 }], note: null };
    await client.trigger({ url: WORKFLOW, body });
    const request = only();
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.text()).toBe(JSON.stringify(body));
  });

  it("lets contentType override the chosen type without touching the body", async () => {
    const { client, requests } = setup();
    await client.trigger({ url: WORKFLOW, body: '{"a":1}', contentType: "application/json" });
    await client.trigger({ url: WORKFLOW, body: bytes, contentType: "text/plain" });
    expect(requests[0]!.headers.get("content-type")).toBe("application/json");
    expect(await requests[0]!.text()).toBe('{"a":1}');
    expect(requests[1]!.headers.get("content-type")).toBe("text/plain");
    expect(new Uint8Array(await requests[1]!.arrayBuffer())).toEqual(bytes);
  });

  it("sends no content type without a body, even when one is given", async () => {
    const { client, only } = setup();
    await client.trigger({ url: WORKFLOW, contentType: "application/json" });
    const request = only();
    expect(request.headers.get("content-type")).toBeNull();
    expect(request.body).toBeNull();
  });
});

describe("trigger: the workflow URL in the path", () => {
  const pathOf = (request: Request) => new URL(request.url).pathname.slice("/v2/trigger/".length);

  it.each([
    ["https://example.org", "https://example.org"],
    ["http://localhost:3000/api/wf", "http://localhost:3000/api/wf"],
    ["https://example.org/a b", "https://example.org/a%20b"],
    ["https://example.org/wf?tenant=1&x=y", "https://example.org/wf%3Ftenant=1&x=y"],
    ["https://example.org/wf#part", "https://example.org/wf%23part"],
    ["https://example.org/100%/x%20y", "https://example.org/100%25/x%2520y"],
    ["https://example.org/?#% ", "https://example.org/%3F%23%25%20"],
    ["https://user:pw@example.org:8443/a/b/", "https://user:pw@example.org:8443/a/b/"],
  ])("puts %s in raw as %s", async (url, path) => {
    const { client, only } = setup();
    await client.trigger({ url });
    const request = only();
    expect(pathOf(request)).toBe(path);
    // What the service does: percent-decode the rest of the path.
    expect(decodeURIComponent(pathOf(request))).toBe(url);
    expect(new URL(request.url).search).toBe("");
  });

  it("keeps non-ASCII characters recoverable", async () => {
    const { client, only } = setup();
    await client.trigger({ url: "https://example.org/über/ça" });
    expect(decodeURIComponent(pathOf(only()))).toBe("https://example.org/über/ça");
  });
});
