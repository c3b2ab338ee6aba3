import { loadSpec } from "@x/openapi-check";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

// Checks the bundled workflow spec against the interface document (its facts written here as
// data) and that every example in it validates against its schema. Each fact is asserted
// present; the spec may say more (a new optional header stays green).

type Json = Record<string, unknown>;

const spec = loadSpec("workflow").document as Json;

const path = "/v2/trigger/{workflowUrl}";
const operation = get(spec, "paths", path, "post");
const parameters = get(operation, "parameters") as unknown as Json[];

// The interface document's "Request headers" table: name, type, default ("none"/"random" =
// no schema default).
const documentHeaders: [name: string, type: "string" | "integer", defaultValue: unknown][] = [
  ["Svc-Workflow-RunId", "string", undefined],
  ["Svc-Retries", "integer", 3],
  ["Svc-Delay", "string", undefined],
  ["Svc-Not-Before", "integer", undefined],
  ["Svc-Label", "string", undefined],
  ["Svc-Flow-Control-Key", "string", undefined],
  ["Svc-Flow-Control-Value", "string", undefined],
  ["Svc-Failure-Callback", "string", ""],
  ["Svc-Retry-Delay", "string", undefined],
];
const documentPrefixes = ["Svc-Forward-", "Svc-Failure-Callback-Forward-"];
const documentBodyTypes = ["text/plain", "application/json", "application/octet-stream"];
const documentStatuses = ["200", "400", "401", "500"];

function get(value: unknown, ...keys: string[]): Json {
  let current = value;
  for (const key of keys) {
    if (typeof current !== "object" || current === null || !(key in current)) {
      throw new Error(`spec has no ${keys.join(" > ")} (stopped at ${key})`);
    }
    current = (current as Json)[key];
  }
  return current as Json;
}

function header(name: string): Json {
  const found = parameters.find((p) => p.in === "header" && p.name === name);
  if (!found) throw new Error(`spec has no header parameter ${name}`);
  return found;
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);

function check(schema: unknown, value: unknown): string | null {
  const validate = ajv.compile(schema as Json);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

function pattern(name: string, value: string): boolean {
  return check(get(header(name), "schema"), value) === null;
}

// Every object holding a `schema` beside `example`/`examples` (parameters, media types,
// callbacks included), found by walking the whole dereferenced document.
function examplesOf(node: unknown, where: string, out: [string, unknown, unknown][]) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) examplesOf(item, `${where}/${i}`, out);
    return out;
  }
  if (typeof node !== "object" || node === null) return out;
  const obj = node as Json;
  if ("schema" in obj) {
    if ("example" in obj) out.push([`${where}/example`, obj.schema, obj.example]);
    const named = (obj.examples ?? {}) as Record<string, Json>;
    for (const [key, example] of Object.entries(named)) {
      out.push([`${where}/examples/${key}`, obj.schema, example.value]);
    }
  }
  for (const [key, child] of Object.entries(obj)) examplesOf(child, `${where}/${key}`, out);
  return out;
}

describe("workflow spec: examples", () => {
  const examples = examplesOf(spec, "#", []);

  it("has an example for every body content type and every status", () => {
    for (const type of documentBodyTypes) {
      expect(examples.some(([at]) => at.includes(`/requestBody/content/${type}/`))).toBe(true);
    }
    for (const status of documentStatuses) {
      expect(examples.some(([at]) => at.includes(`/responses/${status}/content/`))).toBe(true);
    }
    expect(examples.length).toBeGreaterThanOrEqual(documentHeaders.length + 7);
  });

  for (const [at, schema, value] of examples) {
    it(`${at.replace("#/paths//v2/trigger/{workflowUrl}/post", "#/trigger")} validates`, () => {
      expect(value).not.toBeUndefined();
      expect(check(schema, value)).toBeNull();
    });
  }
});

describe("workflow spec: interface document facts", () => {
  it("is OpenAPI 3.1 with version 2.0.0 and the regional server", () => {
    expect(spec.openapi).toBe("3.1.0");
    expect(get(spec, "info", "version")).toBe("2.0.0");
    expect(get(spec, "info", "license", "identifier")).toBe("MIT");
    const server = (spec.servers as Json[])[0];
    expect(server?.url).toBe("https://workflow.{region}.example.com");
    expect(get(server, "variables", "region", "enum")).toEqual(
      expect.arrayContaining(["us-east-1", "eu-central-1"]),
    );
    expect(get(server, "variables", "region", "default")).toBe("eu-central-1");
    expect(JSON.stringify(spec)).not.toContain('"$ref"');
  });

  it("authenticates with a bearer JWT or the svc_token query parameter", () => {
    expect(get(spec, "components", "securitySchemes", "bearerAuth")).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    expect(get(spec, "components", "securitySchemes", "queryToken")).toMatchObject({
      type: "apiKey",
      in: "query",
      name: "svc_token",
    });
    expect(spec.security).toEqual(expect.arrayContaining([{ bearerAuth: [] }, { queryToken: [] }]));
  });

  it("triggers with a required greedy workflowUrl path parameter", () => {
    expect(operation.operationId).toBe("triggerWorkflow");
    const url = parameters.find((p) => p.in === "path" && p.name === "workflowUrl");
    expect(url).toMatchObject({ required: true, "x-greedy": true, schema: { type: "string" } });
    const schema = url?.schema;
    expect(check(schema, "https://example.org/api/wf?step=1")).toBeNull();
    expect(check(schema, "http://localhost:3000/wf")).toBeNull();
    expect(check(schema, "example.org/wf")).not.toBeNull();
    expect(check(schema, "ftp://example.org/wf")).not.toBeNull();
  });

  it.each(documentHeaders)(
    "declares header %s as %s with default %j",
    (name, type, defaultValue) => {
      const param = header(name);
      expect(param.required ?? false).toBe(false);
      expect(get(param, "schema").type).toBe(type);
      expect(get(param, "schema").default).toEqual(defaultValue);
      expect(typeof param.description).toBe("string");
    },
  );

  it("lists the two wildcard header families", () => {
    expect(operation["x-header-prefixes"]).toEqual(expect.arrayContaining(documentPrefixes));
    for (const prefix of documentPrefixes) expect(operation.description).toContain(prefix);
  });

  it("takes an optional raw body of the document's three content types", () => {
    const body = get(operation, "requestBody");
    expect(body.required).toBe(false);
    for (const type of documentBodyTypes) expect(get(body, "content")).toHaveProperty([type]);
    expect(get(body, "content", "text/plain", "schema").type).toBe("string");
    expect(get(body, "content", "application/json", "schema").type).toBe("object");
  });

  it("answers 200 with the run and 400/401/500 with the error object", () => {
    for (const status of documentStatuses) {
      expect(get(operation, "responses")).toHaveProperty([status]);
    }
    const run = get(operation, "responses", "200", "content", "application/json", "schema");
    expect(run.required).toEqual(expect.arrayContaining(["workflowRunId", "workflowCreatedAt"]));
    expect(get(run, "properties", "workflowRunId").type).toBe("string");
    expect(["integer", "number"]).toContain(get(run, "properties", "workflowCreatedAt").type);
    expect(get(run, "properties", "workflowCreatedAt").format).toBeUndefined();
    for (const status of ["400", "401", "500"]) {
      const error = get(operation, "responses", status, "content", "application/json", "schema");
      expect(error.required).toContain("error");
      expect(get(error, "properties", "error").type).toBe("string");
    }
  });
});

