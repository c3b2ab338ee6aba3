// Both clients against a real mock server started from each spec: Prism validates every
// request (headers, query, body, security, the decoded workflow URL) and answers with the
// spec's examples, which the clients must return unchanged.

import type { ServiceName } from "@x/openapi-check";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrismServer, specFile, startPrism } from "../src/suite/prism.js";
import { type PrismExchange, prismFetch } from "../src/suite/prism-fetch.js";
import { suiteSpec } from "../src/suite/spec-source.js";
import { TRIGGER_CASES } from "../src/suite/trigger-cases.js";

const TOKEN = "prism_token_SECRET";
const servers = {} as Record<ServiceName, PrismServer>;

beforeAll(async () => {
  const [workflow, vector] = await Promise.all([
    startPrism(specFile("workflow")),
    startPrism(specFile("vector")),
  ]);
  servers.workflow = workflow;
  servers.vector = vector;
  console.info(
    `Prism listening after ${workflow.startupMs} ms (workflow), ${vector.startupMs} ms (vector)`,
  );
}, 30_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

/** The example value of a 200 response in the committed spec, by name. */
function example(service: ServiceName, operationId: string, name: string): unknown {
  const op = suiteSpec(service).operations.find((o) => o.operationId === operationId);
  const value = op?.responses["200"]?.content?.["application/json"]?.examples?.[name]?.value;
  if (value === undefined) throw new Error(`${operationId} has no 200 example "${name}"`);
  return value;
}

/** Every exchange passed both Prism's validation and the kit's. */
function expectClean(exchanges: PrismExchange[], count = 1) {
  expect(exchanges).toHaveLength(count);
  for (const ex of exchanges) {
    expect(ex.prism, `Prism rejected ${ex.request.method} ${ex.request.url}`).toEqual([]);
    expect(ex.kit, `the kit rejected ${ex.request.method} ${ex.request.url}`).toEqual([]);
    expect(ex.status).toBe(200);
  }
}

describe("workflow client against Prism", () => {
  const trigger = example("workflow", "triggerWorkflow", "triggered");
  const client = (exchanges: PrismExchange[], tokenIn?: "query") =>
    new WorkflowClient({
      token: TOKEN,
      baseUrl: servers.workflow.url,
      tokenIn,
      maxRetries: 0,
      fetch: prismFetch(suiteSpec("workflow"), exchanges),
    });

  it.each(TRIGGER_CASES)("trigger with %s", async (_, options) => {
    const exchanges: PrismExchange[] = [];
    await expect(client(exchanges).trigger(options)).resolves.toEqual(trigger);
    expectClean(exchanges);
  });

  it("trigger with the token in the query (svc_token)", async () => {
    const exchanges: PrismExchange[] = [];
    await expect(
      client(exchanges, "query").trigger({ url: "https://example.org/wf?a=1", retries: 3 }),
    ).resolves.toEqual(trigger);
    expectClean(exchanges);
    expect(new URL(exchanges[0]?.request.url ?? "").searchParams.get("svc_token")).toBe(TOKEN);
  });

  // The harness can fail: a request that breaks the spec, sent raw through the same fetch,
  // is reported by Prism and by the kit.
  it.each([
    [
      "a header of the wrong type",
      "https://example.org/wf",
      { "svc-retries": "three" },
      "svc-retries",
    ],
    ["a workflow URL that is not http(s)", "ftp://example.org/wf", {}, "workflowurl"],
  ])("Prism and the kit reject %s", async (_, workflowUrl, headers, where) => {
    const exchanges: PrismExchange[] = [];
    const send = prismFetch(suiteSpec("workflow"), exchanges);
    const response = await send(`${servers.workflow.url}/v2/trigger/${workflowUrl}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, ...headers },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(exchanges[0]?.prism.join().toLowerCase()).toContain(where);
    expect(exchanges[0]?.kit.join().toLowerCase()).toContain(where);
  });

  it("Prism cannot route the raw greedy path (why prismFetch encodes its slashes)", async () => {
    const response = await fetch(
      `${servers.workflow.url}/v2/trigger/https://example.org/api/workflow`,
      { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } },
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("NO_PATH_MATCHED_ERROR");
  });
});

describe("vector client against Prism", () => {
  const index = (exchanges: PrismExchange[], example?: string, namespace?: string) =>
    new VectorIndex({
      url: servers.vector.url,
      token: TOKEN,
      namespace,
      maxRetries: 0,
      fetch: prismFetch(suiteSpec("vector"), exchanges, { example }),
    });
  const result = (operationId: string, name: string) =>
    (example("vector", operationId, name) as { result: unknown }).result;

  for (const ns of [undefined, "products", "docs/ünï code?#%"]) {
    const where = ns === undefined ? "default namespace" : `namespace "${ns}"`;
    const suffix = ns === undefined ? "" : "InNamespace";

    it(`range, every include flag (${where})`, async () => {
      const exchanges: PrismExchange[] = [];
      const page = await index(exchanges, "morePages", ns).range({
        cursor: "0",
        limit: 2,
        prefix: "doc-",
        includeMetadata: true,
        includeVectors: true,
        includeData: true,
      });
      expect(page).toEqual(result(`rangeVectors${suffix}`, "morePages"));
      expectClean(exchanges);
    });

    it(`rangeAll to the last page (${where})`, async () => {
      const exchanges: PrismExchange[] = [];
      const records = [];
      for await (const record of index(exchanges, "lastPage", ns).rangeAll({ pageSize: 10 })) {
        records.push(record);
      }
      expect(records).toEqual(
        (result(`rangeVectors${suffix}`, "lastPage") as { vectors: unknown }).vectors,
      );
      expectClean(exchanges);
    });

    it(`query: dense with a filter, sparse, hybrid (${where})`, async () => {
      const exchanges: PrismExchange[] = [];
      const client = index(exchanges, "single", ns);
      const expected = result(`queryVectors${suffix}`, "single");
      await expect(
        client.query({
          vector: [0.1, 0.2, 0.3],
          topK: 2,
          includeMetadata: true,
          filter: "genre = 'sci-fi'",
        }),
      ).resolves.toEqual(expected);
      await expect(
        client.query({
          sparseVector: { indices: [3, 17], values: [0.5, 0.25] },
          weightingStrategy: "IDF",
        }),
      ).resolves.toEqual(expected);
      await expect(
        client.query({
          vector: [0.1, 0.2],
          sparseVector: { indices: [1], values: [1] },
          fusionAlgorithm: "DBSF",
          includeVectors: true,
          includeData: true,
        }),
      ).resolves.toEqual(expected);
      expectClean(exchanges, 3);
    });

    it(`queryMany of one and of two (${where})`, async () => {
      const one: PrismExchange[] = [];
      await expect(
        index(one, "single", ns).queryMany([{ vector: [0.1, 0.2, 0.3], topK: 1 }]),
      ).resolves.toEqual([result(`queryVectors${suffix}`, "single")]);
      expectClean(one);
      const two: PrismExchange[] = [];
      await expect(
        index(two, "batch", ns).queryMany([
          { vector: [0.1, 0.2, 0.3], topK: 1 },
          { sparseVector: { indices: [0], values: [1] } },
        ]),
      ).resolves.toEqual(result(`queryVectors${suffix}`, "batch"));
      expectClean(two);
    });

    it(`fetch by ids and by prefix (${where})`, async () => {
      const exchanges: PrismExchange[] = [];
      await expect(
        index(exchanges, "byIds", ns).fetch({
          ids: ["doc-1", "doc-404", "doc-2"],
          includeMetadata: true,
        }),
      ).resolves.toEqual(result(`fetchVectors${suffix}`, "byIds"));
      await expect(
        index(exchanges, "byPrefix", ns).fetch({
          prefix: "doc-",
          includeVectors: true,
          includeData: true,
        }),
      ).resolves.toEqual(result(`fetchVectors${suffix}`, "byPrefix"));
      expectClean(exchanges, 2);
    });
  }

  it("info", async () => {
    const exchanges: PrismExchange[] = [];
    const info = await index(exchanges).info();
    const op = suiteSpec("vector").operations.find((o) => o.operationId === "getIndexInfo");
    const examples = op?.responses["200"]?.content?.["application/json"]?.examples ?? {};
    const first = Object.values(examples)[0]?.value as { result: unknown };
    expect(info).toEqual(first.result);
    expectClean(exchanges);
  });

  it("Prism rejects a request without the token", async () => {
    const response = await fetch(`${servers.vector.url}/info`);
    expect(response.status).toBe(401);
  });

  it("Prism rejects a query body that breaks the spec", async () => {
    const response = await fetch(`${servers.vector.url}/query`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ vector: [1], topK: 0, fusionAlgorithm: "RANK" }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get("sl-violations")).toContain("fusionAlgorithm");
  });
});
