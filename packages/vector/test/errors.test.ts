import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  ResponseTooLargeError,
  UnprocessableEntityError,
  type VectorIndex,
  XError,
} from "@x/vector";
import { describe, expect, it } from "vitest";
import { createVectorApi } from "../src/api";
import { index, type Reply, TOKEN } from "./stub";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// The service's `{ error, status }` bodies, as its interface document describes them.
const statuses: [number, string, typeof ApiError, (c: VectorIndex) => Promise<unknown>][] = [
  [
    400,
    "Invalid filter: unexpected token 'OR' at 7",
    BadRequestError,
    (c) => c.query({ vector: [1, 2, 3], filter: "a = OR" }),
  ],
  [401, "Unauthorized: invalid token", AuthenticationError, (c) => c.info()],
  [
    404,
    "Namespace 'ghost' does not exist",
    NotFoundError,
    (c) => c.namespace("ghost").range({ cursor: "0", limit: 1 }),
  ],
  [
    422,
    "Invalid vector dimension: 2, expected: 3",
    UnprocessableEntityError,
    (c) => c.query({ vector: [1, 2] }),
  ],
];

describe.each(statuses)("a %i answer", (status, text, Class, call) => {
  it("throws its error class, quoting the server's text", async () => {
    const { client, seen } = index([{ status, json: { error: text, status } }], { maxRetries: 2 });
    const error = await failure(call(client));
    expect(error).toBeInstanceOf(Class);
    expect(error.status).toBe(status);
    expect(error.body).toEqual({ error: text, status });
    expect(error.message).toContain(text);
    expect(error.message.startsWith(`${status} `)).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

describe("5xx answers", () => {
  const busy: Reply = {
    status: 503,
    json: { error: "overloaded", status: 503 },
    headers: { "retry-after": "0" },
  };

  it("are retried, resending the same request, until one succeeds", async () => {
    const { client, seen } = index([busy, busy, { result: [{ id: "a", score: 1 }] }], {
      maxRetries: 2,
    });
    expect(await client.query({ vector: [1, 2, 3], topK: 1 })).toEqual([{ id: "a", score: 1 }]);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => JSON.stringify([s.path, s.body])))).toHaveProperty("size", 1);
  });

  it("throw InternalServerError after maxRetries + 1 attempts", async () => {
    const { client, seen } = index([busy], { maxRetries: 3 });
    const error = await failure(client.fetch({ ids: ["a"] }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toContain("overloaded");
    expect(seen).toHaveLength(4);
  });

  it("are tried once with maxRetries 0", async () => {
    const { client, seen } = index([busy], { maxRetries: 0 });
    await failure(client.info());
    expect(seen).toHaveLength(1);
  });

  it("retry every read: range, queryMany and info too", async () => {
    for (const [call, result] of [
      [(c: VectorIndex) => c.range({ cursor: "0", limit: 1 }), { nextCursor: "", vectors: [] }],
      [(c: VectorIndex) => c.queryMany([{ vector: [1] }, { vector: [2] }]), [[], []]],
      [(c: VectorIndex) => c.info(), { vectorCount: 0 }],
    ] as const) {
      const { client, seen } = index([busy, { result }], { maxRetries: 1 });
      await call(client);
      expect(seen).toHaveLength(2);
    }
  });
});

describe("bodies that are not JSON", () => {
  it("a 200 with HTML is an ApiError quoting the body", async () => {
    const { client } = index([{ status: 200, text: "<html>captive portal</html>" }]);
    const error = await failure(client.info());
    expect(error.message).toContain("is not JSON");
    expect(error.message).toContain("captive portal");
  });

  it("a 502 from a proxy is an InternalServerError quoting the body", async () => {
    const { client } = index([{ status: 502, text: "Bad Gateway" }]);
    const error = await failure(client.range({ cursor: "0", limit: 1 }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.message).toContain("Bad Gateway");
    expect(error.body).toBe("Bad Gateway");
  });

  it("a 400 with an empty body still names the status", async () => {
    const { client } = index([{ status: 400 }]);
    const error = await failure(client.fetch({ prefix: "a" }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(/^400 /);
  });
});

describe("the token", () => {
  it("never appears in an error, even when the server echoes it", async () => {
    const echo = `Unauthorized: token ${TOKEN} revoked`;
    const { client } = index([{ status: 401, json: { error: echo, status: 401 } }]);
    const error = await failure(client.query({ vector: [1] }));
    expect(error).toBeInstanceOf(AuthenticationError);
    for (const text of [error.message, JSON.stringify(error), JSON.stringify(error.body)]) {
      expect(text).not.toContain(TOKEN);
    }
  });
});

describe("signal", () => {
  const calls: [string, (c: VectorIndex, signal: AbortSignal) => Promise<unknown>][] = [
    ["range", (c, signal) => c.range({ cursor: "0", limit: 1 }, { signal })],
    ["query", (c, signal) => c.query({ vector: [1] }, { signal })],
    ["queryMany", (c, signal) => c.queryMany([{ vector: [1] }], { signal })],
    ["fetch(ids)", (c, signal) => c.fetch({ ids: ["a"] }, { signal })],
    ["fetch(prefix)", (c, signal) => c.fetch({ prefix: "a" }, { signal })],
    ["info", (c, signal) => c.info({ signal })],
  ];

  it.each(calls)("aborts %s in flight with the caller's reason", async (_, call) => {
    const { client, seen } = index(["hang"], { maxRetries: 2 });
    const controller = new AbortController();
    const reason = new Error("user left");
    const pending = call(client, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(reason);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(XError);
    expect((error as AbortError).cause).toBe(reason);
    expect(seen).toHaveLength(1);
  });
});

describe("maxResponseBytes", () => {
  // 1000 records of 3 dimensions: about 40 KB of JSON.
  const many = Array.from({ length: 1000 }, (_, i) => ({ id: `id-${i}`, vector: [0.1, 0.2, 0.3] }));

  it("bounds every method's body, and `api`'s, from the client option", async () => {
    const { client, seen } = index([{ result: many }], { maxRetries: 2, maxResponseBytes: 1000 });
    const error = await client.fetch({ prefix: "id-" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: 1000 });
    expect(seen).toHaveLength(1);
    await expect(
      createVectorApi(client).POST("/fetch", { body: { prefix: "id-" } }),
    ).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("is raised per call, and refused when it is not a positive integer", async () => {
    const { client } = index([{ result: many }], { maxResponseBytes: 1000 });
    const records = await client.fetch({ prefix: "id-" }, { maxResponseBytes: 1_000_000 });
    expect(records).toHaveLength(1000);
    await expect(client.info({ maxResponseBytes: 0 })).rejects.toMatchObject({
      name: "ValidationError",
      field: "maxResponseBytes",
    });
    expect(() => index([], { maxResponseBytes: 2.5 })).toThrow(
      "maxResponseBytes: must be a positive integer (bytes)",
    );
  });
});
