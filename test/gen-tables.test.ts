// What `pnpm gen` reads from a spec for the clients' runtime checks besides the bodies'
// schemas (gen-response-rules.test.ts has those), and how it derives a fixture spec from a
// published one, on small specs written here.
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { specWithChange } from "../scripts/gen/fixture-specs.mjs";
import { requestRules, requestRulesModule } from "../scripts/gen/request-rules.mjs";

const query = (required: string[]) => ({
  type: "object",
  additionalProperties: false,
  required,
  properties: {
    vector: { type: "array", items: { type: "number" } },
    sparse: { type: "array", items: { type: "integer", minimum: 0 } },
    topK: { type: "integer", minimum: 1, maximum: 1000 },
    mode: { type: "string", enum: ["A", "B"] },
    filter: { anyOf: [{ type: "string" }, { type: "null" }] },
  },
});
const queryBody = {
  content: { "application/json": { schema: { anyOf: [query(["vector"]), query(["sparse"])] } } },
};
const report = { content: { "application/json": { schema: query(["vector"]) } } };

// A bundled spec whose operation's body is a copy of the component's.
const bundle = {
  servers: [{ url: "https://{region}.example.com", variables: { region: { enum: ["eu", "us"] } } }],
  paths: { "/query": { post: { requestBody: queryBody } } },
  webhooks: { report: { post: { requestBody: report } } },
  components: {
    requestBodies: { Query: queryBody, Report: report },
    parameters: {
      Retries: { name: "X-Retries", in: "header", schema: { type: "integer", minimum: 0 } },
      Label: { name: "X-Label", in: "header", schema: { type: "string", pattern: "^a" } },
      Id: { name: "id", in: "path", schema: { type: "string", minLength: 1 } },
    },
  },
};

describe("requestRules", () => {
  const tables = requestRules(bundle);

  it("leaves out a body only a webhook takes", () => {
    expect(tables.mediaTypes).toEqual({ Query: ["application/json"] });
  });

  it("keeps header parameters with a rule beyond being a string, and no path parameters", () => {
    expect(tables.headerParameters).toEqual({
      "X-Retries": { type: "integer", minimum: 0 },
      // The pattern as the spec writes it: the clients compile it.
      "X-Label": { type: "string", pattern: "^a" },
    });
  });

  it("lists the values of each server variable with an enum", () => {
    expect(tables.serverVariables).toEqual({ region: ["eu", "us"] });
  });
});

describe("requestRulesModule", () => {
  // The packages build their declarations file by file (isolatedDeclarations), so each
  // table carries its type; the clients read the spec's keys and values from it.
  it("writes each table's `as const` type on it, so its declarations need no checker", () => {
    const module = requestRulesModule("// Generated.\n", bundle);
    const { outputText, diagnostics } = ts.transpileDeclaration(module, {
      fileName: "requests.ts",
      reportDiagnostics: true,
    });
    expect(diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "))).toEqual(
      [],
    );
    expect(outputText).toContain('readonly region: readonly ["eu", "us"];');
    expect(outputText).toContain('readonly "X-Retries": {\n');
    expect(outputText).toContain("readonly minimum: 0;");
  });
});

describe("specWithChange", () => {
  const spec = "openapi: 3.1.0\npaths:\n  /a:\n    get: {}\ncomponents:\n  schemas:\n    A: {}\n";

  it("adds each entry of the change to the same map of the spec, and keeps the spec's", () => {
    const change = "paths:\n  /b:\n    post: {}\ncomponents:\n  schemas:\n    B: {}\n";
    const text = specWithChange(spec, change, " Generated.");
    expect(text.startsWith("# Generated.\n")).toBe(true);
    expect(parse(text)).toEqual({
      openapi: "3.1.0",
      paths: { "/a": { get: {} }, "/b": { post: {} } },
      components: { schemas: { A: {}, B: {} } },
    });
  });

  it("refuses a change that would hide a value the spec has", () => {
    const change = "paths:\n  /a:\n    get: replaced\n";
    expect(() => specWithChange(spec, change, "")).toThrow(
      "the change sets paths./a.get, which the spec already has",
    );
  });
});
