// The spec guard's parts on rules written here, for what the two specs do not use yet
// (closed objects, required headers, nullable and oneOf branches, status ranges, a path
// with two methods): the body check, the answer check, and the guard in a client's list.
import { describe, expect, it } from "vitest";
import {
  type BodySchema,
  createSpecGuard,
  type OperationRules,
  type ResponseRules,
  SpecDriftError,
} from "../src/guard";
import { checkAnswer } from "../src/guard/answer-check";
import { checkBody } from "../src/guard/schema-check";
import { type Logger, XError } from "../src/index";
import { createClientCore } from "./harness";

const record: BodySchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    score: { type: "number" },
    kind: { enum: ["A", "B"] },
    note: { anyOf: [{ type: "string" }, { type: "null" }] },
  },
  required: ["id", "score"],
  additional: false,
};

describe("checkBody", () => {
  it("is silent on a body that fits", () => {
    const body = [
      { id: "a", score: 0.5, kind: "A", note: null },
      { id: "b", score: 1 },
    ];
    expect(checkBody({ type: "array", items: record }, body)).toEqual([]);
  });

  it("names the place by JSON pointer, and the type that came, never the value", () => {
    const body = [
      { id: "a", score: 1 },
      { id: 7, score: "high", kind: "C" },
    ];
    expect(checkBody({ type: "array", items: record }, body)).toEqual([
      { pointer: "/1/id", location: "/*/id", expected: "string", got: "integer" },
      { pointer: "/1/score", location: "/*/score", expected: "number", got: "string" },
      {
        pointer: "/1/kind",
        location: "/*/kind",
        expected: 'one of "A", "B"',
        got: "another string",
      },
    ]);
  });

  it("says a required field is missing", () => {
    expect(checkBody(record, { id: "a" })).toEqual([
      { pointer: "/score", location: "/score", expected: "number, required", got: "missing" },
    ]);
  });

  it("counts the properties a closed object does not declare, without naming them", () => {
    const drifts = checkBody(record, { id: "a", score: 1, "secret-key": 1, other: 2 });
    expect(drifts).toEqual([
      {
        pointer: "",
        location: "",
        expected: "no property but id, score, kind, note",
        got: "2 other properties",
      },
    ]);
    expect(JSON.stringify(drifts)).not.toContain("secret-key");
  });

  it("writes a property the spec does not name as * in the pointer", () => {
    const counts: BodySchema = {
      type: "object",
      additional: { type: "object", properties: { n: { type: "integer" } } },
    };
    expect(checkBody(counts, { "my-namespace": { n: 1.5 } })).toEqual([
      { pointer: "/*/n", location: "/*/n", expected: "integer", got: "number" },
    ]);
  });

  it("escapes ~ and / in a declared name, as RFC 6901 does", () => {
    const odd: BodySchema = { type: "object", properties: { "a/b~c": { type: "boolean" } } };
    expect(checkBody(odd, { "a/b~c": "yes" })[0]?.pointer).toBe("/a~1b~0c");
  });

  it("takes an answer that fits one alternative, and reports the closest one's drifts", () => {
    const either: BodySchema = {
      anyOf: [
        { type: "array", items: record },
        { type: "array", items: { type: "array", items: record } },
        { type: "null" },
      ],
    };
    expect(checkBody(either, null)).toEqual([]);
    expect(checkBody(either, [[{ id: "a", score: 1 }]])).toEqual([]);
    expect(checkBody(either, [{ id: "a" }])).toEqual([
      { pointer: "/0/score", location: "/*/score", expected: "number, required", got: "missing" },
    ]);
    expect(checkBody(either, "text")).toEqual([
      { pointer: "", location: "", expected: "array or array or null", got: "string" },
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
      { part: "status", pointer: "", location: "", expected: "200, 204 or 4XX", got: "503" },
    ]);
  });

  it("reports a required header that did not come", () => {
    const text = JSON.stringify({ id: "a", score: 1 });
    expect(checkAnswer(operation, 200, json(), text)).toEqual([
      {
        part: "header",
        pointer: "/x-request-id",
        location: "/x-request-id",
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
        location: "",
        expected: "application/json",
        got: "text/html",
      },
      { part: "body", pointer: "", location: "", expected: "a JSON body", got: "text/html text" },
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

/** A client core over `fetch`, with a guard of `mode` in its list, and their logger's lines. */
function guarded(mode: "warn" | "throw" | "collect", answer: () => Response) {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
  };
  const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep };
  const core = createClientCore<Record<string, never>>({
    baseUrl: "http://127.0.0.1:1",
    token: "guard-token-SECRET",
    fetch: async () => answer(),
    maxRetries: 0,
    logger,
  });
  const guard = createSpecGuard(rules, { mode, logger });
  core.use(guard);
  const call = (method: "get" | "post", template = "/things") =>
    core.call(core.operation(method, method, template as never), {}, undefined);
  return { guard, lines, call };
}

describe("a spec guard in a client's middleware", () => {
  it("checks each call against the operation of its method on a path with two", async () => {
    const { guard, call } = guarded("collect", () =>
      Response.json({ id: "a", score: 1 }, { headers: { "x-request-id": "1" } }),
    );
    await call("post");
    expect(guard.report()).toEqual([]);
    await call("get");
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

  it("leaves a path the spec does not have alone", async () => {
    const { guard, call } = guarded("throw", () => new Response("anything"));
    await expect(call("get", "/elsewhere")).rejects.toThrow(/not JSON|JSON/);
    expect(guard.report()).toEqual([]);
  });

  it("warns once per operation, status and place through its logger", async () => {
    const bad = guarded("warn", () =>
      Response.json({ id: 1, score: 1 }, { headers: { "x-request-id": "1" } }),
    );
    for (let i = 0; i < 3; i++) await bad.call("post");
    expect(bad.lines).toEqual([
      "[x] spec drift (logged once): POST /things 200 body /id: expected string, got integer",
    ]);
    expect(bad.guard.report()).toEqual([expect.objectContaining({ pointer: "/id", count: 3 })]);
  });

  it("throws a SpecDriftError with each place once, however many elements share it", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ id: i, score: 1 }));
    const { call } = guarded("throw", () => Response.json(rows));
    const error = await call("post", "/rows").then(
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
        pointer: "/0/id",
        expected: "string",
        got: "integer",
      },
    ]);
    expect((error as Error).message).toMatch(
      /^The service answered off its spec: POST \/rows 200 body \/0\/id: expected string, got integer\. /,
    );
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
