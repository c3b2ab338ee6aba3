// The call shape every method shares: its request, then optional RequestOptions; unknown
// keys are ValidationErrors with a "did you mean"; bad input rejects, never throws.
import { ValidationError, type VectorIndex } from "@x/vector";
import { describe, expect, it } from "vitest";
import { index, TOKEN } from "./stub";

const page = { nextCursor: "", vectors: [{ id: "a" }] };
const loose = (value: unknown) => value as never;

/** Runs `call` and returns what its promise rejected with; a synchronous throw fails. */
async function rejection(call: () => PromiseLike<unknown>): Promise<ValidationError> {
  let promise: PromiseLike<unknown>;
  try {
    promise = call();
  } catch (error) {
    throw new Error(`threw synchronously instead of rejecting: ${String(error)}`);
  }
  const error = await Promise.resolve(promise).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ValidationError))
    throw new Error(`expected a ValidationError, got ${error}`);
  return error;
}

/** The first page of an iteration, so `rangeAll` reports through `next()`. */
const firstNext = (client: VectorIndex, request: unknown, options?: unknown) =>
  client.rangeAll(loose(request), loose(options))[Symbol.asyncIterator]().next();

// [method, a call with a misspelt request key, the message it must give]
const misspelt: [string, (c: VectorIndex) => PromiseLike<unknown>, string][] = [
  [
    "range",
    (c) => c.range(loose({ cursor: "0", limt: 2 })),
    'range: unknown option "limt" (did you mean "limit"?)',
  ],
  [
    "rangeAll",
    (c) => firstNext(c, { pagesize: 2 }),
    'rangeAll: unknown option "pagesize" (did you mean "pageSize"?)',
  ],
  [
    "query",
    (c) => c.query(loose({ vector: [1], topk: 3 })),
    'query: unknown option "topk" (did you mean "topK"?)',
  ],
  [
    "queryMany",
    (c) => c.queryMany(loose([{ vector: [1] }, { vector: [1], includeMetdata: true }])),
    'queryMany queries[1]: unknown option "includeMetdata" (did you mean "includeMetadata"?)',
  ],
  [
    "fetch",
    (c) => c.fetch(loose({ id: ["a"] })),
    'fetch: unknown option "id" (did you mean "ids"?)',
  ],
  [
    "range: a key with nothing close",
    (c) => c.range(loose({ cursor: "0", limit: 1, namespace: "x" })),
    'range: unknown option "namespace"',
  ],
];

describe("unknown request keys", () => {
  it.each(misspelt)(
    "%s: names the key and the option meant, sends nothing",
    async (_, call, message) => {
      const { client, seen } = index([{ result: page }]);
      const error = await rejection(() => call(client));
      expect(error.message).toBe(message);
      expect(seen).toEqual([]);
    },
  );
});

// [method, a call whose last argument has a misspelt option]
const badOptions: [string, (c: VectorIndex) => PromiseLike<unknown>][] = [
  ["range", (c) => c.range({ cursor: "0", limit: 1 }, loose({ timeout: 5 }))],
  ["rangeAll", (c) => firstNext(c, {}, { timeout: 5 })],
  ["query", (c) => c.query({ vector: [1] }, loose({ timeout: 5 }))],
  ["queryMany", (c) => c.queryMany([{ vector: [1] }], loose({ timeout: 5 }))],
  ["fetch", (c) => c.fetch({ ids: ["a"] }, loose({ timeout: 5 }))],
  ["info", (c) => c.info(loose({ timeout: 5 }))],
];

describe("unknown call options", () => {
  it.each(badOptions)("%s: rejects with the option meant", async (name, call) => {
    const { client, seen } = index([{ result: page }]);
    const error = await rejection(() => call(client));
    expect(error.message).toBe(
      `${name} options: unknown option "timeout" (did you mean "timeoutMs"?)`,
    );
    expect(seen).toEqual([]);
  });
});

// [method, a call with a missing or broken request]
const missing: [string, (c: VectorIndex) => PromiseLike<unknown>, string][] = [
  ["range()", (c) => c.range(loose(undefined)), "range"],
  ["rangeAll(null)", (c) => firstNext(c, null), "rangeAll"],
  ["query()", (c) => c.query(loose(undefined)), "query"],
  ["queryMany()", (c) => c.queryMany(loose(undefined)), "queries"],
  ["fetch()", (c) => c.fetch(loose(undefined)), "fetch"],
  ["info('x')", (c) => c.info(loose("x")), "info options"],
  ["namespace('..').range", (c) => c.namespace("..").range({ cursor: "0", limit: 1 }), "namespace"],
  ["namespace('.').query", (c) => c.namespace(".").query({ vector: [1] }), "namespace"],
  ["namespace('..').fetch", (c) => c.namespace("..").fetch({ ids: ["a"] }), "namespace"],
  ["namespace('..').rangeAll", (c) => firstNext(c.namespace(".."), {}), "namespace"],
];

describe("bad input rejects the promise, never throws", () => {
  it.each(missing)("%s", async (_, call, field) => {
    const { client, seen } = index([{ result: page }]);
    const error = await rejection(() => call(client));
    expect(error.field).toBe(field);
    expect(seen).toEqual([]);
  });
});

describe("call options apart from the request", () => {
  it("sends only the spec's fields; signal and timeoutMs stay out of the body", async () => {
    const { client, seen } = index([{ result: [] }]);
    const signal = new AbortController().signal;
    await client.query({ vector: [1], topK: 5 }, { signal, timeoutMs: 2_000 });
    expect(seen[0]?.body).toEqual({ vector: [1], topK: 5 });
  });

  it("sends per-call headers beside the client's auth", async () => {
    const { client, seen } = index([{ result: page }]);
    await client.range({ cursor: "0", limit: 1 }, { headers: { "x-request-id": "r-1" } });
    expect(seen[0]?.headers.get("x-request-id")).toBe("r-1");
    expect(seen[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ["Authorization", "Bearer other"],
    ["content-type", "text/plain"],
  ])("refuses a per-call %s header before sending", async (name, value) => {
    const { client, seen } = index([{ result: page }]);
    const sent = client.range({ cursor: "0", limit: 1 }, { headers: { [name]: value } });
    await expect(sent).rejects.toMatchObject({ name: "ValidationError", field: `headers.${name}` });
    expect(seen).toHaveLength(0);
  });

  it("lets maxRetries of one call override the client's", async () => {
    const busy = {
      status: 503,
      json: { error: "busy", status: 503 },
      headers: { "retry-after": "0" },
    };
    const { client, seen } = index([busy, { result: page }], { maxRetries: 3 });
    await expect(client.range({ cursor: "0", limit: 1 }, { maxRetries: 0 })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen).toHaveLength(1);
  });

  it("gives the response with the unwrapped result from withResponse()", async () => {
    const { client } = index([{ result: page }]);
    const { data, response } = await client.range({ cursor: "0", limit: 1 }).withResponse();
    expect(data).toEqual(page);
    expect(response.status).toBe(200);
  });

  it("rejects an unknown constructor option, naming the one meant", () => {
    expect(() => index([], loose({ timeout: 5 }))).toThrow(
      'VectorIndex: unknown option "timeout" (did you mean "timeoutMs"?)',
    );
  });

  it("refuses a url that already ends in a path the client appends", () => {
    expect(() => index([], { url: "https://idx.example.com/query/" })).toThrow(
      'url: "https://idx.example.com/query/" already ends in "/query/", which the client appends itself; drop it: "https://idx.example.com"',
    );
  });
});
