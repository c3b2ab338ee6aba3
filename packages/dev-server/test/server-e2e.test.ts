// The @x/vector client against startDevServer, over real sockets on 127.0.0.1.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkRequest, checkResponse, formatViolations, loadSpec } from "@x/openapi-check";
import {
  AuthenticationError,
  BadRequestError,
  filter,
  NotFoundError,
  UnprocessableEntityError,
  VectorIndex,
} from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import { afterEach, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

const spec = loadSpec("vector");
const violations: string[] = [];

// Handed to the client: checks each request it sends and each answer it gets against the spec.
const validatingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const check = await checkRequest(spec, request);
  const response = await fetch(request);
  const answer = check.operation
    ? await checkResponse(spec, check.operation.operationId, response.clone())
    : [{ where: "operation", message: `no spec operation for ${request.method} ${request.url}` }];
  for (const v of [...check.violations, ...answer]) violations.push(formatViolations([v]));
  return response;
};

let dev: DevServer | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
  expect(violations.splice(0)).toEqual([]);
});

type Meta = { title: string; year: number; tags: string[] };

const seed = [
  {
    id: "doc-1",
    vector: [1, 0, 0],
    metadata: { title: "It's a \\ test", year: 2001, tags: ["a"] },
  },
  { id: "doc-2", vector: [0, 1, 0], metadata: { title: 'The "Sea"', year: 1999, tags: ["b"] } },
  {
    id: "doc-3",
    vector: [0, 0, 1],
    metadata: { title: "The Sky", year: 2015, tags: ["a", "b"] },
    data: "three",
  },
  { id: "img-1", vector: [1, 1, 0], namespace: "images" },
];

