// `createVectorApi(index)` is openapi-fetch's client of the vector spec over the client's core: it
// answers `{ data, error, response }` for each status the dev server gives, with `error`
// the service's error body, and throws only when no answer came.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ConnectionError, TimeoutError, VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

/** A port on 127.0.0.1 where nothing listens: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dev: DevServer;
let index: VectorIndex;

beforeAll(async () => {
  dev = await startDevServer({
    vector: { dimension: 2, metric: "COSINE", type: "DENSE" },
    seed: [{ id: "a", vector: [1, 0], metadata: { genre: "sf" } }],
  });
  index = new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0 });
});
afterAll(() => dev.close());

describe("createVectorApi against the dev server", () => {
  it("200: data, no error", async () => {
    const { data, error, response } = await createVectorApi(index).POST("/query", {
      body: { vector: [1, 0], topK: 1 },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.result).toEqual([{ id: "a", score: 1 }]);
  });

  const failing: Array<[number, { vector: number[]; filter?: string }]> = [
    [400, { vector: [1, 0], filter: "genre = = 'sf'" }],
    [422, { vector: [1, 0, 0] }],
  ];

  it.each(failing)("%i: the service's error body, no data", async (status, body) => {
    const { data, error, response } = await createVectorApi(index).POST("/query", { body });
    expect(data).toBeUndefined();
    expect(response.status).toBe(status);
    expect(error).toMatchObject({ status, error: expect.any(String) });
  });

  it("404: an unknown namespace", async () => {
    const { data, error, response } = await createVectorApi(index).POST("/query/{namespace}", {
      params: { path: { namespace: "nowhere" } },
      body: { vector: [1, 0] },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404 });
  });

  it("throws a ConnectionError when nothing answers, the token redacted", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const token = "api-secret-token-77";
    const away = new VectorIndex({ url, token, maxRetries: 0 });
    const error = await createVectorApi(away)
      .GET("/info")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(token);
  });

  it("throws a TimeoutError when the answer does not come in time", async () => {
    const hanging = new VectorIndex({
      url: dev.vectorUrl,
      token: dev.token,
      maxRetries: 0,
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
    });
    const error = await createVectorApi(hanging)
      .GET("/info")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).not.toContain(dev.token);
  });
});
