// The sweep of the clients' options: every key of every options table (client options, call
// options, a trigger's fields, its flow control and failure callback) either changes
// something observable (the request sent, the attempts, the answer, the log, the trace) or
// is refused for the value given. The keys come from the tables (sweep-keys.ts), so a new
// option without a case here fails.
import type { RequestOptions, Tracing } from "@x/core";
import { AbortError, TimeoutError } from "@x/core";
import { VectorIndex, type VectorIndexOptions } from "@x/vector";
import { type TriggerRequest, WorkflowClient, type WorkflowClientOptions } from "@x/workflow";
import { describe, expect, it } from "vitest";
import { interfaceKeys } from "./sweep-keys.js";

const TOKEN = "sweep-token-0123456789";

/** A fetch that records each request and answers with `answers` in turn (the last repeats). */
function recording(...answers: Array<() => Response>) {
  const sent: Array<{ request: Request; init: RequestInit }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ request: new Request(url, init), init });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    return (answer ?? (() => Response.json({ result: [] })))();
  };
  return { fetch, sent };
}

/** A request as text: method, URL, sorted headers, body. */
async function shown(request: Request | undefined): Promise<string> {
  if (request === undefined) return "nothing sent";
  const headers = [...request.headers].map(([name, value]) => `${name}: ${value}`).sort();
  return [`${request.method} ${request.url}`, ...headers, await request.clone().text()].join("\n");
}

const BUSY = () =>
  Response.json({ error: "busy", status: 503 }, { status: 503, headers: { "retry-after": "0" } });
const QUERY_ANSWER = () => Response.json({ result: [] });

/** A vector query with these client and call options: what was sent, and how it ended. */
async function query(
  options: Partial<VectorIndexOptions>,
  call?: RequestOptions,
  ...answers: Array<() => Response>
) {
  const { fetch, sent } = recording(...(answers.length > 0 ? answers : [QUERY_ANSWER]));
  const index = new VectorIndex({ url: "https://index.example", token: TOKEN, fetch, ...options });
  const outcome = await index.query({ vector: [1, 0], topK: 1 }, call).then(
    () => "ok",
    (error: unknown) => error,
  );
  return { sent, outcome, first: await shown(sent[0]?.request) };
}

const TRIGGERED = () => Response.json({ workflowRunId: "wfr_1", workflowCreatedAt: 1 });

/** A trigger with these client options and request fields: the request sent. */
async function trigger(
  options: Partial<WorkflowClientOptions>,
  request: Partial<TriggerRequest> = {},
): Promise<string> {
  const { fetch, sent } = recording(TRIGGERED);
  const wf = new WorkflowClient({ token: TOKEN, baseUrl: "https://wf.example", fetch, ...options });
  await wf.trigger({ url: "https://example.org/api/workflow", ...request });
  return shown(sent[0]?.request);
}

type Case = () => Promise<void>;

