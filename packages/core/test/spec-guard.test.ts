// The spec guard's parts on rules written here, for what the two specs do not use yet
// (closed objects, required headers, nullable and oneOf branches, status ranges, a path
// with two methods): the body check and its bounds, the answer check, and the guard as a
// policy of a call chain.
import { describe, expect, it } from "vitest";
import type { ChainRequest } from "../src/chain/policy";
import {
  createSpecGuard,
  MAX_REPORTED,
  type OperationRules,
  type ResponseRules,
  type Schema,
  SpecDriftError,
} from "../src/guard";
import { checkAnswer, MAX_BODY_DRIFTS } from "../src/guard/answer-check";
import { type Logger, ValidationError, XError } from "../src/index";
import { Findings, MAX_DEPTH, walk } from "../src/schema/walk";

const record: Schema = {
  type: "object",
  properties: {
    id: { type: "string" },
    score: { type: "number" },
    kind: { enum: ["A", "B"] },
    note: { anyOf: [{ type: "string" }, { type: "null" }] },
  },
  required: [["id", "score"]],
  additional: false,
};

/** The body drifts of `value` against `schema`, as the guard reports them. */
function checkBody(schema: Schema, value: unknown) {
  const rules = {
    operation: "GET /x",
    responses: { "200": { contentTypes: [], headers: [], body: schema } },
  };
  return checkAnswer(rules, 200, new Headers(), JSON.stringify(value)).map(
    ({ part: _, ...drift }) => drift,
  );
}

describe("the body check", () => {
  it("is silent on a body that fits", () => {
    const body = [
      { id: "a", score: 0.5, kind: "A", note: null },
      { id: "b", score: 1 },
    ];
    expect(checkBody({ type: "array", items: record }, body)).toEqual([]);
  });

  it("names the place by JSON pointer, each index as *, and the type that came, never the value", () => {
    const body = [
      { id: "a", score: 1 },
      { id: 7, score: "high", kind: "C" },
    ];
    expect(checkBody({ type: "array", items: record }, body)).toEqual([
      { pointer: "/*/id", expected: "string", got: "integer" },
      { pointer: "/*/score", expected: "number", got: "string" },
      { pointer: "/*/kind", expected: 'one of "A", "B"', got: "another string" },
    ]);
  });

  it("says a required field is missing", () => {
    expect(checkBody(record, { id: "a" })).toEqual([
      { pointer: "/score", expected: "number, required", got: "missing" },
    ]);
  });

  it("keeps a missing field apart from a field of the wrong type at the same place", () => {
    const body = [{ id: 1, score: 1 }, { score: 1 }, { id: 2, score: 1 }];
    expect(checkBody({ type: "array", items: record }, body)).toEqual([
      { pointer: "/*/id", expected: "string", got: "integer" },
      { pointer: "/*/id", expected: "string, required", got: "missing" },
    ]);
  });

  it("counts the properties a closed object does not declare, without naming them", () => {
    const drifts = checkBody(record, { id: "a", score: 1, "secret-key": 1, other: 2 });
    expect(drifts).toEqual([
      { pointer: "", expected: "no property but id, score, kind, note", got: "other properties" },
    ]);
    expect(JSON.stringify(drifts)).not.toContain("secret-key");
  });

  it("writes a property the spec does not name as * in the pointer", () => {
    const counts: Schema = {
      type: "object",
      additional: { type: "object", properties: { n: { type: "integer" } } },
    };
    expect(checkBody(counts, { "my-namespace": { n: 1.5 } })).toEqual([
      { pointer: "/*/n", expected: "integer", got: "number" },
    ]);
  });

  it("escapes ~ and / in a declared name, as RFC 6901 does", () => {
    const odd: Schema = { type: "object", properties: { "a/b~c": { type: "boolean" } } };
    expect(checkBody(odd, { "a/b~c": "yes" })[0]?.pointer).toBe("/a~1b~0c");
  });

  const either: Schema = {
    anyOf: [
      { type: "array", items: record },
      { type: "array", items: { type: "array", items: record } },
      { type: "null" },
    ],
  };

  it("takes an answer that fits one alternative, and reports the closest one's drifts", () => {
    expect(checkBody(either, null)).toEqual([]);
    expect(checkBody(either, [[{ id: "a", score: 1 }]])).toEqual([]);
    expect(checkBody(either, [{ id: "a" }])).toEqual([
      { pointer: "/*/score", expected: "number, required", got: "missing" },
    ]);
  });

  it("names each bad field of an element, not the alternative it is furthest from", () => {
    const result: Schema = { type: "object", properties: { result: either } };
    expect(checkBody(result, { result: [{ id: 1, score: "high" }] })).toEqual([
      { pointer: "/result/*/id", expected: "string", got: "integer" },
      { pointer: "/result/*/score", expected: "number", got: "string" },
    ]);
  });

  it("says each expected type once", () => {
    expect(checkBody(either, "nope")).toEqual([
      { pointer: "", expected: "array or null", got: "string" },
    ]);
  });
});

