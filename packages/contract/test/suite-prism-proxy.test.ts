// Both clients against the dev server through Prism in proxy mode: Prism validates each
// request the clients send and each answer the dev server gives, against the specs; a tool
// nobody here wrote must find 0 violations, in successes and in the declared errors.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createWorkflowService, type DevServer, startDevServer } from "@x/dev-server";
import { NotFoundError, UnprocessableEntityError, VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { createWorkflowApi } from "@x/workflow/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrismServer, specFile, startPrism } from "../src/suite/prism.js";
import { type PrismExchange, prismFetch } from "../src/suite/prism-fetch.js";
import { suiteSpec } from "../src/suite/spec-source.js";
import { TRIGGER_CASES } from "../src/suite/trigger-cases.js";

const TOKEN = "prism_proxy_token_SECRET";
const NAMESPACES = [undefined, "products", "docs/ünï code?#%"];

let dev: DevServer;
let workflow: ReturnType<typeof createWorkflowService>;
let workflowServer: Server;
let prism: { workflow: PrismServer; vector: PrismServer };
beforeAll(async () => {
  dev = await startDevServer({ token: TOKEN, clock: "manual", vector: { dimension: 3 } });
  for (const namespace of NAMESPACES) {
    await dev.vector.upsert(
      [
        { id: "doc-1", vector: [1, 0, 0], metadata: { genre: "sci-fi" }, data: "one" },
        { id: "doc-2", vector: [0, 1, 0], metadata: { genre: "drama" } },
        { id: "other", vector: [0, 0, 1] },
      ],
      namespace === undefined ? {} : { namespace },
    );
  }
  // The workflow emulator on its own, its deliveries answered here: the cases' workflow
  // URLs name hosts that must not be called.
  workflow = createWorkflowService({ token: TOKEN, fetch: async () => new Response("ok") });
  workflowServer = createServer((req, res) => workflow.handle(req, res));
  await new Promise<void>((resolve) => workflowServer.listen(0, "127.0.0.1", resolve));
  const workflowUrl = `http://127.0.0.1:${(workflowServer.address() as AddressInfo).port}`;
  const [w, v] = await Promise.all([
    startPrism(specFile("workflow"), { upstream: workflowUrl }),
    startPrism(specFile("vector"), { upstream: dev.vectorUrl }),
  ]);
  prism = { workflow: w, vector: v };
}, 30_000);

afterAll(async () => {
  await Promise.all([prism?.workflow.close(), prism?.vector.close()]);
  await workflow.close();
  workflowServer.closeAllConnections();
  await new Promise<void>((resolve) => workflowServer.close(() => resolve()));
  await dev.close();
});

/** Neither Prism nor the kit found a violation in any exchange, request or answer. */
function expectNoViolations(exchanges: PrismExchange[], atLeast: number) {
  expect(exchanges.length).toBeGreaterThanOrEqual(atLeast);
  for (const ex of exchanges) {
    const call = `${ex.request.method} ${ex.request.url}`;
    expect(ex.prism, `Prism found violations in ${call}`).toEqual([]);
    expect(ex.kit, `the kit found violations in ${call}`).toEqual([]);
  }
}

describe("workflow client -> Prism proxy -> dev server", () => {
  const client = (exchanges: PrismExchange[], tokenIn?: "query") =>
    new WorkflowClient({
      token: TOKEN,
      baseUrl: prism.workflow.url,
      ...(tokenIn === undefined ? {} : { tokenIn }),
      maxRetries: 0,
      fetch: prismFetch(suiteSpec("workflow"), exchanges),
    });

  it.each(TRIGGER_CASES)("trigger with %s", async (_, request) => {
    const exchanges: PrismExchange[] = [];
    const run = await client(exchanges).trigger(request);
    expect(run.workflowRunId).toEqual(expect.any(String));
    expectNoViolations(exchanges, 1);
  });

  it("trigger with the token in the query, and a declared 400", async () => {
    const exchanges: PrismExchange[] = [];
    await client(exchanges, "query").trigger({ url: "https://example.org/wf?a=1", retries: 3 });
    // Valid for the spec's pattern, refused by the dev server: a retry delay it cannot evaluate.
    await expect(
      createWorkflowApi(client(exchanges)).POST("/v2/trigger/{workflowUrl}", {
        params: {
          path: { workflowUrl: "https://example.org/wf" },
          header: { "Svc-Retry-Delay": "max(1)" },
        },
      }),
    ).resolves.toMatchObject({ response: { status: 400 } });
    expectNoViolations(exchanges, 2);
  });
});

describe("vector client -> Prism proxy -> dev server", () => {
  const index = (exchanges: PrismExchange[], namespace?: string) =>
    new VectorIndex({
      url: prism.vector.url,
      token: TOKEN,
      ...(namespace === undefined ? {} : { namespace }),
      maxRetries: 0,
      fetch: prismFetch(suiteSpec("vector"), exchanges),
    });

  for (const ns of NAMESPACES) {
    const where = ns === undefined ? "default namespace" : `namespace "${ns}"`;

    it(`range, rangeAll, query, queryMany, fetch (${where})`, async () => {
      const exchanges: PrismExchange[] = [];
      const client = index(exchanges, ns);
      const page = await client.range({
        cursor: "0",
        limit: 2,
        includeMetadata: true,
        includeVectors: true,
        includeData: true,
      });
      expect(page.vectors).toHaveLength(2);
      const all = [];
      for await (const record of client.rangeAll({ pageSize: 2, prefix: "doc-" }))
        all.push(record.id);
      expect(all.sort()).toEqual(["doc-1", "doc-2"]);
      const hits = await client.query({
        vector: [1, 0.1, 0],
        topK: 2,
        filter: "genre = 'sci-fi'",
        includeMetadata: true,
        includeVectors: true,
        includeData: true,
      });
      expect(hits.map((hit) => hit.id)).toEqual(["doc-1"]);
      expect(await client.queryMany([{ vector: [0, 1, 0], topK: 1 }])).toHaveLength(1);
      expect(
        await client.queryMany([
          { vector: [0, 1, 0], topK: 1 },
          { vector: [0, 0, 1], topK: 3, includeMetadata: true },
        ]),
      ).toHaveLength(2);
      const byIds = await client.fetch({
        ids: ["doc-1", "missing", "other"],
        includeMetadata: true,
      });
      expect(byIds.map((record) => record?.id ?? null)).toEqual(["doc-1", null, "other"]);
      const byPrefix = await client.fetch({
        prefix: "doc-",
        includeVectors: true,
        includeData: true,
      });
      expect(byPrefix.map((record) => record?.id).sort()).toEqual(["doc-1", "doc-2"]);
      // range, the pages of rangeAll, query, two queryMany, two fetches.
      expectNoViolations(exchanges, 7);
    });
  }

  it("info", async () => {
    const exchanges: PrismExchange[] = [];
    const info = await index(exchanges).info();
    expect(info.dimension).toBe(3);
    expectNoViolations(exchanges, 1);
  });

  it("the declared errors: an unknown namespace (404), a vector of the wrong dimension (422)", async () => {
    const exchanges: PrismExchange[] = [];
    await expect(index(exchanges, "nowhere").query({ vector: [1, 0, 0] })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(index(exchanges).query({ vector: [1, 0] })).rejects.toBeInstanceOf(
      UnprocessableEntityError,
    );
    expectNoViolations(exchanges, 2);
  });
});

// The harness can fail: an upstream whose info answer breaks the spec is reported by Prism.
it("Prism reports an upstream answer that breaks the spec", async () => {
  const liar = createServer((req, res) => {
    req.resume();
    res
      .writeHead(200, { "content-type": "application/json" })
      .end('{"result":{"dimension":"three"}}');
  });
  await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
  const upstream = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
  const proxy = await startPrism(specFile("vector"), { upstream });
  try {
    const exchanges: PrismExchange[] = [];
    const client = new VectorIndex({
      url: proxy.url,
      token: TOKEN,
      maxRetries: 0,
      fetch: prismFetch(suiteSpec("vector"), exchanges),
    });
    await expect(client.info()).rejects.toThrow();
    expect(exchanges[0]?.prism.join()).toContain("dimension");
  } finally {
    await proxy.close();
    liar.closeAllConnections();
    await new Promise<void>((resolve) => liar.close(() => resolve()));
  }
});
