// What `pnpm gen` reads from a spec for the checker core walks: the compact form of a schema
// (schemas.mjs), each component written once and referred to by name, and the guard's table
// of each operation's answers (response-rules.mjs), on small specs here.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { responseRulesModule } from "../scripts/gen/response-rules.mjs";
import { createCompactor, Ref, schemasModule } from "../scripts/gen/schemas.mjs";

const { compact } = createCompactor({
  Thing: { type: "object", properties: { id: { type: "string" } } },
  ById: {
    type: "object",
    additionalProperties: false,
    required: ["id"],
    properties: { id: { type: "string" }, full: { type: "boolean" } },
  },
  ByPrefix: {
    type: "object",
    additionalProperties: false,
    required: ["prefix"],
    properties: { prefix: { type: "string" }, full: { type: "boolean" } },
  },
});

describe("compact", () => {
  it("keeps types, enums, bounds, patterns, items, properties, required keys and closed objects", () => {
    expect(
      compact({
        type: "object",
        description: "left out",
        required: ["id"],
        additionalProperties: false,
        properties: {
          id: { type: "string", minLength: 1, pattern: "^a" },
          kind: { type: "string", enum: ["A", "B"] },
          tags: { type: "array", items: { type: "string" }, maxItems: 3 },
          any: { type: "array", items: {} },
          fixed: { const: 3 },
        },
      }),
    ).toEqual({
      type: "object",
      required: [["id"]],
      additional: false,
      properties: {
        id: { type: "string", minLength: 1, pattern: "^a" },
        kind: { enum: ["A", "B"] },
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        any: { type: "array" },
        fixed: { enum: [3] },
      },
    });
  });

  it("writes a map's values as `additional`, and an open object without it", () => {
    const map = { type: "object", additionalProperties: { type: "integer" } };
    expect(compact(map)).toEqual({ type: "object", additional: { type: "integer" } });
    expect(compact({ type: "object", additionalProperties: true })).toEqual({ type: "object" });
  });

  it("writes oneOf, type lists and nullable as anyOf", () => {
    expect(compact({ oneOf: [{ type: "string" }, { type: "integer" }] })).toEqual({
      anyOf: [{ type: "string" }, { type: "integer" }],
    });
    expect(compact({ type: ["string", "null"] })).toEqual({
      anyOf: [{ type: "string" }, { type: "null" }],
    });
    expect(compact({ type: "number", nullable: true })).toEqual({
      anyOf: [{ type: "number" }, { type: "null" }],
    });
  });

  it("merges allOf into one object, closed only when every part is, through references", () => {
    const b = { type: "object", required: ["score"], properties: { score: { type: "number" } } };
    const merged = compact({
      allOf: [{ $ref: "#/components/schemas/Thing" }, { ...b, additionalProperties: false }],
    });
    expect(merged).toEqual({
      type: "object",
      required: [["score"]],
      properties: { id: { type: "string" }, score: { type: "number" } },
    });
  });

  it("writes alternative objects alike but for their keys as one, with each one's required set", () => {
    const either = compact({
      oneOf: [{ $ref: "#/components/schemas/ById" }, { $ref: "#/components/schemas/ByPrefix" }],
    });
    expect(either).toEqual({
      type: "object",
      properties: { id: { type: "string" }, full: { type: "boolean" }, prefix: { type: "string" } },
      required: [["id"], ["prefix"]],
      additional: false,
    });
  });

  it("refers to a component by name, and takes a schema of true or without a type as anything", () => {
    expect(compact({ $ref: "#/components/schemas/Thing" })).toEqual(new Ref("Thing"));
    expect(compact(true)).toEqual({});
    expect(compact({ description: "free" })).toEqual({});
  });
});

const bundle = {
  paths: {
    "/things": {
      get: { responses: { "200": { $ref: "#/components/responses/Things" } } },
    },
    "/things/{id}": {
      parameters: [],
      get: {
        responses: {
          "200": {
            headers: {
              "X-Request-Id": { required: true, schema: { type: "string" } },
              "X-Optional": { schema: { type: "string" } },
            },
            content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
          },
          "204": { description: "nothing" },
          default: { $ref: "#/components/responses/Things" },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
      Things: { type: "array", items: { $ref: "#/components/schemas/Thing" } },
    },
    responses: {
      Things: {
        content: { "application/json": { schema: { $ref: "#/components/schemas/Things" } } },
      },
    },
  },
};

/** The declarations of a generated module: it must need no checker (isolatedDeclarations). */
function declarationErrors(module: string): string[] {
  const { diagnostics } = ts.transpileDeclaration(module, { reportDiagnostics: true });
  return (diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
}

describe("schemasModule", () => {
  const module = schemasModule("// Generated.\n", bundle);

  it("writes each component once, as a const, after those it refers to", () => {
    expect(module.match(/export const \w+/g)).toEqual([
      "export const ThingSchema",
      "export const ThingsSchema",
    ]);
    expect(module).toContain('"items": ThingSchema');
    expect(declarationErrors(module)).toEqual([]);
  });

  it("refuses a schema that refers to itself, which a const cannot", () => {
    const loop = {
      components: { schemas: { A: { type: "array", items: { $ref: "#/components/schemas/A" } } } },
    };
    expect(() => schemasModule("", loop)).toThrow("gen: schema A refers to itself");
  });
});

describe("responseRulesModule", () => {
  const module = responseRulesModule("// Generated.\n", bundle);

  it("gives each operation its statuses, media types, required headers and body by name", () => {
    expect(module).toContain('import { ThingSchema, ThingsSchema } from "./schemas";');
    expect(module).toMatch(/"headers": \["x-request-id"\],\s+"body": ThingSchema\s/);
    expect(module).toMatch(/"204": \{\s+"contentTypes": \[\],\s+"headers": \[\]\s+\}/);
    expect(declarationErrors(module)).toEqual([]);
  });

  it("writes a response the spec shares once, and refers to it from each operation", () => {
    expect(module.match(/const ThingsAnswer: StatusRules = /g)).toHaveLength(1);
    expect(module.match(/: ThingsAnswer/g)).toHaveLength(2);
  });
});
