// A fault rule is checked against the service's routes when added: a path that matches no
// route is refused, naming the routes it could mean, and a rule may name an operation (a
// client method) instead, covering its paths with and without a namespace.
import { ValidationError } from "@x/core";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { describe, expect, it } from "vitest";
import type { FaultRule } from "../src/index.js";
import { closedAfterEach, startEndpoint, startManual } from "./kit-harness.js";

const later = closedAfterEach();

async function setUp() {
  const dev = later(await startManual());
  await dev.vector.upsert([{ id: "a", vector: [1, 0] }]);
  await dev.vector.upsert([{ id: "a", vector: [1, 0] }], { namespace: "movies" });
  return dev;
}

/** The error a rule gets, from code and over HTTP (the port's error body), which must agree. */
async function refusal(rule: unknown): Promise<string> {
  const dev = await setUp();
  const error = await dev.faults.add(rule as FaultRule).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  const response = await fetch(`${dev.vectorUrl}/v2/dev/faults`, {
    method: "POST",
    headers: { authorization: `Bearer ${dev.token}` },
    body: JSON.stringify(rule),
  });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; status: number };
  expect(body).toEqual({ error: (error as Error).message, status: 400 });
  expect(await dev.faults.list()).toEqual([]);
  return body.error;
}

describe("a path that matches no route", () => {
  it("is refused, naming the closest routes first and the operations", async () => {
    const message = await refusal({ service: "vector", path: "/qeury/{namespace}", status: 503 });
    expect(message).toContain('path: "/qeury/{namespace}" matches no route of the vector service');
    expect(message).toContain('did you mean "/query/{namespace}" or "/query"?');
    expect(message).toContain("range, query, fetch, info");
  });

  it("is refused by its length alone when longer than any route, before any suggestion", async () => {
    // Looking for "did you mean" over a megabyte-long path held the server for seconds.
    const message = await refusal({
      service: "vector",
      path: `/${"q".repeat(100_000)}`,
      status: 503,
    });
    expect(message).toBe("path: must be at most 1024 characters (got 100001); no route is longer");
    const operation = await refusal({
      service: "vector",
      operation: "q".repeat(2000),
      status: 503,
    });
    expect(operation).toMatch(/^operation: must be at most 1024 characters/);
  });

  it("is refused for a route the service has only without a namespace", async () => {
    const message = await refusal({ service: "vector", path: "/info/movies", status: 503 });
    expect(message).toMatch(/did you mean "\/info"/);
  });

  it("is refused on the workflow service, naming its trigger route", async () => {
    const message = await refusal({ service: "workflow", path: "/v2/trigger", status: 503 });
    expect(message).toContain('"/v2/trigger/{workflowUrl}"');
  });

  it.each([
    "/query/{namespace}",
    "/query/{ns}",
    "/query/movies",
    "/query",
    "/info",
    "/upsert/{namespace}",
  ])("%s is accepted", async (path) => {
    const dev = await setUp();
    await expect(dev.faults.add({ service: "vector", path, status: 503 })).resolves.toMatch(
      /^fault_/,
    );
  });
});

describe("a rule by a route template", () => {
  it("covers its operation with and without a namespace: /query/{namespace} fires on /query", async () => {
    const dev = await setUp();
    const rule = { service: "vector", path: "/query/{namespace}", status: 503, times: Infinity };
    await dev.faults.add(rule as FaultRule);
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    const query = { vector: [1, 0], topK: 1 };
    await expect(index.query(query)).rejects.toMatchObject({ status: 503 });
    await expect(index.namespace("movies").query(query)).rejects.toMatchObject({ status: 503 });
    await expect(index.fetch(["a"])).resolves.toHaveLength(1);
    expect(await dev.faults.list()).toMatchObject([{ path: "/query/{namespace}", hits: 2 }]);
  });

  it("a concrete path covers itself only", async () => {
    const dev = await setUp();
    await dev.faults.add({ service: "vector", path: "/query/movies", status: 503 });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    const query = { vector: [1, 0], topK: 1 };
    await expect(index.query(query)).resolves.toHaveLength(1);
    await expect(index.namespace("movies").query(query)).rejects.toMatchObject({ status: 503 });
  });
});

describe("a rule by operation", () => {
  it("covers the operation's paths with and without a namespace, and no other", async () => {
    const dev = await setUp();
    await dev.faults.add({ service: "vector", operation: "query", status: 503, times: Infinity });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    const query = { vector: [1, 0], topK: 1 };
    await expect(index.query(query)).rejects.toMatchObject({ status: 503 });
    await expect(index.namespace("movies").query(query)).rejects.toMatchObject({ status: 503 });
    await expect(index.fetch(["a"])).resolves.toHaveLength(1);
    expect(await dev.faults.list()).toMatchObject([{ operation: "query", hits: 2 }]);
  });

  it("trigger covers the workflow service's trigger route", async () => {
    const dev = await setUp();
    const endpoint = later(await startEndpoint(dev));
    await dev.faults.add({ service: "workflow", operation: "trigger", status: 500 });
    const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token, maxRetries: 0 });
    await expect(wf.trigger({ url: endpoint.url })).rejects.toMatchObject({ status: 500 });
  });

  it("an unknown operation is refused with the one meant", async () => {
    const message = await refusal({ service: "vector", operation: "qurey", status: 503 });
    expect(message).toContain('operation: "qurey" is no operation of the vector service');
    expect(message).toContain('did you mean "query"?');
  });

  it("an operation of the other service is refused", async () => {
    const message = await refusal({ service: "vector", operation: "trigger", status: 503 });
    expect(message).toContain("(one of range, query, fetch, info, upsert, delete, reset, scan)");
  });

  it("path and operation together are refused", async () => {
    const message = await refusal({
      service: "vector",
      path: "/query",
      operation: "query",
      status: 503,
    });
    expect(message).toContain("path: and operation cannot both be given");
  });
});