describe("workflow spec: failure callback", () => {
  it("documents the report as a webhook with the fields we rely on", () => {
    const post = get(spec, "webhooks", "workflowFailure", "post");
    const report = get(post, "requestBody", "content", "application/json", "schema");
    expect(report.required).toEqual(
      expect.arrayContaining([
        "status",
        "headers",
        "body",
        "url",
        "workflowRunId",
        "workflowCreatedAt",
        "retried",
        "maxRetries",
      ]),
    );
    expect(get(report, "properties", "body").contentEncoding).toBe("base64");
    expect(post.description).toContain("Svc-Failure-Callback-Forward-");
  });
});

describe("workflow spec: header rules", () => {
  it.each([
    ["Svc-Retries", 0, true],
    ["Svc-Retries", -1, false],
    ["Svc-Not-Before", 1767225600, true],
    ["Svc-Not-Before", -5, false],
  ] as const)("%s accepts %j: %s", (name, value, ok) => {
    expect(check(get(header(name), "schema"), value) === null).toBe(ok);
  });

  it.each([
    ["30s", true],
    ["1d10h30m", true],
    ["1.5h", true],
    ["0s", true],
    ["", false],
    ["-1s", false],
    ["10x", false],
    ["1.5.2h", false],
    ["10", false],
    ["1 h", false],
  ])("Svc-Delay %j: %s", (value, ok) => {
    expect(pattern("Svc-Delay", value)).toBe(ok);
  });

  it.each([
    ["billing", true],
    ["billing,nightly", true],
    ["billing, nightly", true],
    ["", false],
    ["a,,b", false],
    ["a,", false],
    [",a", false],
    [" ", false],
  ])("Svc-Label %j: %s", (value, ok) => {
    expect(pattern("Svc-Label", value)).toBe(ok);
  });

  it.each([
    ["parallelism=2", true],
    ["rate=10", true],
    ["rate=10, period=1m", true],
    ["parallelism=2, rate=10, period=1h30m", true],
    ["parallelism=2,rate=10", true],
    ["", false],
    ["period=1s", false],
    ["parallelism=2, period=1s", false],
    ["parallelism=0", false],
    ["rate=-1", false],
    ["rate=10, period=10x", false],
  ])("Svc-Flow-Control-Value %j: %s", (value, ok) => {
    expect(pattern("Svc-Flow-Control-Value", value)).toBe(ok);
  });

  it.each([
    ["", true],
    ["https://example.org/on-failure", true],
    ["http://localhost:8080/f", true],
    ["ftp://example.org/f", false],
    ["example.org/f", false],
  ])("Svc-Failure-Callback %j: %s", (value, ok) => {
    expect(pattern("Svc-Failure-Callback", value)).toBe(ok);
  });

  it.each([
    ["1000", true],
    ["1000 + 500 * retried", true],
    ["1000 * pow(2, retried)", true],
    ["max(1000, exp(retried) * (sqrt(4) - abs(-1)))", true],
    ["floor(ceil(round(min(1, 2))))", true],
    ["log(retried)", false],
    ["retries * 2", false],
    ["1000; 2", false],
    ["", false],
  ])("Svc-Retry-Delay %j: %s", (value, ok) => {
    expect(pattern("Svc-Retry-Delay", value)).toBe(ok);
  });

  it("states the rules the schemas cannot", () => {
    expect(header("Svc-Flow-Control-Key").description).toContain("Svc-Flow-Control-Value");
    expect(header("Svc-Not-Before").description).toContain("precedence");
    const retryDelay = String(header("Svc-Retry-Delay").description);
    for (const fn of ["pow", "exp", "sqrt", "abs", "floor", "ceil", "round", "min", "max"]) {
      expect(retryDelay).toContain(`${fn}(`);
    }
    expect(retryDelay).toContain("min(86400, e^(2.5 * retried))");
  });
});
