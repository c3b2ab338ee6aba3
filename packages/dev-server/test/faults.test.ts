// Faults on demand: each kind on each service, added from code and over HTTP, reaches our
// clients as the error a real failure would (with their retries), and a faulted request
// changes nothing.
import {
  ApiError,
  ConnectionError,
  InternalServerError,
  TimeoutError,
  ValidationError,
} from "@x/core";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { describe, expect, it, type TestContext } from "vitest";
import type { DevServer, FaultRule } from "../src/index.js";
import { devCall, type Endpoint, startEndpoint, startManual } from "./kit-harness.js";

/**
 * A dev server with its own log lines and an endpoint, both closed when the test ends (the
 * test's own hook: the tests of a kind of fault run at the same time).
 */
async function setUp({
  onTestFinished,
}: TestContext): Promise<{ dev: DevServer; endpoint: Endpoint; lines: string[] }> {
  const lines: string[] = [];
  const dev = await startManual({ log: (line) => lines.push(line) });
  onTestFinished(() => dev.close());
  await dev.vector.upsert([{ id: "a", vector: [1, 0] }], { namespace: "movies" });
  const endpoint = await startEndpoint(dev);
  onTestFinished(() => endpoint.close());
  return { dev, endpoint, lines };
}

/** Adds a rule from code, or over HTTP on the port of the rule's service. */
async function addFault(dev: DevServer, rule: FaultRule, over: "code" | "http"): Promise<string> {
  if (over === "code") return dev.faults.add(rule);
  const base = rule.service === "vector" ? dev.vectorUrl : dev.workflowUrl;
  const response = await fetch(`${base}/v2/dev/faults`, {
    method: "POST",
    headers: { authorization: `Bearer ${dev.token}`, "content-type": "application/json" },
    body: JSON.stringify(rule),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

function clients(dev: DevServer, options: { maxRetries: number; timeoutMs?: number }) {
  const common = { token: dev.token, ...options };
  return {
    index: new VectorIndex({ url: dev.vectorUrl, ...common }).namespace("movies"),
    wf: new WorkflowClient({ baseUrl: dev.workflowUrl, ...common }),
  };
}

/** The call of each service a fault is tried on: a query, or a trigger. */
function callOf(
  dev: DevServer,
  endpoint: Endpoint,
  service: FaultRule["service"],
  maxRetries: number,
  timeoutMs?: number,
) {
  const { index, wf } = clients(dev, {
    maxRetries,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return service === "vector"
    ? () => index.query({ vector: [1, 0], topK: 1 })
    : // A run id makes a trigger safe to retry, so the client retries it.
      () => wf.trigger({ url: `${endpoint.url}/job`, body: { n: 1 }, runId: "wfr_job" });
}

const PATHS = { vector: "/query/{namespace}", workflow: "/v2/trigger/{workflowUrl}" } as const;

// The clients' retries wait their backoff, real time (half a second or so each): the 20
// tests of this block wait at the same time, each on servers of its own.
describe.concurrent.each(["code", "http"] as const)("a fault added over %s", (over) => {
  describe.each(["vector", "workflow"] as const)("on the %s service", (service) => {
    it("a status answers in place of the service, with its headers, and is retried as a 503 is", async (context) => {
      const { dev, endpoint } = await setUp(context);
      const id = await addFault(
        dev,
        { service, path: PATHS[service], status: 503, headers: { "retry-after": "0" }, times: 3 },
        over,
      );
      const error = await callOf(dev, endpoint, service, 2)().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect((error as ApiError).headers.get("retry-after")).toBe("0");
      expect(await dev.faults.list()).toMatchObject([{ id, hits: 3, times: 0 }]);
      // A faulted trigger created no run; the next call, with the rule used up, goes through.
      expect(await dev.runs.list()).toEqual([]);
      await callOf(dev, endpoint, service, 0)();
    });

    it("reset reaches the client as a ConnectionError after its retries, then a retry gets through", async (context) => {
      const { dev, endpoint } = await setUp(context);
      await addFault(dev, { service, drop: "reset", times: 2 }, over);
      const error = await callOf(dev, endpoint, service, 1)().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).attempts).toBe(2);
      await addFault(dev, { service, drop: "reset" }, over);
      await callOf(dev, endpoint, service, 1)();
      expect((await dev.faults.list()).map((f) => f.hits)).toEqual([2, 1]);
      // The retried trigger made one run, and only one.
      if (service === "workflow") expect(await dev.runs.list()).toHaveLength(1);
    });

    it("truncate cuts the body after the headers: a ConnectionError after its retries", async (context) => {
      const { dev, endpoint } = await setUp(context);
      await addFault(dev, { service, drop: "truncate", times: 2 }, over);
      const error = await callOf(dev, endpoint, service, 1)().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).attempts).toBe(2);
      expect(await dev.faults.list()).toMatchObject([{ hits: 2, times: 0 }]);
    });

    it("hang never answers: the client's timeout cuts each attempt, a TimeoutError after its retries", async (context) => {
      const { dev, endpoint } = await setUp(context);
      await addFault(dev, { service, drop: "hang", times: 2 }, over);
      // Each attempt must reach the server before the client cuts it: a second, as core's
      // timeout tests allow, for a loaded machine running these tests at the same time.
      const error = await callOf(dev, endpoint, service, 1, 1000)().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(await dev.faults.list()).toMatchObject([{ hits: 2, times: 0 }]);
      if (service === "workflow") expect(await dev.runs.list()).toEqual([]);
    });

    it("delayMs alone answers as usual after the wait, and the log marks the request", async (context) => {
      const { dev, endpoint, lines } = await setUp(context);
      await addFault(dev, { service, delayMs: 20 }, over);
      await callOf(dev, endpoint, service, 0)();
      const marked = lines.filter((line) => line.includes("FAULT fault_1: delay 20 ms"));
      expect(marked).toHaveLength(1);
      expect(marked[0]).toMatch(new RegExp(`^\\[${service}\\] POST /`));
      if (service === "workflow") expect(await dev.runs.list()).toHaveLength(1);
    });
  });
});

describe("fault rules", () => {
  it("a faulted upsert writes nothing; a faulted trigger schedules nothing", async (context) => {
    const { dev, endpoint } = await setUp(context);
    await dev.faults.add({ service: "vector", path: "/upsert/{namespace}", status: 500 });
    const upsert = await fetch(`${dev.vectorUrl}/upsert/books`, {
      method: "POST",
      headers: { authorization: `Bearer ${dev.token}`, "content-type": "application/json" },
      body: JSON.stringify({ id: "a", vector: [1, 0] }),
    });
    expect(upsert.status).toBe(500);
    expect(await upsert.json()).toEqual({
      error: "fault fault_1 of this dev server (dev.faults)",
      status: 500,
    });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    expect((await index.info()).namespaces).not.toHaveProperty("books");

    await dev.faults.add({ service: "workflow", method: "POST", status: 500 });
    const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token, maxRetries: 0 });
    await expect(wf.trigger({ url: `${endpoint.url}/job` })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    await dev.clock.advance("1d");
    expect(await dev.runs.list()).toEqual([]);
    expect(endpoint.calls).toEqual([]);
  });

  it("matches a route, a concrete path and a method; leaves requests without the token and dev routes alone", async (context) => {
    const { dev } = await setUp(context);
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    await dev.faults.add({ service: "vector", path: "/query/other", status: 418, times: Infinity });
    await dev.faults.add({ service: "vector", method: "GET", status: 429, times: Infinity });
    await index.namespace("movies").query({ vector: [1, 0], topK: 1 });
    await expect(index.namespace("other").query({ vector: [1, 0], topK: 1 })).rejects.toMatchObject(
      {
        status: 418,
      },
    );
    await expect(index.info()).rejects.toMatchObject({ status: 429 });
    const stranger = new VectorIndex({ url: dev.vectorUrl, token: "wrong", maxRetries: 0 });
    await expect(stranger.info()).rejects.toMatchObject({ status: 401 });
    expect((await devCall(dev, "/v2/dev/faults")).status).toBe(200);
    expect((await dev.faults.list()).map((f) => [f.hits, f.times])).toEqual([
      [1, "Infinity"],
      [1, "Infinity"],
    ]);
  });

  it("clear removes one rule or all, from code and over HTTP; an unknown id is refused", async (context) => {
    const { dev } = await setUp(context);
    const a = await dev.faults.add({ service: "vector", status: 500, times: Infinity });
    const b = await dev.faults.add({ service: "workflow", status: 500, times: "Infinity" });
    await dev.faults.add({ service: "workflow", drop: "reset" });
    await dev.faults.clear(a);
    expect((await dev.faults.list()).map((f) => f.id)).toEqual([b, "fault_3"]);
    expect((await devCall(dev, `/v2/dev/faults/${b}`, { method: "DELETE" })).body).toEqual({
      cleared: 1,
    });
    expect(await devCall(dev, "/v2/dev/faults/fault_9", { method: "DELETE" })).toEqual({
      status: 404,
      body: { error: 'no fault with id "fault_9"' },
    });
    await expect(dev.faults.clear("fault_9")).rejects.toThrow(ValidationError);
    expect((await devCall(dev, "/v2/dev/faults", { method: "DELETE" })).body).toEqual({
      cleared: 1,
    });
    expect(await dev.faults.list()).toEqual([]);
  });

  it("a rule that cannot work is refused, naming the field, from code and over HTTP", async (context) => {
    const { dev } = await setUp(context);
    const cases: Array<[unknown, string]> = [
      [{ service: "vectors", status: 500 }, 'service: must be "workflow" or "vector"'],
      [{ service: "vector" }, "fault: does nothing"],
      [{ service: "vector", status: 99 }, "status: must be an integer from 200 to 599"],
      [
        { service: "vector", drop: "reset", status: 500 },
        'status: cannot be combined with drop: "reset"',
      ],
      [{ service: "vector", drop: "explode" }, 'drop: must be "reset", "hang" or "truncate"'],
      [{ service: "vector", status: 500, times: 0 }, "times: must be an integer >= 1"],
      [{ service: "vector", status: 500, path: "query" }, 'path: must be a path starting with "/"'],
      [{ service: "vector", status: 500, headers: { "a b": "1" } }, "headers:"],
      [{ service: "vector", status: 500, tims: 2 }, 'a fault rule has no option "tims"'],
    ];
    for (const [rule, message] of cases) {
      await expect(dev.faults.add(rule as FaultRule)).rejects.toThrow(message);
      const response = await fetch(`${dev.vectorUrl}/v2/dev/faults`, {
        method: "POST",
        headers: { authorization: `Bearer ${dev.token}` },
        body: JSON.stringify(rule),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; status: number };
      expect(body.status).toBe(400);
      expect(body.error).toContain(message);
    }
    expect((await devCall(dev, "/v2/dev/faults", { token: false })).status).toBe(401);
    expect(await dev.faults.list()).toEqual([]);
  });

  it("GET /v2/dev/faults lists the recent faulted requests, as the dashboard shows them", async (context) => {
    const { dev } = await setUp(context);
    await dev.faults.add({ service: "vector", method: "GET", status: 503 });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    await expect(index.info()).rejects.toMatchObject({ status: 503 });
    const { body } = await devCall(dev, "/v2/dev/faults");
    expect((body as { recent: unknown[] }).recent).toEqual([
      {
        fault: "fault_1",
        service: "vector",
        method: "GET",
        path: "/info",
        outcome: "503",
        at: dev.clock.now(),
      },
    ]);
  });
});