describe("the guard's bounds", () => {
  /** An array that counts how often its elements are read. */
  function counted(length: number, element: unknown) {
    const reads = { count: 0 };
    const target = Array.from({ length }, () => element);
    const array = new Proxy(target, {
      get(items, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.count++;
        return Reflect.get(items, key, receiver);
      },
    });
    return { array, reads };
  }

  it("reports a hostile array of 100,000 wrong elements as one drift, reading each element once", () => {
    const { array, reads } = counted(100_000, 1);
    const findings = new Findings(MAX_BODY_DRIFTS);
    walk(
      { type: "object", properties: { vectors: { type: "array", items: record } } },
      { vectors: array },
      findings,
    );
    expect(findings.list).toHaveLength(1);
    expect(reads.count).toBe(100_000);
    expect(checkBody({ type: "array", items: record }, Array(100_000).fill(1))).toEqual([
      { pointer: "/*", expected: "object", got: "integer" },
    ]);
  });

  it("keeps at most MAX_BODY_DRIFTS places of one answer, and stops walking there", () => {
    const distinct: Schema = {
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`p${i}`, { type: "string" }]),
      ),
    };
    const bad = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, i]));
    expect(checkBody(distinct, bad)).toHaveLength(MAX_BODY_DRIFTS);
    const { array, reads } = counted(50, bad);
    const findings = new Findings(MAX_BODY_DRIFTS);
    walk({ type: "array", items: distinct }, array, findings);
    expect(findings.list).toHaveLength(MAX_BODY_DRIFTS);
    // Full after the first element's 50 wrong fields: the other 49 are never read.
    expect(reads.count).toBe(1);
  });

  it("does not walk deeper than MAX_DEPTH", () => {
    let schema: Schema = { type: "string" };
    let value: unknown = 1;
    for (let i = 0; i < MAX_DEPTH + 5; i++) {
      schema = { type: "array", items: schema };
      value = [value];
    }
    expect(checkBody(schema, value)).toEqual([
      {
        pointer: "/*".repeat(MAX_DEPTH + 1),
        expected: `a value at most ${MAX_DEPTH} levels deep`,
        got: "array",
      },
    ]);
  });
});

const operation: OperationRules = {
  operation: "POST /things",
  responses: {
    "200": { contentTypes: ["application/json"], headers: ["x-request-id"], body: record },
    "204": { contentTypes: [], headers: [] },
    "4XX": { contentTypes: ["application/json"], headers: [], body: { type: "object" } },
  },
};
const json = (extra: Record<string, string> = {}) =>
  new Headers({ "content-type": "application/json; charset=utf-8", ...extra });

describe("checkAnswer", () => {
  it("is silent on an answer that fits, its media type's parameters aside", () => {
    const text = JSON.stringify({ id: "a", score: 1 });
    expect(checkAnswer(operation, 200, json({ "x-request-id": "1" }), text)).toEqual([]);
    expect(checkAnswer(operation, 204, new Headers(), "")).toEqual([]);
  });

  it("takes a status from its declared range", () => {
    expect(checkAnswer(operation, 429, json(), "{}")).toEqual([]);
  });

  it("reports a status the operation does not declare, with those it does", () => {
    expect(checkAnswer(operation, 503, json(), "{}")).toEqual([
      { part: "status", pointer: "", expected: "200, 204 or 4XX", got: "503" },
    ]);
  });

  it("reports a required header that did not come", () => {
    const text = JSON.stringify({ id: "a", score: 1 });
    expect(checkAnswer(operation, 200, json(), text)).toEqual([
      {
        part: "header",
        pointer: "/x-request-id",
        expected: "present",
        got: "missing",
      },
    ]);
  });

  it("reports a text body on a JSON route: its media type, and a body that is not JSON", () => {
    const headers = new Headers({ "content-type": "text/html", "x-request-id": "1" });
    expect(checkAnswer(operation, 200, headers, "<html>")).toEqual([
      {
        part: "content-type",
        pointer: "",
        expected: "application/json",
        got: "text/html",
      },
      { part: "body", pointer: "", expected: "a JSON body", got: "text/html text" },
    ]);
    expect(checkAnswer(operation, 200, json({ "x-request-id": "1" }), "")).toContainEqual(
      expect.objectContaining({ part: "body", got: "an empty body" }),
    );
  });
});

/** Rules of a spec with one path of two methods. */
const rules: ResponseRules = {
  "/things": {
    GET: {
      operation: "GET /things",
      responses: {
        "200": { contentTypes: ["application/json"], headers: [], body: { type: "array" } },
      },
    },
    POST: operation,
  },
  "/rows": {
    POST: {
      operation: "POST /rows",
      responses: {
        "200": {
          contentTypes: ["application/json"],
          headers: [],
          body: { type: "array", items: record },
        },
      },
    },
  },
};

/** A request of the chain for `template`. */
function request(template: string, method = "POST"): ChainRequest {
  const url = `http://127.0.0.1:1${template}`;
  return {
    method,
    url,
    headers: new Headers(),
    body: undefined,
    signal: undefined,
    template,
    params: {},
  };
}