describe("startDevServer", () => {
  it("serves both services on ephemeral loopback ports with one token", async () => {
    dev = await startDevServer({ vector: { dimension: 3 } });
    expect(dev.vectorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(dev.workflowUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(dev.vectorUrl).not.toBe(dev.workflowUrl);
    expect(dev.token.length).toBeGreaterThan(16);
    const workflow = await fetch(`${dev.workflowUrl}/v2/trigger/http://127.0.0.1:1/x`, {
      method: "POST",
    });
    expect(workflow.status).toBe(401);
    const info = await fetch(`${dev.vectorUrl}/info`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(info.status).toBe(200);
  });

  it("the vector client works end to end: seed, rangeAll, filtered query, batch, fetch, info", async () => {
    dev = await startDevServer({
      token: "secret-token",
      vector: { dimension: 3, metric: "COSINE" },
      seed,
    });
    const index = new VectorIndex<Meta>({
      url: dev.vectorUrl,
      token: dev.token,
      fetch: validatingFetch,
    });
    const ids: string[] = [];
    for await (const record of index.rangeAll({ pageSize: 2 })) ids.push(record.id);
    expect(ids).toEqual(["doc-1", "doc-2", "doc-3"]);

    // the client's quoting of ' and \ survives the server's parser
    const quoted = await index.query({
      vector: [1, 0, 0],
      filter: filter.or(filter.eq("title", "It's a \\ test"), filter.eq("title", 'The "Sea"')),
      includeMetadata: true,
    });
    expect(quoted.map((r) => r.id)).toEqual(["doc-1", "doc-2"]);
    const recent = await index.query({
      vector: [0, 0, 1],
      topK: 5,
      filter: filter.and(
        filter.gte("year", 2000),
        filter.contains("tags", "a"),
        filter.not(filter.glob("title", "It*")),
      ),
      includeData: true,
    });
    expect(recent).toEqual([{ id: "doc-3", score: 1, data: "three" }]);

    const [first, second] = await index.queryMany([
      { vector: [0, 1, 0], topK: 1 },
      { vector: [1, 1, 0], topK: 2 },
    ]);
    expect(first!.map((r) => r.id)).toEqual(["doc-2"]);
    expect(second!.map((r) => r.id)).toEqual(["doc-1", "doc-2"]);
    const [alone] = await index.queryMany([{ vector: [0, 1, 0], topK: 1 }]);
    expect(alone!.map((r) => r.id)).toEqual(["doc-2"]);

    expect(await index.fetch({ ids: ["doc-3", "nope"], includeData: true })).toEqual([
      { id: "doc-3", data: "three" },
      null,
    ]);
    expect((await index.fetch({ prefix: "doc-" })).map((r) => r.id)).toEqual([
      "doc-1",
      "doc-2",
      "doc-3",
    ]);
    expect(await index.namespace("images").fetch({ ids: ["img-1"], includeVectors: true })).toEqual(
      [{ id: "img-1", vector: [1, 1, 0] }],
    );

    const info = await index.info();
    expect(info.vectorCount + info.pendingVectorCount).toBe(4);
    expect(Object.keys(info.namespaces).sort()).toEqual(["", "images"]);
  });

  it("the client gets typed errors for 401, 404, 422 and 400", async () => {
    dev = await startDevServer({ vector: { dimension: 3 }, seed });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
    await expect(
      new VectorIndex({ url: dev.vectorUrl, token: "wrong", maxRetries: 0 }).info(),
    ).rejects.toBeInstanceOf(AuthenticationError);
    await expect(index.namespace("ghost").query({ vector: [1, 0, 0] })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(index.query({ vector: [1, 0] })).rejects.toBeInstanceOf(UnprocessableEntityError);
    const bad = index.range({ cursor: "not-issued-here", limit: 1 });
    await expect(bad).rejects.toBeInstanceOf(BadRequestError);
    await expect(bad).rejects.toThrow("cursor");
  });

  it("the workflow client triggers a delivery through the composed server", async () => {
    const received: { body: string; thing: string | undefined }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push({ body, thing: req.headers["x-thing"] as string | undefined });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    try {
      dev = await startDevServer({ vector: { dimension: 3 } });
      const { port } = receiver.address() as AddressInfo;
      const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token });
      const { workflowRunId } = await wf.trigger({
        url: `http://127.0.0.1:${port}/hook`,
        body: "hello",
        contentType: "text/plain",
        headers: { "X-Thing": "1" },
      });
      expect(workflowRunId).toEqual(expect.any(String));
      for (let i = 0; i < 500 && received.length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([{ body: "hello", thing: "1" }]);
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });

  it("seeds from a JSON Lines file, and reports a bad seed clearly", async () => {
    const dir = mkdtempSync(join(tmpdir(), "x-dev-seed-"));
    const file = join(dir, "seed.jsonl");
    writeFileSync(file, `${seed.map((r) => JSON.stringify(r)).join("\n")}\n`);
    dev = await startDevServer({ vector: { dimension: 3 }, seed: file });
    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, fetch: validatingFetch });
    expect((await index.fetch({ prefix: "" })).map((r) => r.id)).toEqual([
      "doc-1",
      "doc-2",
      "doc-3",
    ]);
    await dev.close();
    dev = undefined;

    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ id: "x", vector: [1, 2] }]));
    await expect(startDevServer({ vector: { dimension: 3 }, seed: bad })).rejects.toThrow(
      `seed file ${bad}, index 0, record "x": Invalid vector dimension: 2, expected: 3`,
    );
    writeFileSync(bad, '{"id":"x","vector":[1,2,3]}\n{oops');
    await expect(startDevServer({ vector: { dimension: 3 }, seed: bad })).rejects.toThrow(
      `${bad}:2`,
    );
  });

  it("refuses a busy port and frees what it took", async () => {
    dev = await startDevServer({ vector: { dimension: 3 } });
    const port = Number(new URL(dev.vectorUrl).port);
    await expect(startDevServer({ vectorPort: port })).rejects.toThrow("already in use");
  });

  it("answers a request node:http cannot parse with each service's error body", async () => {
    dev = await startDevServer({ vector: { dimension: 3 } });
    const unparsable = "FOO /info HTTP/1.1\r\nhost: x\r\n\r\n";
    expect(await rawExchange(dev.workflowUrl, unparsable)).toBe(
      rawAnswer(400, "Bad Request", { error: "malformed HTTP request (HPE_INVALID_METHOD)" }),
    );
    expect(await rawExchange(dev.vectorUrl, unparsable)).toBe(
      rawAnswer(400, "Bad Request", {
        error: "malformed HTTP request (HPE_INVALID_METHOD)",
        status: 400,
      }),
    );
    const oversized = `GET /info HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`;
    expect(await rawExchange(dev.vectorUrl, oversized)).toBe(
      rawAnswer(431, "Request Header Fields Too Large", {
        error: "request headers are over the size limit",
        status: 431,
      }),
    );
  });

  it("close() is idempotent and stops answering", async () => {
    const server = await startDevServer({ vector: { dimension: 3 } });
    await Promise.all([server.close(), server.close()]);
    await expect(fetch(`${server.vectorUrl}/info`)).rejects.toThrow();
  });
});

/** Writes `text` to the server's socket and collects everything it answers until it closes. */
function rawExchange(base: string, text: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

function rawAnswer(status: number, reason: string, body: object): string {
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${text.length}\r\nconnection: close\r\n\r\n${text}`;
}

describe("parseSeed", () => {
  it("reads a JSON array, one pretty-printed record, or JSON Lines", async () => {
    const { parseSeed } = await import("../src/persistence/seed.js");
    expect(parseSeed('[{"id":"a"},{"id":"b"}]', "f")).toEqual([
      { record: { id: "a" }, where: "f, index 0" },
      { record: { id: "b" }, where: "f, index 1" },
    ]);
    expect(parseSeed('{\n  "id": "a"\n}\n', "f")).toEqual([{ record: { id: "a" }, where: "f" }]);
    expect(parseSeed('{"id":"a"}\n\n{"id":"b"}\r\n', "f")).toEqual([
      { record: { id: "a" }, where: "f, line 1" },
      { record: { id: "b" }, where: "f, line 3" },
    ]);
    expect(parseSeed("  \n", "f")).toEqual([]);
    expect(() => parseSeed('[{"id":"a"},', "f.json")).toThrow("f.json: not a valid JSON array");
    expect(() => parseSeed('{"id":"a"}\n{"id":', "f.jsonl")).toThrow(
      "f.jsonl:2: not a JSON record",
    );
  });
});