/** Each key of the core's ClientOptions, shown on a vector client. */
const CLIENT_OPTIONS: Record<string, Case> = {
  async token() {
    const { first } = await query({ token: "another-token-456789" });
    expect(first).toContain("authorization: Bearer another-token-456789");
  },
  async maxRetries() {
    const twice = await query({ maxRetries: 1 }, undefined, BUSY);
    const once = await query({ maxRetries: 0 }, undefined, BUSY);
    expect([twice.sent.length, once.sent.length]).toEqual([2, 1]);
  },
  async timeoutMs() {
    const index = new VectorIndex({
      url: "https://index.example",
      token: TOKEN,
      maxRetries: 0,
      timeoutMs: 1,
      fetch: (_url, init) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    await expect(index.info()).rejects.toBeInstanceOf(TimeoutError);
  },
  async fetch() {
    const { sent } = await query({});
    expect(sent).toHaveLength(1);
  },
  async fetchOptions() {
    const { sent } = await query({ fetchOptions: { keepalive: true } });
    expect(sent[0]?.init.keepalive).toBe(true);
  },
  async defaultHeaders() {
    const { first } = await query({ defaultHeaders: { "x-team": "search" } });
    expect(first).toContain("x-team: search");
  },
  async logger() {
    // Alone, without a logLevel: it gets the retries and failures ("warn").
    const lines: string[] = [];
    const logger = { ...console, warn: (line: string) => void lines.push(line) };
    await query({ logger, maxRetries: 1 }, undefined, BUSY, QUERY_ANSWER);
    expect(lines).toEqual([
      expect.stringMatching(/^\[x\] POST https:\/\/index\.example\/query -> 503/),
    ]);
  },
  async logLevel() {
    const lines: string[] = [];
    const logger = { ...console, info: (line: string) => void lines.push(line) };
    await query({ logger, logLevel: "error" });
    expect(lines).toEqual([]);
    await query({ logger, logLevel: "info" });
    expect(lines).toHaveLength(1);
  },
  async tracing() {
    const started: string[] = [];
    const tracing: Tracing = {
      startCall: (call) => {
        started.push(call.name);
        return { attempt: () => {}, end: () => {} };
      },
    };
    await query({ tracing });
    expect(started).toEqual(["VectorIndex.query"]);
  },
};

const VECTOR_OPTIONS: Record<string, Case> = {
  async url() {
    const { first } = await query({ url: "https://other-index.example" });
    expect(first).toMatch(/^POST https:\/\/other-index\.example\/query\n/);
  },
  async namespace() {
    const { first } = await query({ namespace: "movies" });
    expect(first).toMatch(/^POST https:\/\/index\.example\/query\/movies\n/);
  },
};

const WORKFLOW_OPTIONS: Record<string, Case> = {
  async baseUrl() {
    expect(await trigger({ baseUrl: "https://other-wf.example" })).toMatch(
      /^POST https:\/\/other-wf\.example\/v2\/trigger\//,
    );
  },
  async region() {
    // Without baseUrl: the region picks the address.
    const urlIn = async (region: "us-east-1" | "eu-central-1") => {
      const { fetch, sent } = recording(TRIGGERED);
      await new WorkflowClient({ token: TOKEN, region, fetch }).trigger({ url: "https://e.org/w" });
      return sent[0]?.request.url;
    };
    expect(await urlIn("us-east-1")).toContain("us-east-1");
    expect(await urlIn("eu-central-1")).toContain("eu-central-1");
  },
  async tokenIn() {
    const sent = await trigger({ tokenIn: "query" });
    expect(sent).toContain(`svc_token=${TOKEN}`);
    expect(sent).not.toContain("authorization:");
  },
};

/** Each call option, on a vector query. */
const REQUEST_OPTIONS: Record<string, Case> = {
  async signal() {
    const { sent, outcome } = await query({}, { signal: AbortSignal.abort() });
    expect(outcome).toBeInstanceOf(AbortError);
    expect(sent).toEqual([]);
  },
  async timeoutMs() {
    const index = new VectorIndex({
      url: "https://index.example",
      token: TOKEN,
      maxRetries: 0,
      fetch: (_url, init) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    await expect(index.info({ timeoutMs: 1 })).rejects.toBeInstanceOf(TimeoutError);
  },
  async maxRetries() {
    const once = await query({ maxRetries: 2 }, { maxRetries: 0 }, BUSY);
    expect(once.sent).toHaveLength(1);
  },
  async headers() {
    const { first } = await query({}, { headers: { "x-request-id": "r-1" } });
    expect(first).toContain("x-request-id: r-1");
  },
};

/** Each field of a trigger: the request it changes. */
const TRIGGER_FIELDS: Record<string, Case> = {};
const TRIGGER_VALUES: Record<string, Partial<TriggerRequest>> = {
  url: { url: "https://example.org/api/other" },
  body: { body: { order: 1 } },
  contentType: { body: "a=1", contentType: "text/plain; charset=us-ascii" },
  runId: { runId: "wfr_mine" },
  headers: { headers: { "x-tenant": "42" } },
  retries: { retries: 0 },
  delay: { delay: "10s" },
  notBefore: { notBefore: new Date("2030-01-01T00:00:00Z") },
  labels: { labels: ["nightly"] },
  flowControl: { flowControl: { key: "k", rate: 1 } },
  failureCallback: { failureCallback: "https://example.org/api/failed" },
  retryDelay: { retryDelay: "1000 * retried" },
};
for (const [key, fields] of Object.entries(TRIGGER_VALUES)) {
  TRIGGER_FIELDS[key] = async () => {
    // contentType is shown on a body of its own: compare with the same body without it.
    const base = key === "contentType" ? { body: "a=1" } : {};
    expect(await trigger({}, fields)).not.toBe(await trigger({}, base));
  };
}

/** Each field of a flow control, against `{ key: "k", rate: 1 }`. */
const FLOW_CONTROL_FIELDS: Record<string, Case> = {};
const FLOW_VALUES = { key: "k2", parallelism: 2, rate: 2, period: "1m" };
for (const [key, value] of Object.entries(FLOW_VALUES)) {
  FLOW_CONTROL_FIELDS[key] = async () => {
    const base = { key: "k", rate: 1 };
    const changed = await trigger({}, { flowControl: { ...base, [key]: value } });
    expect(changed).not.toBe(await trigger({}, { flowControl: base }));
  };
}

/** Each field of a failure callback given as an object. */
const FAILURE_CALLBACK_FIELDS: Record<string, Case> = {
  async url() {
    const sent = await trigger({}, { failureCallback: { url: "https://example.org/failed" } });
    expect(sent).toContain("svc-failure-callback: https://example.org/failed");
  },
  async headers() {
    const sent = await trigger(
      {},
      { failureCallback: { url: "https://example.org/failed", headers: { "x-why": "1" } } },
    );
    expect(sent).toContain("svc-failure-callback-forward-x-why: 1");
  },
};

const TABLES: Array<[string, string, string, Record<string, Case>]> = [
  ["core", "ClientOptions", "client options", CLIENT_OPTIONS],
  ["vector", "VectorIndexOptions", "VectorIndex options", VECTOR_OPTIONS],
  ["workflow", "WorkflowClientOptions", "WorkflowClient options", WORKFLOW_OPTIONS],
  ["core", "RequestOptions", "call options", REQUEST_OPTIONS],
  ["workflow", "TriggerRequest", "trigger fields", TRIGGER_FIELDS],
  ["workflow", "FlowControl", "flowControl fields", FLOW_CONTROL_FIELDS],
  ["workflow", "FailureCallback", "failureCallback fields", FAILURE_CALLBACK_FIELDS],
];

describe.each(TABLES)("%s %s", (pkg, name, _title, cases) => {
  it("has a case for every key of the table, and no other", () => {
    expect(Object.keys(cases).sort()).toEqual(interfaceKeys(pkg, name));
  });

  it.each(Object.keys(cases))("%s changes something observable", async (key) => {
    await cases[key]?.();
  });
});