/** A guard of `mode` over `rules`, the lines its logger got, and a call that answers `answer()`. */
function guarded(mode: "warn" | "throw" | "collect", answer: () => Response) {
  const lines: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn: (line) => lines.push(line), error() {} };
  const guard = createSpecGuard(rules, mode === "warn" ? { mode, logger } : { mode });
  const call = (method = "POST", template = "/things") =>
    guard(request(template, method), async () => answer());
  return { guard, lines, call };
}

describe("a spec guard as a policy", () => {
  it("checks each call against the operation of its method on a path with two", async () => {
    const { guard, call } = guarded("collect", () =>
      Response.json({ id: "a", score: 1 }, { headers: { "x-request-id": "1" } }),
    );
    await call("POST");
    expect(guard.report()).toEqual([]);
    await call("GET");
    expect(guard.report()).toEqual([
      {
        operation: "GET /things",
        status: 200,
        part: "body",
        pointer: "",
        expected: "array",
        got: "object",
        count: 1,
      },
    ]);
  });

  it("hands on the answer, its body unread, with its status, headers and URL", async () => {
    const { call } = guarded("collect", () => {
      const answer = Response.json({ id: "a", score: 1 }, { headers: { "x-request-id": "7" } });
      Object.defineProperty(answer, "url", { value: "http://127.0.0.1:1/things" });
      return answer;
    });
    const answered = await call("POST");
    expect(answered.bodyUsed).toBe(false);
    expect(answered.headers.get("x-request-id")).toBe("7");
    expect(answered.url).toBe("http://127.0.0.1:1/things");
    expect(await answered.json()).toEqual({ id: "a", score: 1 });
  });

  it("leaves a path the spec does not have alone", async () => {
    const sent = new Response("anything");
    const { guard } = guarded("throw", () => sent);
    expect(await guard(request("/elsewhere", "GET"), async () => sent)).toBe(sent);
    expect(guard.report()).toEqual([]);
  });

  it("warns once per operation, status and place through its logger", async () => {
    const bad = guarded("warn", () =>
      Response.json({ id: 1, score: 1 }, { headers: { "x-request-id": "1" } }),
    );
    for (let i = 0; i < 3; i++) await bad.call("POST");
    expect(bad.lines).toEqual([
      "[x] spec drift (logged once): POST /things 200 body /id: expected string, got integer",
    ]);
    expect(bad.guard.report()).toEqual([expect.objectContaining({ pointer: "/id", count: 3 })]);
  });

  it("keeps at most MAX_REPORTED drifts, and says once in warn mode that it stopped", async () => {
    const wide: ResponseRules = {
      "/wide": {
        GET: {
          operation: "GET /wide",
          responses: { "200": { contentTypes: [], headers: [], body: { type: "string" } } },
        },
      },
    };
    const lines: string[] = [];
    const logger: Logger = { debug() {}, info() {}, warn: (line) => lines.push(line), error() {} };
    const guard = createSpecGuard(wide, { logger });
    // Each status is a drift of its own (undeclared): 150 of them.
    for (let status = 201; status < 351; status++) {
      await guard(request("/wide", "GET"), async () => new Response(null, { status }));
    }
    expect(guard.report()).toHaveLength(MAX_REPORTED);
    expect(lines).toHaveLength(MAX_REPORTED + 1);
    expect(lines.at(-1)).toBe(`[x] spec drift: ${MAX_REPORTED} kept; no new one is`);
  });

  it("throws a SpecDriftError with each place once, however many elements share it", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i, score: 1 }));
    const { call } = guarded("throw", () => Response.json(rows));
    const error = await call("POST", "/rows").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpecDriftError);
    expect(error).toBeInstanceOf(XError);
    expect((error as SpecDriftError).drifts).toEqual([
      {
        operation: "POST /rows",
        status: 200,
        part: "body",
        pointer: "/*/id",
        expected: "string",
        got: "integer",
      },
    ]);
    expect((error as Error).message).toMatch(
      /^The service answered off its spec: POST \/rows 200 body \/\*\/id: expected string, got integer\. /,
    );
  });

  it("refuses a logger with a mode that never writes", () => {
    const logger: Logger = console;
    for (const mode of ["collect", "throw"] as const) {
      expect(() => createSpecGuard(rules, { mode, logger })).toThrow(ValidationError);
      expect(() => createSpecGuard(rules, { mode, logger })).toThrow(
        `logger: is written only in mode "warn"; mode "${mode}" writes nothing`,
      );
    }
  });
});

describe("the content type a drift shows", () => {
  it("is the media type when it is one, and never text that is not one", () => {
    const odd = new Headers({ "content-type": "secret value here; charset=utf-8" });
    const drifts = checkAnswer(operation, 200, odd, "{}");
    expect(drifts).toContainEqual(
      expect.objectContaining({ part: "content-type", got: "something that is not a media type" }),
    );
    expect(JSON.stringify(drifts)).not.toContain("secret");
  });
});
