import { describe, expect, test } from "vitest";
import {
  checkRequest,
  checkResponse,
  createSpec,
  formatViolations,
  listExamples,
  validateRequestParts,
  validateResponseParts,
} from "../src/index.js";
import shop from "./fixtures/shop.openapi.json" with { type: "json" };

const spec = createSpec("shop", shop);
const BASE = "https://api.example.com/v1";
const auth = { Authorization: "Bearer t0k" };

function hookBody(contentType: string | undefined, body: unknown) {
  const headers: Record<string, string> = { ...auth, "Fx-Trace-Id": "t" };
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  return validateRequestParts(spec, {
    method: "POST",
    url: `${BASE}/hooks/https://x.org`,
    headers,
    body,
  }).violations;
}

function item(body: unknown) {
  return validateRequestParts(spec, {
    method: "POST",
    url: `${BASE}/items`,
    headers: { ...auth, "content-type": "application/json" },
    body,
  }).violations;
}

describe("content types", () => {
  test("each declared type takes its own kind of body; parameters are ignored", () => {
    expect(hookBody("text/plain; charset=utf-8", "hello")).toEqual([]);
    expect(hookBody("Application/JSON", { a: 1 })).toEqual([]);
    expect(hookBody("application/octet-stream", new Uint8Array([1, 2]))).toEqual([]);
    expect(hookBody("application/octet-stream", "raw")).toEqual([]);
    expect(hookBody(undefined, undefined)).toEqual([]);
  });

  test("a wrong, missing or mismatched content type is a violation", () => {
    const declared = "text/plain, application/json, application/octet-stream";
    expect(hookBody("application/xml", "<a/>")).toEqual([
      { where: "content-type", message: `must be one of ${declared} (got "application/xml")` },
    ]);
    expect(hookBody(undefined, "x")).toEqual([
      { where: "content-type", message: `is missing; expected one of ${declared}` },
    ]);
    expect(hookBody("text/plain", { a: 1 })).toEqual([
      { where: "body", message: "must be text for text/plain" },
    ]);
    expect(hookBody("text/plain", "x".repeat(21))[0]?.where).toBe("body");
    expect(hookBody("application/octet-stream", { a: 1 })).toEqual([
      { where: "body", message: "must be bytes for application/octet-stream" },
    ]);
    expect(hookBody("application/json", new Uint8Array([1]))).toEqual([
      { where: "body", message: "must be parsed JSON for application/json, not bytes" },
    ]);
    expect(hookBody("application/json", [1])).toEqual([
      { where: "body", message: "must be object (got [1])" },
    ]);
  });

  test("a required body must be sent; an operation without a body takes none", () => {
    expect(item(undefined)).toEqual([{ where: "body", message: "is required by createItem" }]);
    const get = validateRequestParts(spec, {
      method: "GET",
      url: `${BASE}/items/special`,
      headers: { "content-type": "application/json" },
      body: { a: 1 },
    });
    expect(get.violations).toEqual([
      { where: "body", message: "must be empty: getSpecialItem declares no body" },
    ]);
  });
});

describe("oneOf / anyOf bodies", () => {
  test("each alternative is accepted", () => {
    expect(item({ kind: "circle", radius: 2 })).toEqual([]);
    expect(item({ kind: "square", side: 2, tags: ["a", 3] })).toEqual([]);
    expect(item(["a", "b"])).toEqual([]);
  });

  test("a failure points into the closest alternative with a readable path", () => {
    expect(item({ kind: "circle", radius: 0, colour: "red" })).toEqual([
      { where: "body/colour", message: "is not a declared property" },
      { where: "body/radius", message: "must be > 0 (got 0)" },
    ]);
    expect(item({ kind: "square" })).toEqual([{ where: "body/side", message: "is required" }]);
    expect(item({ kind: "square", side: 1, tags: ["a", 1.5] })).toEqual([
      { where: "body/tags/1", message: "must be string or integer (got 1.5)" },
    ]);
    expect(item([1])).toEqual([{ where: "body/0", message: "must be string (got 1)" }]);
    expect(item("circle")).toEqual([
      { where: "body", message: 'must be object or array (got "circle")' },
    ]);
  });

  test("OpenAPI-only keywords do not break compilation and examples validate", () => {
    const examples = listExamples(spec).filter((e) => e.part === "request");
    expect(examples.map((e) => `${e.operationId} ${e.contentType} ${e.name}`)).toEqual([
      "sendHook application/json example",
      "createItem application/json square",
    ]);
    for (const e of examples) {
      const url = e.operationId === "createItem" ? `${BASE}/items` : `${BASE}/hooks/https://x.org`;
      const r = validateRequestParts(spec, {
        method: "POST",
        url,
        headers: {
          ...auth,
          ...(e.operationId === "sendHook" ? { "Fx-Trace-Id": "t" } : {}),
          "Content-Type": e.contentType,
        },
        body: e.value,
      });
      expect(r.violations, e.name).toEqual([]);
    }
  });
});

