import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  InternalServerError,
  RateLimitError,
  TimeoutError,
  ValidationError,
  XError,
} from "../src/index";
import { errorResponse, RESULT, type Responder, setup, TOKEN, WORKFLOW } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

/** Settles a promise while fake timers run every backoff it schedules. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  let done = false;
  void outcome.then(() => {
    done = true;
  });
  while (!done) await vi.runAllTimersAsync();
  return outcome;
}

/** Everything an error exposes, as a caller or a log line would see it. */
function exposed(error: unknown): string {
  const e = error as Error;
  return [e.message, e.stack, String(e), JSON.stringify(e), JSON.stringify({ ...e })].join("\n");
}

// A fetch that ignores its signal and never settles: the timeout must still end the attempt.
const hang: Responder = () => new Promise(() => {});

const reset: Responder = () => {
  throw new TypeError("fetch failed", {
    cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
  });
};

describe("error responses", () => {
  it("turns 400 into a BadRequestError carrying the error object", async () => {
    const { client } = setup(() =>
      errorResponse(400, 'Svc-Delay: invalid duration "10x"', { "x-request-id": "r-1" }),
    );
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(XError);
    const e = error as BadRequestError;
    expect(e.status).toBe(400);
    expect(e.body).toEqual({ error: 'Svc-Delay: invalid duration "10x"' });
    expect(e.headers.get("x-request-id")).toBe("r-1");
    expect(e.message).toContain('400 Svc-Delay: invalid duration "10x"');
  });

  it("turns 401 into an AuthenticationError", async () => {
    const { client } = setup(() => errorResponse(401, "missing or invalid token"));
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toEqual({ error: "missing or invalid token" });
    expect((error as Error).message).toContain("401 missing or invalid token");
  });

  it("turns 500 into an InternalServerError, and does not retry a trigger without runId", async () => {
    const { client, requests } = setup(() => errorResponse(500, "internal server error"));
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).body).toEqual({ error: "internal server error" });
    expect(requests).toHaveLength(1);
  });

  it("quotes the start of an HTML 502 page", async () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body>${"x".repeat(500)}</body></html>`;
    const { client } = setup(
      () => new Response(html, { status: 502, headers: { "content-type": "text/html" } }),
    );
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).body).toBe(html);
    expect((error as Error).message).toContain("<html><head><title>502 Bad Gateway");
    expect((error as Error).message.length).toBeLessThan(300);
  });

  it("reports a truncated 200 body as an ApiError quoting it", async () => {
    const { client } = setup(() => new Response('{"workflowRunId":"wfr_3Xb', { status: 200 }));
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).body).toBe('{"workflowRunId":"wfr_3Xb');
    expect((error as Error).message).toContain("is not JSON");
    expect((error as Error).message).toContain('{\\"workflowRunId\\":\\"wfr_3Xb');
  });

  it("reports a truncated error body with its status", async () => {
    const { client } = setup(() => new Response('{"error":"inter', { status: 400 }));
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as ApiError).body).toBe('{"error":"inter');
    expect((error as Error).message).toContain('{\\"error\\":\\"inter');
  });
});

describe("network failures", () => {
  it("turns a connection reset into a ConnectionError, not retried without runId", async () => {
    const { client, requests } = setup(reset);
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain("fetch failed");
    expect(requests).toHaveLength(1);
  });

  it("retries a connection reset when runId is set", async () => {
    vi.useFakeTimers();
    const { client, requests } = setup((request, attempt) =>
      attempt < 3 ? reset(request, attempt) : Response.json(RESULT),
    );
    const { value } = await settle(client.trigger({ url: WORKFLOW, runId: "order-1042" }));
    expect(value).toEqual(RESULT);
    expect(requests).toHaveLength(3);
  });

  it("times out with a TimeoutError after timeoutMs", async () => {
    const { client, requests } = setup(hang, { timeoutMs: 20 });
    const started = Date.now();
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain("20 ms");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
  });

  it("retries a timeout when runId is set", async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(hang, { timeoutMs: 50, maxRetries: 1 });
    const { error } = await settle(client.trigger({ url: WORKFLOW, runId: "r" }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(requests).toHaveLength(2);
  });
});

describe("retries", () => {
  it("honours Retry-After on 429 when runId is set, and resends the same request", async () => {
    vi.useFakeTimers();
    const { client, requests } = setup((_, attempt) =>
      attempt === 1
        ? errorResponse(429, "slow down", { "retry-after": "2" })
        : Response.json(RESULT),
    );
    const pending = client.trigger({
      url: WORKFLOW,
      runId: "order-1042",
      body: { a: 1 },
      labels: "x",
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual(RESULT);
    expect(requests).toHaveLength(2);
    const [first, second] = requests as [Request, Request];
    expect(second.url).toBe(first.url);
    expect([...second.headers]).toEqual([...first.headers]);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("svc-workflow-runid")).toBe("order-1042");
  });

  it("gives up after maxRetries with a RateLimitError", async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(
      () => errorResponse(429, "slow down", { "retry-after": "1" }),
      {
        maxRetries: 3,
      },
    );
    const { error } = await settle(client.trigger({ url: WORKFLOW, runId: "r" }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as ApiError).headers.get("retry-after")).toBe("1");
    expect(requests).toHaveLength(4);
  });

  it("does not retry a 429 without runId: a second trigger could start a second run", async () => {
    const { client, requests } = setup(() =>
      errorResponse(429, "slow down", { "retry-after": "0" }),
    );
    const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(1);
  });

  it("retries 5xx with runId up to maxRetries (default 2)", async () => {
    vi.useFakeTimers();
    const { client, requests } = setup(() => errorResponse(503, "unavailable"));
    const { error } = await settle(client.trigger({ url: WORKFLOW, runId: "r" }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(3);
  });

  it("does not retry 400 or 401 even with runId", async () => {
    for (const status of [400, 401]) {
      const { client, requests } = setup(() => errorResponse(status, "no"));
      await expect(client.trigger({ url: WORKFLOW, runId: "r" })).rejects.toBeInstanceOf(ApiError);
      expect(requests).toHaveLength(1);
    }
  });

  it("stops retrying when the caller aborts during a backoff", async () => {
    const controller = new AbortController();
    const { client, requests } = setup(() => {
      setTimeout(() => controller.abort(new Error("caller gave up")), 1);
      return errorResponse(500, "internal server error", { "retry-after": "30" });
    });
    const error = await client
      .trigger({ url: WORKFLOW, runId: "r" }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(((error as AbortError).cause as Error).message).toBe("caller gave up");
    expect(requests).toHaveLength(1);
  });
});

describe("the token never leaks", () => {
  it.each<[string, Responder]>([
    ["an echoed 401 body", () => errorResponse(401, `token ${TOKEN} is invalid`)],
    [
      "an echoed 500 page",
      () => new Response(`<pre>Authorization: Bearer ${TOKEN}</pre>`, { status: 500 }),
    ],
    ["a bad 200 body", () => new Response(`{"token":"${TOKEN}`, { status: 200 })],
    [
      "a network error naming the URL",
      (request) => {
        throw new TypeError(
          `fetch failed for ${request.url} with ${request.headers.get("authorization")}`,
        );
      },
    ],
  ])("in errors from %s", async (_, respond) => {
    for (const tokenIn of ["header", "query"] as const) {
      const { client } = setup(respond, { tokenIn });
      const error = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(XError);
      expect(exposed(error)).not.toContain(TOKEN);
      expect(exposed(error)).toContain("[redacted]");
    }
  });

  it("in timeouts and validation errors", async () => {
    const { client } = setup(hang, { timeoutMs: 10, tokenIn: "query" });
    const timeout = await client.trigger({ url: WORKFLOW }).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(TimeoutError);
    const invalid = await client.trigger({ url: TOKEN }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    for (const error of [timeout, invalid]) expect(exposed(error)).not.toContain(TOKEN);
  });

  it("on the client object", () => {
    const { client } = setup();
    expect(JSON.stringify(client)).not.toContain(TOKEN);
    expect(Object.values(client).join()).not.toContain(TOKEN);
  });
});
