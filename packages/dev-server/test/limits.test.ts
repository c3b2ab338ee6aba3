// Every limit is a 400 with the service's error body, naming the limit and the flag to raise it.

import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

const TOKEN = "limits-token";
let dev: DevServer | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function start(limits: Parameters<typeof startDevServer>[0] = {}): Promise<DevServer> {
  dev = await startDevServer({ token: TOKEN, vector: { dimension: 2 }, ...limits });
  return dev;
}

async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error: string } };
}

describe("vector limits", () => {
  it.each([
    ["range limit", "/range", { cursor: "0", limit: 1001 }, "--max-range-limit"],
    [
      "fetch ids",
      "/fetch",
      { ids: Array.from({ length: 1001 }, (_, i) => `${i}`) },
      "--max-fetch-ids",
    ],
    ["topK", "/query", { vector: [1, 0], topK: 1001 }, "--max-top-k"],
    [
      "batch",
      "/query",
      Array.from({ length: 101 }, () => ({ vector: [1, 0] })),
      "--max-batch-queries",
    ],
    [
      "filter length",
      "/query",
      { vector: [1, 0], filter: `a = '${"x".repeat(20_000)}'` },
      "--max-filter-length",
    ],
    [
      "glob length",
      "/query",
      { vector: [1, 0], filter: `a GLOB '${"*a".repeat(600)}'` },
      "--max-glob-length",
    ],
  ])("%s over the default is a 400 naming its flag", async (_, path, body, flag) => {
    const { vectorUrl } = await start();
    const answer = await post(vectorUrl, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(flag);
  });

  it("an answer over maxAnswerBytes is refused before it is built; fewer fields pass", async () => {
    const { vectorUrl } = await start({ limits: { maxAnswerBytes: 1000 } });
    const upsert = await post(vectorUrl, "/upsert", {
      id: "big",
      vector: [1, 0],
      data: "d".repeat(600),
    });
    expect(upsert.status).toBe(200);
    const twice = await post(vectorUrl, "/fetch", { ids: ["big", "big"], includeData: true });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain("ask for fewer records");
    expect(twice.body.error).toContain("--max-answer-bytes");
    const once = await post(vectorUrl, "/fetch", { ids: ["big", "big"] });
    expect(once.status).toBe(200);
    const info = await fetch(`${vectorUrl}/info`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(info.status).toBe(200);
  });

  it("a raised limit lets the request through", async () => {
    const { vectorUrl } = await start({ limits: { maxTopK: 5000 } });
    expect((await post(vectorUrl, "/query", { vector: [1, 0], topK: 5000 })).status).toBe(200);
  });
});

describe("workflow limits", () => {
  const target = encodeURIComponent("http://127.0.0.1:1/wf");

  it("Svc-Retries over the maximum is a 400 naming the header and the flag", async () => {
    const { workflowUrl } = await start();
    const answer = await post(
      workflowUrl,
      `/v2/trigger/${target}`,
      {},
      { "Svc-Retries": "9000000000000" },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^Svc-Retries: 9000000000000 is over .* limit of 100/);
    expect(answer.body.error).toContain("--max-retries");
  });

  it("a failure report keeps at most maxReportBodyBytes of the endpoint's body, flagged", async () => {
    const endpoint = createServer((req, res) => {
      req.resume();
      if (req.headers["svc-failure-call"] === "true") {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          reports.push(JSON.parse(Buffer.concat(chunks).toString()));
          res.end("ok");
        });
        return;
      }
      res.writeHead(500);
      res.end("e".repeat(100_000));
    });
    const reports: { body: string; bodyTruncated?: boolean }[] = [];
    endpoint.listen(0, "127.0.0.1");
    await once(endpoint, "listening");
    try {
      const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/wf`;
      const { workflowUrl } = await start({ limits: { maxReportBodyBytes: 10 }, timeScale: 0.001 });
      const answer = await post(
        workflowUrl,
        `/v2/trigger/${encodeURIComponent(url)}`,
        {},
        { "Svc-Retries": "0" },
      );
      expect(answer.status).toBe(200);
      for (let i = 0; i < 500 && reports.length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(reports).toHaveLength(1);
      expect(Buffer.from(reports[0]!.body, "base64").toString()).toBe("e".repeat(10));
      expect(reports[0]!.bodyTruncated).toBe(true);
    } finally {
      endpoint.closeAllConnections();
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