describe("responses", () => {
  const rate = { "content-type": "application/json", "X-Rate-Remaining": "9" };

  test("declared statuses, ranges and default are found", () => {
    expect(
      validateResponseParts(spec, "getItem", { status: 200, headers: rate, body: { id: 1 } }),
    ).toEqual([]);
    expect(
      validateResponseParts(spec, "sendHook", {
        status: 429,
        headers: { "content-type": "application/json" },
        body: { error: "slow down" },
      }),
    ).toEqual([]);
    expect(
      validateResponseParts(spec, "getItem", {
        status: 503,
        headers: { "content-type": "application/json" },
        body: { error: "x" },
      }),
    ).toEqual([]);
    expect(validateResponseParts(spec, "sendHook", { status: 202, headers: {}, body: "" })).toEqual(
      [],
    );
  });

  test("an undeclared status, a missing header, a wrong type or body are violations", () => {
    expect(validateResponseParts(spec, "sendHook", { status: 500, headers: {} })).toEqual([
      { where: "status", message: "500 is not declared for sendHook (declared: 202, 4XX)" },
    ]);
    expect(
      validateResponseParts(spec, "getItem", {
        status: 200,
        headers: { "content-type": "text/html", "X-Rate-Remaining": "many" },
        body: "<p>",
      }),
    ).toEqual([
      { where: "response header X-Rate-Remaining", message: 'must be integer (got "many")' },
      {
        where: "response content-type",
        message: 'must be one of application/json (got "text/html")',
      },
    ]);
    expect(
      validateResponseParts(spec, "createItem", {
        status: 201,
        headers: { "content-type": "application/json" },
        body: { result: [{ score: 0.5 }, { score: 2 }, {}] },
      }),
    ).toEqual([
      { where: "response body/result/1/score", message: "must be <= 1 (got 2)" },
      { where: "response body/result/2/score", message: "is required" },
    ]);
    expect(validateResponseParts(spec, "getItem", { status: 200, headers: rate })).toEqual([
      { where: "response body", message: "is required by getItem 200" },
    ]);
    expect(validateResponseParts(spec, "nope", { status: 200, headers: {} })).toEqual([
      { where: "operation", message: "nope is not in the shop spec" },
    ]);
  });
});

describe("Request and Response objects", () => {
  test("checkRequest reads a clone and parses the body by content type", async () => {
    const request = new Request(`${BASE}/items`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ kind: "circle" }),
    });
    const check = await checkRequest(spec, request);
    expect(check.operation?.operationId).toBe("createItem");
    expect(formatViolations(check.violations)).toBe("body/radius: is required");
    expect(await request.json()).toEqual({ kind: "circle" }); // still readable
  });

  test("text and binary bodies arrive as string and bytes; bad JSON is reported", async () => {
    const send = (contentType: string, body: BodyInit) =>
      checkRequest(
        spec,
        new Request(`${BASE}/hooks/https://x.org/a?b`, {
          method: "POST",
          headers: { ...auth, "Fx-Trace-Id": "t", "content-type": contentType },
          body,
        }),
      );
    expect((await send("text/plain", "x".repeat(21))).violations[1]).toEqual({
      where: "body",
      message: 'must NOT have more than 20 characters (got "xxxxxxxxxxxxxxxxxxxxx")',
    });
    expect((await send("text/plain", "hi")).violations).toEqual([
      { where: "query b", message: "is not declared by sendHook" },
    ]);
    expect((await send("application/octet-stream", new Uint8Array([0, 255]))).violations).toEqual([
      { where: "query b", message: "is not declared by sendHook" },
    ]);
    const bad = await send("application/json", "{oops");
    expect(bad.violations.map((v) => v.where)).toEqual(["query b", "body"]);
    expect(bad.violations[1]?.message).toMatch(/^is not valid JSON/);
  });

  test("checkResponse reads a clone of the response", async () => {
    const response = Response.json({ result: [{ score: 3 }] }, { status: 201 });
    expect(await checkResponse(spec, "createItem", response)).toEqual([
      { where: "response body/result/0/score", message: "must be <= 1 (got 3)" },
    ]);
    expect(await response.json()).toEqual({ result: [{ score: 3 }] });
    const empty = new Response(null, { status: 202 });
    expect(await checkResponse(spec, "sendHook", empty)).toEqual([]);
    const broken = new Response("{", {
      status: 201,
      headers: { "content-type": "application/json" },
    });
    expect((await checkResponse(spec, "createItem", broken)).map((v) => v.where)).toEqual([
      "response body",
    ]);
  });
});

describe("shortValue", () => {
  test("describes a value too deeply nested to stringify instead of throwing", async () => {
    const { shortValue } = await import("../src/format.js");
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(shortValue(deep)).toBe("<a value too deeply nested to show>");
    expect(shortValue({ a: 1 })).toBe('{"a":1}');
  });
});
