// Where openapi-fetch's `api` meets the client's middleware: one list for every method and
// `api`, standard Requests for any middleware, and openapi-fetch's own options honoured.
import type { Middleware } from "@x/vector";
import { describe, expect, it } from "vitest";
import { createVectorApi } from "../src/api";
import { index } from "./stub";

const QUERY = { vector: [0.1, 0.2], topK: 1 };
const SCORES = [{ id: "a", score: 0.9 }];

describe("api's per-request middleware option", () => {
  it("gets a standard Request it can copy with new Request(request, init)", async () => {
    const { client, seen } = index([{ result: SCORES }]);
    const stamp: Middleware = {
      onRequest: ({ request }) => {
        const headers = new Headers(request.headers);
        headers.set("x-id", "7");
        return new Request(request, { headers });
      },
    };
    const { data, error } = await createVectorApi(client).POST("/query", {
      body: QUERY,
      middleware: [stamp],
    });
    expect(error).toBeUndefined();
    expect(data?.result).toEqual(SCORES);
    expect(seen[0]?.headers.get("x-id")).toBe("7");
  });
});

describe("use() with a middleware that is not one", () => {
  it("throws, and afterwards the methods and api run the same list, with standard Requests", async () => {
    const { client } = index([{ result: SCORES }]);
    const seen: unknown[] = [];
    const valid: Middleware = {
      onRequest: ({ request }) => {
        seen.push(request);
      },
    };
    expect(() => client.use(valid, {} as Middleware)).toThrow(/use\(\) takes a policy/);
    await client.query(QUERY);
    const byMethod = seen.length;
    await createVectorApi(client).POST("/query", { body: QUERY });
    expect(seen.length).toBe(2 * byMethod);
    for (const request of seen) {
      expect(request).toBeInstanceOf(Request);
      expect(typeof (request as Request).clone).toBe("function");
    }
  });
});

describe("api with parseAs", () => {
  it('"text" on a text 2xx gives the text', async () => {
    const { client } = index([
      { status: 200, text: "plain words", headers: { "content-type": "text/plain" } },
    ]);
    const { data, error } = await createVectorApi(client).GET("/info", { parseAs: "text" });
    expect(error).toBeUndefined();
    expect(data).toBe("plain words");
  });

  it('"text" still gives the text when the call\'s own middleware replaced the request', async () => {
    const { client } = index([
      { status: 200, text: "plain words", headers: { "content-type": "text/plain" } },
    ]);
    const replace: Middleware = { onRequest: ({ request }) => new Request(request) };
    const { data, error } = await createVectorApi(client).GET("/info", {
      parseAs: "text",
      middleware: [replace],
    });
    expect(error).toBeUndefined();
    expect(data).toBe("plain words");
  });

  it('"json" on a 2xx that is not JSON is an ApiError, the request replaced or not', async () => {
    const page = { status: 200, text: "<html>a proxy's page</html>" } as const;
    const { client } = index([page]);
    const replace: Middleware = { onRequest: ({ request }) => new Request(request) };
    for (const middleware of [[], [replace]]) {
      await expect(createVectorApi(client).GET("/info", { middleware })).rejects.toMatchObject({
        name: "ApiError",
        message: expect.stringContaining("body is not JSON"),
      });
    }
  });

  it('"json" on a 2xx that is not JSON is an ApiError when the client\'s middleware answered with it', async () => {
    const { client, seen } = index([{ result: SCORES }]);
    client.use({ onRequest: () => new Response("<html>a cached page</html>") });
    const expected = { name: "ApiError", message: expect.stringContaining("body is not JSON") };
    await expect(createVectorApi(client).GET("/info")).rejects.toMatchObject(expected);
    await expect(client.info()).rejects.toMatchObject(expected);
    expect(seen).toEqual([]);
  });
});
