import { describe, expect, it } from "vitest";
import {
  ApiPromise,
  closestKey,
  createRequest,
  createTransport,
  ValidationError,
} from "../src/index";

describe("ApiPromise", () => {
  const response = new Response("{}", { status: 201 });

  it("resolves to the data, and withResponse() to data and response", async () => {
    const promise = ApiPromise.resolved({ a: 1 }, response);
    expect(await promise).toEqual({ a: 1 });
    const { data, response: raw } = await promise.withResponse();
    expect(data).toEqual({ a: 1 });
    expect(raw.status).toBe(201);
  });

  it("maps the data and keeps the response", async () => {
    const mapped = ApiPromise.resolved({ result: [1, 2] }, response).map((body) => body.result);
    expect(await mapped).toEqual([1, 2]);
    expect((await mapped.withResponse()).response).toBe(response);
  });

  it("turns a synchronous throw of from() into a rejection", async () => {
    const failing = ApiPromise.from((): ApiPromise<number> => {
      throw new ValidationError("x", "is bad");
    });
    await expect(failing).rejects.toThrow("x: is bad");
    await expect(failing.withResponse()).rejects.toThrow("x: is bad");
  });
});

describe("closestKey", () => {
  it.each([
    ["delays", "delay"],
    ["timeout", "timeoutMs"],
    ["TOPK", "topK"],
    ["limt", "limit"],
    ["limti", "limit"],
    ["namespace", undefined],
  ])("%s -> %s", (key, meant) => {
    const candidates = ["delay", "timeoutMs", "topK", "limit", "cursor", "prefix"];
    expect(closestKey(key, candidates)).toBe(meant);
  });
});

describe("createRequest", () => {
  interface Paths {
    "/items/{id}": {
      get: {
        parameters: { path: { id: string }; query?: { full?: boolean } };
        responses: { 200: { content: { "application/json": { id: string } } } };
      };
    };
  }

  it("fills and encodes path parameters, adds the query and resolves the typed result", async () => {
    const urls: string[] = [];
    const transport = createTransport({
      baseUrl: "http://127.0.0.1:1",
      token: "t",
      fetch: async (url) => {
        urls.push(url);
        return Response.json({ id: "a/b" });
      },
    });
    const request = createRequest<Paths>(transport);
    const item = await request("GET", "/items/{id}", {
      params: { path: { id: "a/b" }, query: { full: true } },
    });
    expect(item.id).toBe("a/b");
    expect(urls).toEqual(["http://127.0.0.1:1/items/a%2Fb?full=true"]);
  });

  it("rejects a misspelt call option with the operation named", async () => {
    const transport = createTransport({ baseUrl: "http://127.0.0.1:1", token: "t" });
    const request = createRequest<Paths>(transport);
    await expect(
      request("GET", "/items/{id}", { params: { path: { id: "a" } } }, { maxRetires: 1 } as never),
    ).rejects.toThrow(
      'GET /items/{id} options: unknown option "maxRetires" (did you mean "maxRetries"?)',
    );
  });
});
