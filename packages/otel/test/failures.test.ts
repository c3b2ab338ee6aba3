// Retried and failed calls: an event per retried attempt, the resend count, and status
// ERROR with the client's own (redacted) error as the exception.
import { SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import {
  AbortError,
  ConnectionError,
  TimeoutError,
  UnprocessableEntityError,
  VectorIndex,
} from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { describe, expect, test } from "vitest";
import { expectNoToken, onlySpan, TOKEN, traced } from "./harness";
import { BASE, INFO, type Reply, stubFetch } from "./stub-fetch";

function index(replies: Reply[], options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const trace = traced();
  const { fetch, sent } = stubFetch(...replies);
  const client = new VectorIndex({
    url: BASE,
    token: TOKEN,
    maxRetries: 0,
    fetch,
    tracing: trace.tracing,
    ...options,
  });
  return { ...trace, client, sent };
}

/** The `exception` events' attributes. */
function exceptions(span: ReadableSpan) {
  return span.events.filter((event) => event.name === "exception").map((e) => e.attributes);
}

describe("a retried call", () => {
  test("503 with Retry-After: 0, then 200: a retry event and a resend count of 1", async () => {
    const { client, spans, sent } = index(
      [
        { status: 503, body: { error: "busy", status: 503 }, headers: { "retry-after": "0" } },
        { status: 200, body: { result: INFO } },
      ],
      { maxRetries: 2 },
    );
    await client.info();
    expect(sent).toHaveLength(2);
    const span = onlySpan(spans());
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toMatchObject({
      "http.response.status_code": 200,
      "http.request.resend_count": 1,
    });
    expect(span.attributes).not.toHaveProperty("error.type");
    expect(span.events.map(({ name, attributes }) => ({ name, attributes }))).toEqual([
      {
        name: "http.retry",
        attributes: {
          "x.retry.attempt": 1,
          "x.retry.outcome": "503",
          "x.retry.duration_ms": expect.any(Number),
          "x.retry.wait_ms": 0,
          "x.retry.retry_after": true,
          "http.response.status_code": 503,
          "error.type": "503",
        },
      },
    ]);
    expectNoToken(spans());
  });

  test("a lost connection, then 200: the event names the error class, the wait is the backoff", async () => {
    const { client, spans } = index(["network-error", { status: 200, body: { result: INFO } }], {
      maxRetries: 1,
    });
    await client.info();
    const span = onlySpan(spans());
    expect(span.attributes["http.request.resend_count"]).toBe(1);
    const [event] = span.events;
    expect(event?.name).toBe("http.retry");
    expect(event?.attributes).toMatchObject({
      "x.retry.attempt": 1,
      "x.retry.outcome": "ConnectionError",
      "x.retry.retry_after": false,
      "error.type": "ConnectionError",
    });
    expect(event?.attributes).not.toHaveProperty("http.response.status_code");
    expect(event?.attributes?.["x.retry.wait_ms"]).toBeGreaterThan(0);
  });

  test("a call that never succeeds has no resend count of a success: 503 twice is an error", async () => {
    const busy: Reply = {
      status: 503,
      body: { error: "busy", status: 503 },
      headers: { "retry-after": "0" },
    };
    const { client, spans } = index([busy], { maxRetries: 1 });
    await expect(client.info()).rejects.toThrow();
    const span = onlySpan(spans());
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes).toMatchObject({
      "http.response.status_code": 503,
      "http.request.resend_count": 1,
      "error.type": "503",
    });
    expect(span.events.map((event) => event.name)).toEqual(["http.retry", "exception"]);
  });
});

describe("a failed call", () => {
  test("422: status ERROR, error.type 422, the redacted error as the exception", async () => {
    // The service echoes the token in its message: the client redacts it before anything sees it.
    const body = { error: `Invalid vector for token ${TOKEN}`, status: 422 };
    const { client, spans } = index([{ status: 422, body }]);
    const error = await client.query({ vector: [1, 0], topK: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    const span = onlySpan(spans());
    expect(span.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: (error as Error).message,
    });
    expect(span.attributes).toMatchObject({
      "http.response.status_code": 422,
      "error.type": "422",
    });
    expect(span.attributes).not.toHaveProperty("http.request.resend_count");
    expect(exceptions(span)).toEqual([
      expect.objectContaining({
        "exception.type": "UnprocessableEntityError",
        "exception.message": (error as Error).message,
      }),
    ]);
    expect(String(exceptions(span)[0]?.["exception.message"])).toContain("Invalid vector");
    expectNoToken(spans());
  });

  test("422 through api: the same span, though api returns the error instead of throwing", async () => {
    const body = { error: `Invalid vector for token ${TOKEN}`, status: 422 };
    const { client, spans } = index([{ status: 422, body }]);
    const { error } = await createVectorApi(client).POST("/query", {
      body: { vector: [1, 0], topK: 1 },
    });
    expect(error).toBeDefined();
    const span = onlySpan(spans());
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes["error.type"]).toBe("422");
    expect(exceptions(span)[0]?.["exception.type"]).toBe("UnprocessableEntityError");
    expectNoToken(spans());
  });

  test("a timeout: no status code, error.type TimeoutError", async () => {
    const { client, spans } = index(["hang"], { timeoutMs: 20 });
    await expect(client.info()).rejects.toBeInstanceOf(TimeoutError);
    const span = onlySpan(spans());
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes["error.type"]).toBe("TimeoutError");
    expect(span.attributes).not.toHaveProperty("http.response.status_code");
    expect(exceptions(span)[0]?.["exception.type"]).toBe("TimeoutError");
    expectNoToken(spans());
  });

  test("a timeout retried once: an http.timeout event, then the final timeout", async () => {
    const { client, spans } = index(["hang"], { timeoutMs: 20, maxRetries: 1 });
    await expect(client.info()).rejects.toBeInstanceOf(TimeoutError);
    const span = onlySpan(spans());
    expect(span.events.map((event) => event.name)).toEqual(["http.timeout", "exception"]);
    expect(span.events[0]?.attributes).toMatchObject({
      "x.retry.attempt": 1,
      "x.retry.outcome": "TimeoutError",
      "error.type": "TimeoutError",
      "x.retry.retry_after": false,
    });
    expect(span.attributes["http.request.resend_count"]).toBe(1);
  });

  test("a lost connection: error.type ConnectionError", async () => {
    const { client, spans } = index(["network-error"]);
    await expect(client.info()).rejects.toBeInstanceOf(ConnectionError);
    const span = onlySpan(spans());
    expect(span.attributes["error.type"]).toBe("ConnectionError");
    expect(exceptions(span)[0]?.["exception.type"]).toBe("ConnectionError");
    expectNoToken(spans());
  });

  test("the caller's abort ends the span as an AbortError", async () => {
    const { client, spans } = index(["hang"]);
    const controller = new AbortController();
    const call = client.info({ signal: controller.signal });
    controller.abort(new Error("user left"));
    await expect(call).rejects.toBeInstanceOf(AbortError);
    const span = onlySpan(spans());
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes["error.type"]).toBe("AbortError");
  });
});
