import { describe, expect, it, vi } from "vitest";
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  XError,
} from "../src/index";
import { createTransport } from "./harness";

const TOKEN = "secret-token-123";

/** A fetch that answers from a queue and records every request it saw. */
function stub(...answers: Array<Response | Error | ((r: Request) => Promise<Response>)>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const request = new Request(url, init);
    requests.push(request);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    if (typeof next === "function") return next(request);
    return (next as Response).clone();
  });
  return { fetch, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

describe("createTransport", () => {
  it("sends the bearer token, JSON body and path, and parses the JSON result", async () => {
    const { fetch, requests } = stub(json(200, { result: 1 }));
    const send = createTransport({ baseUrl: "https://h.example/", token: TOKEN, fetch });
    const { data, response } = await send({ method: "POST", path: "/query/ns", json: { a: 1 } });
    expect(data).toEqual({ result: 1 });
    expect(response.status).toBe(200);
    // Called as fetch(url, init), as the README promises custom fetch functions.
    expect(fetch).toHaveBeenCalledWith("https://h.example/query/ns", expect.any(Object));
    const [request] = requests;
    expect(request?.url).toBe("https://h.example/query/ns");
    expect(request?.method).toBe("POST");
    expect(request?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(await request?.text()).toBe('{"a":1}');
  });

  it("puts the token in the query when asked, and no authorization header", async () => {
    const { fetch, requests } = stub(json(200, {}));
    const send = createTransport({
      baseUrl: "https://h.example",
      token: "a/b&c",
      tokenIn: "query",
      tokenQueryParam: "svc_token",
      fetch,
    });
    await send({ method: "POST", path: "/v2/trigger/https://w.example/x?y=1" });
    expect(requests[0]?.url).toBe(
      "https://h.example/v2/trigger/https://w.example/x?y=1&svc_token=a%2Fb%26c",
    );
    expect(requests[0]?.headers.has("authorization")).toBe(false);
  });

  it("sends a raw body unchanged with the caller's headers", async () => {
    const { fetch, requests } = stub(json(200, {}));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const bytes = new Uint8Array([0, 255, 10]);
    await send({
      method: "POST",
      path: "/p",
      body: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(new Uint8Array(await requests[0]!.arrayBuffer())).toEqual(bytes);
    expect(requests[0]?.headers.get("content-type")).toBe("application/octet-stream");
  });

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, AuthenticationError],
    [404, NotFoundError],
    [422, UnprocessableEntityError],
    [418, ApiError],
  ])("maps status %i to its error class with the server's text", async (status, Class) => {
    const { fetch } = stub(json(status, { error: "bad thing", status }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const error = await send({ method: "GET", path: "/info" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toMatchObject({ status, body: { error: "bad thing", status } });
    expect((error as Error).message).toMatch(new RegExp(`^${status} bad thing`));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("retries 5xx, 429, 408 and 409 up to maxRetries and resends the same body", async () => {
    const { fetch, requests } = stub(
      json(500, { error: "a" }, { "retry-after": "0" }),
      json(429, { error: "b" }, { "retry-after": "0" }),
      json(200, { ok: true }),
    );
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch, maxRetries: 2 });
    const { data } = await send({ method: "POST", path: "/q", json: { v: [1] } });
    expect(data).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(await Promise.all(requests.map((r) => r.text()))).toEqual(Array(3).fill('{"v":[1]}'));
  });

  it("gives up after maxRetries with the last error", async () => {
    const { fetch } = stub(json(503, { error: "down" }, { "retry-after": "0" }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch, maxRetries: 3 });
    const error = await send({ method: "GET", path: "/info" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("throws RateLimitError once retries are spent", async () => {
    const { fetch } = stub(json(429, { error: "slow" }, { "retry-after": "0" }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch, maxRetries: 1 });
    await expect(send({ method: "GET", path: "/" })).rejects.toBeInstanceOf(RateLimitError);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("never retries a call that is not safe to repeat", async () => {
    const { fetch } = stub(json(500, { error: "x" }), new TypeError("reset"));
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      maxRetries: 5,
      isRepeatable: (headers) => "x-run-id" in headers,
    });
    await expect(send({ method: "POST", path: "/" })).rejects.toBeInstanceOf(InternalServerError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("does not retry other 4xx", async () => {
    const { fetch } = stub(json(400, { error: "x" }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    await expect(send({ method: "GET", path: "/" })).rejects.toBeInstanceOf(BadRequestError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("waits by Retry-After between attempts", async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = stub(json(429, {}, { "retry-after": "2" }), json(200, { ok: 1 }));
      const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
      const done = send({ method: "GET", path: "/" });
      await vi.advanceTimersByTimeAsync(1900);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(fetch).toHaveBeenCalledTimes(2);
      await expect(done).resolves.toMatchObject({ data: { ok: 1 } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("turns a network failure into ConnectionError and retries it", async () => {
    vi.useFakeTimers();
    try {
      const { fetch } = stub(new TypeError("fetch failed"), json(200, { ok: 1 }));
      const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
      const done = send({ method: "GET", path: "/" });
      await vi.advanceTimersByTimeAsync(600);
      await expect(done).resolves.toMatchObject({ data: { ok: 1 } });
      const { fetch: failing } = stub(new TypeError(`connect ECONNRESET ${TOKEN}`));
      const send2 = createTransport({
        baseUrl: "https://h",
        token: TOKEN,
        fetch: failing,
        maxRetries: 0,
      });
      const error = await send2({ method: "GET", path: "/" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toContain("ECONNRESET");
      expect((error as Error).message).not.toContain(TOKEN);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails an attempt whose fetch answers with something that is no Response, at once", async () => {
    // Left to the timeout, this would hang the test: the attempt must fail when it happens.
    // A Response in name only: reading its `ok` throws.
    const fetch = async (): Promise<Response> => Object.create(Response.prototype);
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      timeoutMs: 600_000,
      maxRetries: 0,
    });
    const error = await send({ method: "GET", path: "/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
  });

  // These ignore the attempt's abort signal; the timeout still ends the attempt.
  const never = () => new Promise<Response>(() => {});
  const endless = async () => new Response(new ReadableStream({ start() {} }), { status: 200 });

  it.each([
    ["never answers", never],
    ["sends headers but never ends its body", endless],
  ])("times out an attempt that %s", async (_, answer) => {
    const { fetch } = stub(answer);
    const send = createTransport({
      baseUrl: "https://h",
      token: TOKEN,
      fetch,
      timeoutMs: 20,
      maxRetries: 0,
    });
    const error = await send({ method: "GET", path: "/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain("20 ms");
  });

  it("retries a timed-out attempt", async () => {
    const { fetch } = stub(never, json(200, { ok: 1 }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch, timeoutMs: 20 });
    vi.useFakeTimers();
    try {
      const done = send({ method: "GET", path: "/" });
      await vi.advanceTimersByTimeAsync(20 + 500);
      await expect(done).resolves.toMatchObject({ data: { ok: 1 } });
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("rethrows the caller's abort without retrying", async () => {
    const controller = new AbortController();
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
        controller.abort(new Error("stop"));
      });
    const { fetch } = stub(hang);
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const error = await send({ method: "GET", path: "/" }, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(XError);
    expect(((error as AbortError).cause as Error).message).toBe("stop");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("quotes the start of a non-JSON error body (a proxy's HTML page)", async () => {
    const { fetch } = stub(new Response("<html><body>Bad Gateway</body></html>", { status: 502 }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch, maxRetries: 0 });
    const error = await send({ method: "GET", path: "/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toContain('"<html><body>Bad Gateway');
    expect((error as ApiError).body).toBe("<html><body>Bad Gateway</body></html>");
  });

  it("reports a truncated 2xx JSON body as ApiError, not SyntaxError", async () => {
    const { fetch } = stub(new Response('{"workflowRunId":"wfr_1","workflo', { status: 200 }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const error = await send({ method: "GET", path: "/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toMatch(/^200 body is not JSON: .*workflowRunId/);
  });

  it("never leaks the token, even when the server echoes it", async () => {
    const { fetch } = stub(json(401, { error: `token ${TOKEN} is invalid` }));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const error = await send({ method: "GET", path: "/" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const everything = `${(error as Error).message} ${(error as Error).stack} ${JSON.stringify(error)} ${JSON.stringify((error as ApiError).body)}`;
    expect(everything).not.toContain(TOKEN);
    expect((error as Error).message).toContain("[redacted]");
  });

  it.each([
    [{ token: "" }, "token"],
    [{ token: TOKEN, maxRetries: -1 }, "maxRetries"],
    [{ token: TOKEN, maxRetries: 1.5 }, "maxRetries"],
    [{ token: TOKEN, timeoutMs: 0 }, "timeoutMs"],
    // setTimeout fires at once for delays beyond 2^31 - 1 ms.
    [{ token: TOKEN, timeoutMs: 2 ** 31 }, "timeoutMs"],
  ])("rejects bad config %j", (config, field) => {
    expect(() => createTransport({ baseUrl: "https://h", ...config })).toThrow(
      expect.objectContaining({ name: "ValidationError", field }),
    );
  });
});

describe("an already aborted signal", () => {
  it("sends nothing", async () => {
    const { fetch } = stub(json(200, {}));
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const reason = new Error("gone");
    const signal = AbortSignal.abort(reason);
    await expect(send({ method: "GET", path: "/" }, { signal })).rejects.toMatchObject({
      name: "AbortError",
      cause: reason,
    });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("token hygiene and waits", () => {
  it("redacts the token as encoded into the query string too", async () => {
    const token = "p@ss/word&1";
    const { fetch } = stub(
      json(400, { error: `bad URL /x?svc_token=${encodeURIComponent(token)} (raw: ${token})` }),
    );
    const send = createTransport({
      baseUrl: "https://h",
      token,
      tokenIn: "query",
      tokenQueryParam: "svc_token",
      fetch,
    });
    const error = await send({ method: "POST", path: "/x" }).catch((e: unknown) => e);
    const exposed = `${(error as Error).message} ${JSON.stringify(error)}`;
    expect(exposed).not.toContain(token);
    expect(exposed).not.toContain(encodeURIComponent(token));
    expect((error as Error).message).toContain("svc_token=[redacted] (raw: [redacted])");
  });

  it("takes every abort listener off the caller's signal: attempts and retry waits", async () => {
    // A fetch that leaves the signal alone, so every listener on it is the transport's.
    const answers = [json(503, {}, { "retry-after": "0" }), json(200, { ok: 1 })];
    const fetch = async () => answers.shift() as Response;
    const send = createTransport({ baseUrl: "https://h", token: TOKEN, fetch });
    const signal = new AbortController().signal;
    const added = vi.spyOn(signal, "addEventListener");
    const removed = vi.spyOn(signal, "removeEventListener");
    await send({ method: "GET", path: "/" }, { signal });
    // Two attempts and the wait between them.
    expect(added).toHaveBeenCalledTimes(3);
    for (const [type, listener] of added.mock.calls) {
      expect(removed).toHaveBeenCalledWith(type, listener);
    }
  });
});
