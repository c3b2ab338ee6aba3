import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkflowClient } from "../src/index";
import { configurationError, recordingFetch, TOKEN, WORKFLOW } from "./helpers";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The setting a client refused, and the rule: a ConfigurationError, not a caller's input. */
function invalidField(run: () => unknown): [string, string] {
  const { field, rule } = configurationError(run);
  return [field, rule];
}

describe("WorkflowClient: where requests go", () => {
  it.each([
    [undefined, "https://workflow.eu-central-1.example.com"],
    ["eu-central-1", "https://workflow.eu-central-1.example.com"],
    ["us-east-1", "https://workflow.us-east-1.example.com"],
  ] as const)("region %s uses %s", async (region, base) => {
    const { fetch, requests } = recordingFetch();
    await new WorkflowClient({ token: TOKEN, region, fetch }).trigger({ url: WORKFLOW });
    expect(requests[0]!.url).toBe(`${base}/v2/trigger/${WORKFLOW}`);
  });

  it("lets baseUrl override the region, with or without a trailing slash", async () => {
    const { fetch, requests } = recordingFetch();
    await new WorkflowClient({ token: TOKEN, baseUrl: "http://127.0.0.1:8080/", fetch }).trigger({
      url: WORKFLOW,
    });
    await new WorkflowClient({
      token: TOKEN,
      baseUrl: "https://proxy.example.net",
      region: "us-east-1",
      fetch,
    }).trigger({ url: WORKFLOW });
    expect(requests.map((r) => r.url)).toEqual([
      `http://127.0.0.1:8080/v2/trigger/${WORKFLOW}`,
      `https://proxy.example.net/v2/trigger/${WORKFLOW}`,
    ]);
  });

  it("sends the token as svc_token with tokenIn query, and no Authorization header", async () => {
    const { fetch, requests } = recordingFetch();
    const client = new WorkflowClient({ token: TOKEN, tokenIn: "query", fetch });
    await client.trigger({ url: "https://example.org/wf?step=1" });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe("/v2/trigger/https://example.org/wf%3Fstep=1");
    expect([...url.searchParams]).toEqual([["svc_token", TOKEN]]);
    expect(requests[0]!.headers.get("authorization")).toBeNull();
  });

  it("sends the token as a bearer header by default", async () => {
    const { fetch, requests } = recordingFetch();
    await new WorkflowClient({ token: TOKEN, tokenIn: "header", fetch }).trigger({ url: WORKFLOW });
    expect(requests[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(new URL(requests[0]!.url).search).toBe("");
  });

  it.each([
    [{ token: "" }, "token", "must be a non-empty string"],
    [{ token: TOKEN, region: "eu-west-1" }, "region", "must be us-east-1 or eu-central-1"],
    [
      { token: TOKEN, baseUrl: "localhost:8080" },
      "baseUrl",
      "must be an absolute http(s) URL without . or .. segments",
    ],
    [{ token: TOKEN, maxRetries: -1 }, "maxRetries", "must be a non-negative integer"],
    [
      { token: TOKEN, timeoutMs: 0 },
      "timeoutMs",
      "must be a positive number of milliseconds, at most 2147483647",
    ],
    // Any value but the two is refused, rather than read as "header".
    [{ token: TOKEN, tokenIn: "Query" }, "tokenIn", 'must be "header" or "query"'],
    [{ token: TOKEN, tokenIn: "querystring" }, "tokenIn", 'must be "header" or "query"'],
    [{ token: TOKEN, tokenIn: 42 }, "tokenIn", 'must be "header" or "query"'],
    [{ token: TOKEN, tokenIn: null }, "tokenIn", 'must be "header" or "query"'],
  ])("rejects %j", (options, field, rule) => {
    expect(invalidField(() => new WorkflowClient(options as never))).toEqual([field, rule]);
  });
});

describe("WorkflowClient.fromEnv", () => {
  it("reads WORKFLOW_TOKEN, WORKFLOW_URL and WORKFLOW_REGION from the given env", async () => {
    const { fetch, requests } = recordingFetch();
    const env = { WORKFLOW_TOKEN: TOKEN, WORKFLOW_URL: "http://127.0.0.1:9999" };
    await WorkflowClient.fromEnv(env, { fetch }).trigger({ url: WORKFLOW });
    await WorkflowClient.fromEnv(
      { WORKFLOW_TOKEN: TOKEN, WORKFLOW_REGION: "us-east-1" },
      { fetch },
    ).trigger({
      url: WORKFLOW,
    });
    expect(requests.map((r) => new URL(r.url).origin)).toEqual([
      "http://127.0.0.1:9999",
      "https://workflow.us-east-1.example.com",
    ]);
    expect(requests[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("reads process.env when no env is given", async () => {
    vi.stubEnv("WORKFLOW_TOKEN", TOKEN);
    vi.stubEnv("WORKFLOW_URL", "http://127.0.0.1:7777");
    const { fetch, requests } = recordingFetch();
    await WorkflowClient.fromEnv(undefined, { fetch }).trigger({ url: WORKFLOW });
    expect(new URL(requests[0]!.url).origin).toBe("http://127.0.0.1:7777");
  });

  it("lets explicit options win over the environment", async () => {
    const { fetch, requests } = recordingFetch();
    const env = { WORKFLOW_TOKEN: "from-env", WORKFLOW_URL: "http://127.0.0.1:1" };
    await WorkflowClient.fromEnv(env, {
      fetch,
      token: TOKEN,
      baseUrl: "http://127.0.0.1:2",
    }).trigger({
      url: WORKFLOW,
    });
    expect(new URL(requests[0]!.url).origin).toBe("http://127.0.0.1:2");
    expect(requests[0]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it.each([{}, { WORKFLOW_TOKEN: "" }, { WORKFLOW_TOKEN: "   " }])(
    "names WORKFLOW_TOKEN when it is missing from %j",
    (env) => {
      expect(invalidField(() => WorkflowClient.fromEnv(env))).toEqual([
        "WORKFLOW_TOKEN",
        "is not set",
      ]);
    },
  );

  it("rejects an unknown WORKFLOW_REGION", () => {
    const env = { WORKFLOW_TOKEN: TOKEN, WORKFLOW_REGION: "mars-1" };
    expect(invalidField(() => WorkflowClient.fromEnv(env))).toEqual([
      "region",
      "must be us-east-1 or eu-central-1",
    ]);
  });
});
