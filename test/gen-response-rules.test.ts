// What `pnpm gen` reads from a spec for the spec guard: per operation and status, the media
// types, the required response headers and a compact body schema, on a small spec here.
import { describe, expect, it } from "vitest";
import { compactSchema, responseRules } from "../scripts/gen/response-rules.mjs";

describe("compactSchema", () => {
  it("keeps types, enums, items, properties, required keys and closed objects", () => {
    expect(
      compactSchema({
        type: "object",
        description: "left out",
        required: ["id"],
        additionalProperties: false,
        properties: {
          id: { type: "string", minLength: 1 },
          kind: { type: "string", enum: ["A", "B"] },
          tags: { type: "array", items: { type: "string" } },
          any: { type: "array", items: {} },
          fixed: { const: 3 },
        },
      }),
    ).toEqual({
      type: "object",
      required: ["id"],
      additional: false,
      properties: {
        id: { type: "string" },
        kind: { enum: ["A", "B"] },
        tags: { type: "array", items: { type: "string" } },
        any: { type: "array" },
        fixed: { enum: [3] },
      },
    });
  });

  it("writes a map's values as `additional`, and an open object without it", () => {
    const map = { type: "object", additionalProperties: { type: "integer" } };
    expect(compactSchema(map)).toEqual({ type: "object", additional: { type: "integer" } });
    expect(compactSchema({ type: "object", additionalProperties: true })).toEqual({
      type: "object",
    });
  });

  it("writes oneOf, type lists and nullable as anyOf", () => {
    expect(compactSchema({ oneOf: [{ type: "string" }, { type: "integer" }] })).toEqual({
      anyOf: [{ type: "string" }, { type: "integer" }],
    });
    expect(compactSchema({ type: ["string", "null"] })).toEqual({
      anyOf: [{ type: "string" }, { type: "null" }],
    });
    expect(compactSchema({ type: "number", nullable: true })).toEqual({
      anyOf: [{ type: "number" }, { type: "null" }],
    });
  });

  it("merges allOf into one object, closed only when every part is", () => {
    const a = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
    const b = { type: "object", required: ["score"], properties: { score: { type: "number" } } };
    expect(compactSchema({ allOf: [a, { ...b, additionalProperties: false }] })).toEqual({
      type: "object",
      required: ["id", "score"],
      properties: { id: { type: "string" }, score: { type: "number" } },
    });
  });

  it("takes a schema of true or without a type as anything", () => {
    expect(compactSchema(true)).toEqual({ any: true });
    expect(compactSchema({ description: "free" })).toEqual({ any: true });
  });
});

describe("responseRules", () => {
  const bundle = {
    paths: {
      "/things/{id}": {
        parameters: [],
        get: {
          responses: {
            "200": {
              headers: {
                "X-Request-Id": { required: true, schema: { type: "string" } },
                "X-Optional": { schema: { type: "string" } },
              },
              content: {
                "application/json": { schema: { type: "array", items: { type: "string" } } },
              },
            },
            "204": { description: "nothing" },
            default: { content: { "text/plain": { schema: { type: "string" } } } },
          },
        },
      },
    },
  };

  it("gives each operation its statuses, media types, required headers and JSON body", () => {
    expect(responseRules(bundle)).toEqual({
      "/things/{id}": {
        GET: {
          operation: "GET /things/{id}",
          responses: {
            "200": {
              contentTypes: ["application/json"],
              headers: ["x-request-id"],
              body: { type: "array", items: { type: "string" } },
            },
            "204": { contentTypes: [], headers: [] },
            default: { contentTypes: ["text/plain"], headers: [] },
          },
        },
      },
    });
  });
});
