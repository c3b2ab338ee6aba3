import type { Middleware } from "@x/vector";
import { ConnectionError, type VectorIndex } from "@x/vector";
import { describe, expect, it } from "vitest";
import { createVectorApi } from "../src/api";
import { index, type Reply, TOKEN } from "./stub";

const page = { nextCursor: "", vectors: [{ id: "a" }] };
const scores = [{ id: "a", score: 0.9 }];

/** A middleware that records, per call, the path template and what it saw. */
function recorder() {
  const calls: Array<{ schemaPath: string; authorization: string | null; status?: number }> = [];
  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      calls.push({ schemaPath, authorization: request.headers.get("authorization") });
      request.headers.set("x-traced", "yes");
    },
    onResponse({ response }) {
      const last = calls.at(-1);
      if (last) last.status = response.status;
    },
  };
  return { middleware, calls };
}

type Call = [
  name: string,
  reply: Reply,
  run: (client: VectorIndex) => Promise<unknown>,
  path: string,
];

const calls: Call[] = [
  ["query", { result: scores }, (c) => c.query({ vector: [0.1, 0.2] }), "/query"],
  [
    "queryMany",
    { result: [scores, scores] },
    (c) => c.queryMany([{ vector: [1] }, { vector: [2] }]),
    "/query",
  ],
  ["range", { result: page }, (c) => c.range({ cursor: "0", limit: 1 }), "/range"],
  [
    "rangeAll",
    { result: page },
    async (c) => {
      for await (const _ of c.rangeAll()) {
        // every page is one call
      }
    },
    "/range",
  ],
  ["fetch", { result: [{ id: "a" }] }, (c) => c.fetch(["a"]), "/fetch"],
  ["info", { result: { vectorCount: 1 } }, (c) => c.info(), "/info"],
  [
    "api",
    { result: page },
    (c) => createVectorApi(c).POST("/range", { body: { cursor: "0", limit: 1 } }),
    "/range",
  ],
];

describe("use(): openapi-fetch middleware on every call", () => {
  it.each(calls)(
    "runs once around %s, sees no token, and its header is sent",
    async (_, reply, run, path) => {
      const { client, seen } = index([reply]);
      const { middleware, calls: recorded } = recorder();
      client.use(middleware);
      await run(client);
      expect(recorded).toEqual([{ schemaPath: path, authorization: null, status: 200 }]);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.headers.get("x-traced")).toBe("yes");
      expect(seen[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    },
  );

  it("keeps them on an index made by namespace(), with the namespaced path template", async () => {
    const { client, seen } = index([{ result: scores }]);
    const { middleware, calls: recorded } = recorder();
    client.use(middleware);
    await client.namespace("docs").query({ vector: [0.1] });
    expect(recorded.map((call) => call.schemaPath)).toEqual(["/query/{namespace}"]);
    expect(seen[0]?.path).toBe("/query/docs");
  });

  it("runs once per call around the retries inside it", async () => {
    const busy: Reply = {
      status: 503,
      json: { error: "busy", status: 503 },
      headers: { "retry-after": "0" },
    };
    const { client, seen } = index([busy, { result: scores }], { maxRetries: 2 });
    const { middleware, calls: recorded } = recorder();
    client.use(middleware);
    await client.query({ vector: [0.1] });
    expect(seen).toHaveLength(2);
    expect(recorded).toEqual([{ schemaPath: "/query", authorization: null, status: 200 }]);
  });

  it("stops after eject()", async () => {
    const { client, seen } = index([{ result: scores }]);
    const { middleware, calls: recorded } = recorder();
    client.use(middleware);
    client.eject(middleware);
    await client.query({ vector: [0.1] });
    expect(recorded).toEqual([]);
    expect(seen[0]?.headers.has("x-traced")).toBe(false);
  });

  it("lets onResponse replace the answer a method reads", async () => {
    const { client } = index([{ result: scores }]);
    client.use({
      onResponse: () => Response.json({ result: [{ id: "from-middleware", score: 1 }] }),
    });
    expect(await client.query({ vector: [0.1] })).toEqual([{ id: "from-middleware", score: 1 }]);
  });

  it("gives onError the ConnectionError, the token redacted", async () => {
    const errors: unknown[] = [];
    const { client } = index([{ result: scores }], {
      fetch: async () => {
        throw new TypeError(`fetch failed: ${TOKEN}`);
      },
    });
    client.use({
      onError({ error }) {
        errors.push(error);
      },
    });
    await expect(client.info()).rejects.toBeInstanceOf(ConnectionError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ConnectionError);
    expect(String((errors[0] as Error).message)).not.toContain(TOKEN);
  });
});
