// Every answer of both ports and the kit goes through one answer limit, applied where
// answers are serialised (http/serve.ts): `maxAnswerBytes` for both services, `maxKitBytes`
// for the kit. The routes are listed from the route tables, so a route added to a table
// without a request here fails the first test; with limits of 1 byte, every route's answer
// must be the 400 that names its limit. And the reproduction of issue 49: `/scan` answered
// records past the budget whole (285 MB in 10.8 s, `GET /info` stalled meanwhile).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_VECTOR_ROUTES, VECTOR_PREFIX } from "../src/dashboard/index.js";
import { type DevServer, startDevServer } from "../src/index.js";
import { DEV_FAULTS, DEV_SNAPSHOT, KIT_ROUTES } from "../src/kit/routes.js";
import { DEV_ROUTE_NAMES, SPEC_ROUTE_NAMES } from "../src/vector/routes.js";
import { WORKFLOW_ROUTES } from "../src/workflow/routes.js";

interface Call {
  port: "workflow" | "vector";
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const VECTOR_CALLS: Record<string, Call> = {
  range: { port: "vector", method: "POST", path: "/range", body: { cursor: "0", limit: 1 } },
  query: { port: "vector", method: "POST", path: "/query", body: { vector: [1, 0], topK: 1 } },
  fetch: { port: "vector", method: "POST", path: "/fetch", body: { ids: ["a"] } },
  info: { port: "vector", method: "GET", path: "/info" },
  upsert: { port: "vector", method: "POST", path: "/upsert", body: [{ id: "b", vector: [0, 1] }] },
  delete: { port: "vector", method: "POST", path: "/delete", body: { ids: ["none"] } },
  reset: { port: "vector", method: "POST", path: "/reset/other" },
  scan: { port: "vector", method: "POST", path: "/scan", body: {} },
};

function workflowCall(route: string, runId: string): Call {
  const calls: Record<string, Call> = {
    "/v2/trigger/": {
      port: "workflow",
      method: "POST",
      path: "/v2/trigger/http://127.0.0.1:9/wf",
      body: {},
      headers: { "svc-delay": "1d" },
    },
    "/v2/dev/runs": { port: "workflow", method: "GET", path: "/v2/dev/runs" },
    "/v2/dev/runs/": { port: "workflow", method: "GET", path: `/v2/dev/runs/${runId}` },
    "/v2/dev/clock": { port: "workflow", method: "GET", path: "/v2/dev/clock" },
  };
  const call = calls[route];
  if (call === undefined) throw new Error(`no request for the workflow route ${route}: add one`);
  return call;
}

function kitCall(route: string, faultId: string): Call {
  const calls: Record<string, Call> = {
    [DEV_FAULTS]: { port: "vector", method: "GET", path: DEV_FAULTS },
    [`${DEV_FAULTS}/`]: { port: "workflow", method: "DELETE", path: `${DEV_FAULTS}/${faultId}` },
    [DEV_SNAPSHOT]: { port: "workflow", method: "GET", path: DEV_SNAPSHOT },
  };
  const call = calls[route];
  if (call === undefined) throw new Error(`no request for the kit route ${route}: add one`);
  return call;
}

function pageCall(route: { path: string; method: string }): Call {
  const path = `${VECTOR_PREFIX}${route.path.endsWith("/") ? `${route.path}other` : route.path}`;
  return {
    port: "workflow",
    method: route.method,
    path,
    body: route.method === "POST" ? {} : undefined,
  };
}

async function send(dev: DevServer, call: Call): Promise<{ status: number; error: string }> {
  const base = call.port === "vector" ? dev.vectorUrl : dev.workflowUrl;
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${dev.token}`,
      "content-type": "application/json",
      ...call.headers,
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error ?? JSON.stringify(body) };
}

describe("every route, limits of 1 byte", () => {
  let dev: DevServer;
  let runId: string;
  let faultId: string;

  beforeAll(async () => {
    dev = await startDevServer({
      clock: "manual",
      vector: { dimension: 2 },
      limits: { maxAnswerBytes: 1, maxKitBytes: 1 },
    });
    await dev.vector.upsert([{ id: "a", vector: [1, 0] }]);
    await dev.vector.upsert([{ id: "c", vector: [1, 0] }], { namespace: "other" });
    await send(dev, workflowCall("/v2/trigger/", ""));
    runId = (await dev.runs.list())[0]?.workflowRunId ?? "none";
    // On a path no request here takes: the rule is only there to be listed and cleared.
    faultId = await dev.faults.add({ service: "vector", path: "/fetch/unused", status: 503 });
  });
  afterAll(() => dev.close());

  it("answers each route of the vector service with the 400 naming maxAnswerBytes", async () => {
    const names = [...SPEC_ROUTE_NAMES, ...DEV_ROUTE_NAMES];
    const answers = [];
    for (const name of names) {
      const call = VECTOR_CALLS[name];
      if (call === undefined) throw new Error(`no request for the vector route ${name}: add one`);
      answers.push(await send(dev, call));
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 400 });
      expect(answer.error).toMatch(/limit of 1 bytes \(maxAnswerBytes\)|more than 1 bytes/);
    }
    expect(answers).toHaveLength(8);
  });

  it("answers each route of the workflow service and the page's vector routes the same way", async () => {
    const calls = [
      ...WORKFLOW_ROUTES.map((route) => workflowCall(route, runId)),
      ...PAGE_VECTOR_ROUTES.map(pageCall),
    ];
    for (const call of calls) {
      const answer = await send(dev, call);
      expect({ path: call.path, ...answer }).toMatchObject({ path: call.path, status: 400 });
      expect(answer.error).toMatch(/limit of 1 bytes \(maxAnswerBytes\)|more than 1 bytes/);
    }
  });

  it("answers each route of the kit with the 400 naming maxKitBytes", async () => {
    for (const route of KIT_ROUTES) {
      const answer = await send(dev, kitCall(route, faultId));
      expect(answer).toMatchObject({ status: 400 });
      expect(answer.error).toContain("limit of 1 bytes (maxKitBytes)");
    }
  });
});

describe("/scan past the answer budget", () => {
  let dev: DevServer;
  const DATA = "x".repeat(100_000);

  beforeAll(async () => {
    dev = await startDevServer({ vector: { dimension: 2 }, limits: { maxAnswerBytes: 1_000_000 } });
    const records = Array.from({ length: 30 }, (_, i) => ({
      id: `r${i}`,
      vector: [1, i],
      data: DATA,
    }));
    await dev.vector.upsert(records);
  });
  afterAll(() => dev.close());

  it("is a 400 with the service's error body, like range with data, on both routes", async () => {
    const scan = { port: "vector", method: "POST", path: "/scan", body: { limit: 100 } } as const;
    const page = { ...scan, port: "workflow", path: `${VECTOR_PREFIX}/scan` } as const;
    const range = {
      ...scan,
      path: "/range",
      body: { cursor: "0", limit: 100, includeData: true },
    } as const;
    for (const call of [scan, page, range]) {
      const answer = await send(dev, call);
      expect(answer.status).toBe(400);
      expect(answer.error).toContain("the answer would carry more than 1000000 bytes of records");
    }
    // A page within the budget is answered.
    const small = await send(dev, { ...scan, body: { limit: 5 } });
    expect(small.status).toBe(200);
  });
});
