import { describe, expect, expectTypeOf, it } from "vitest";
import {
  AbortError,
  ApiError,
  ApiPromise,
  NotFoundError,
  TimeoutError,
  ValidationError,
} from "../src/index";
import { checkRequestOptions, closestKey } from "../src/internal";
import type { paths } from "./fixtures/empty-answers";
import { createClientCore } from "./harness";

const TOKEN = "core-token-secret-42";

/** A fetch that answers `answer` to every call and records the requests it saw. */
function answering(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push(new Request(url, init));
    return answer();
  };
  return { fetch, requests };
}

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
    ["retry", "retries"],
    ["namespace", undefined],
  ])("%s -> %s", (key, meant) => {
    const candidates = ["delay", "timeoutMs", "topK", "limit", "cursor", "prefix", "retries"];
    expect(closestKey(key, candidates)).toBe(meant);
  });
});

describe("checkRequestOptions", () => {
  it("names the method in the message and the option itself as the field", () => {
    const check = () => checkRequestOptions("query", { maxRetires: 1 });
    expect(check).toThrow(
      'query options: unknown option "maxRetires" (did you mean "maxRetries"?)',
    );
    expect(check).toThrow(expect.objectContaining({ field: "maxRetires" }));
  });
});

describe("createClientCore: openapi-fetch over the transport", () => {
  it("fills and encodes path parameters, adds the query, and types the data", async () => {
    const { fetch, requests } = answering(() => Response.json({ items: ["a"] }));
    const { api } = createClientCore<paths>({
      baseUrl: "http://127.0.0.1:1/",
      token: TOKEN,
      fetch,
    });
    const { data, error } = await api.GET("/items", { params: { query: { limit: 2 } } });
    expectTypeOf(data).toEqualTypeOf<{ items: string[] } | undefined>();
    expect(error).toBeUndefined();
    expect(data).toEqual({ items: ["a"] });
    expect(requests[0]?.url).toBe("http://127.0.0.1:1/items?limit=2");
    expect(requests[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it("types error from the spec's error response and gives it for a 404", async () => {
    const { fetch } = answering(() => Response.json({ error: "no item x" }, { status: 404 }));
    const { api } = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const { data, error, response } = await api.DELETE("/items/{id}", {
      params: { path: { id: "x" } },
    });
    expectTypeOf(error).toEqualTypeOf<{ error: string } | undefined>();
    expect(data).toBeUndefined();
    expect(error).toEqual({ error: "no item x" });
    expect(response.status).toBe(404);
  });

  it("throws a method's typed error for a non-2xx answer", async () => {
    const { fetch } = answering(() => Response.json({ error: "no item x" }, { status: 404 }));
    const core = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const remove = core.operation("remove", "delete", "/items/{id}", { path: { id: "x" } });
    const call = core.call(remove, {}, undefined);
    await expect(call).rejects.toBeInstanceOf(NotFoundError);
    await expect(call).rejects.toThrow("404 no item x");
  });
});

describe("an empty 2xx answer is a result, never an error", () => {
  const cases: Array<[string, () => Response]> = [
    ["204 No Content", () => new Response(null, { status: 204 })],
    ["200 with Content-Length: 0", () => new Response("", { headers: { "content-length": "0" } })],
    ["200 with an empty chunked body", () => new Response("")],
  ];

  it.each(cases)("%s through api", async (_, answer) => {
    const { fetch } = answering(answer);
    const { api } = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const { data, error, response } = await api.POST("/ping");
    expect(error).toBeUndefined();
    expect(data).toBeUndefined();
    expect(response.ok).toBe(true);
  });

  it.each(cases)("%s through a method", async (_, answer) => {
    const { fetch } = answering(answer);
    const core = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const remove = core.operation("remove", "delete", "/items/{id}", { path: { id: "x" } });
    const deleted = core.call(remove, {}, undefined);
    const { data, response } = await deleted.withResponse();
    expect(data).toBeUndefined();
    expect(response.ok).toBe(true);
  });

  it("HEAD answers with no body", async () => {
    const { fetch, requests } = answering(() => new Response(null, { status: 200 }));
    const { api } = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const { data, error } = await api.HEAD("/items/{id}", { params: { path: { id: "x" } } });
    expect({ data, error }).toEqual({ data: undefined, error: undefined });
    expect(requests[0]?.method).toBe("HEAD");
  });
});

describe("api when the answer is not JSON", () => {
  it("throws an ApiError that quotes the body, never a bare SyntaxError", async () => {
    const { fetch } = answering(() => new Response("<html>proxy</html>", { status: 200 }));
    const { api } = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const error = await api.GET("/items").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SyntaxError);
    expect((error as ApiError).message).toMatch(/^200 body is not JSON: "<html>proxy/);
  });
});

describe("api when no answer came", () => {
  it("throws a TimeoutError, the token redacted", async () => {
    const fetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const { api } = createClientCore<paths>({
      baseUrl: "http://127.0.0.1:1",
      token: TOKEN,
      tokenIn: "query",
      tokenQueryParam: "key",
      fetch,
      timeoutMs: 5,
      maxRetries: 0,
    });
    const error = await api.POST("/ping").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(String((error as Error).message)).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it("throws an AbortError whose cause is the signal's reason", async () => {
    const { fetch } = answering(() => new Response(null, { status: 204 }));
    const { api } = createClientCore<paths>({ baseUrl: "http://127.0.0.1:1", token: TOKEN, fetch });
    const reason = new Error("user left");
    const error = await api.POST("/ping", { signal: AbortSignal.abort(reason) }).catch((e) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).cause).toBe(reason);
  });
});
