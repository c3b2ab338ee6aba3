// Checks the bundled vector spec against the interface document, with plain ajv rather than
// the validator: every example must validate against its schema, and every field, default and
// enum the interface document states must be in the spec. Those facts are written here as
// data. Each is asserted present; the spec may say more (a new optional field stays green).
import { loadSpec } from "@x/openapi-check";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

type Json = Record<string, unknown>;

const spec = loadSpec("vector").document as Json;

const ajv = new Ajv2020({ allErrors: true });
addFormats(ajv);

function obj(value: unknown, where: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${where} is not an object`);
  }
  return value as Json;
}

const schemas = obj(obj(spec.components, "components").schemas, "components.schemas");
const schema = (name: string) => obj(schemas[name], `schema ${name}`);

function errorsOf(target: Json, value: unknown): string | null {
  const validate = ajv.compile(target);
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

// Properties of a schema, following allOf/anyOf branches (each anyOf branch must declare the
// property, or a client using that branch would lose it).
function propertiesOf(s: Json): Map<string, Json> {
  const found = new Map<string, Json>();
  for (const [k, v] of Object.entries((s.properties as Json | undefined) ?? {})) {
    found.set(k, obj(v, k));
  }
  for (const part of (s.allOf as Json[] | undefined) ?? []) {
    for (const [k, v] of propertiesOf(part)) found.set(k, v);
  }
  // anyOf branches may hold together, so a field counts where every branch declares it;
  // oneOf branches are alternatives, each declaring its own fields.
  const branches = ((s.anyOf as Json[] | undefined) ?? []).map(propertiesOf);
  for (const branch of branches) {
    for (const [k, v] of branch) {
      if (branches.every((b) => b.has(k))) found.set(k, v);
    }
  }
  for (const part of (s.oneOf as Json[] | undefined) ?? []) {
    for (const [k, v] of propertiesOf(part)) found.set(k, v);
  }
  return found;
}

// Names every instance must carry: own + allOf parts + what all anyOf branches share.
function requiredOf(s: Json): Set<string> {
  const req = new Set<string>((s.required as string[] | undefined) ?? []);
  for (const part of (s.allOf as Json[] | undefined) ?? []) {
    for (const r of requiredOf(part)) req.add(r);
  }
  const branches = ((s.anyOf as Json[] | undefined) ?? []).map(requiredOf);
  for (const r of branches[0] ?? []) if (branches.every((b) => b.has(r))) req.add(r);
  return req;
}

const includeFlags = { includeMetadata: false, includeVectors: false, includeData: false };

// Fields per schema: name -> default (undefined = no default). `required` lists what the
// interface document makes required (for sparse input and fetch, what the clients rely on).
const documentSchemas: Record<
  string,
  { fields: Record<string, unknown>; required: string[]; oneOfRequired?: string[] }
> = {
  VectorRecord: {
    fields: {
      id: undefined,
      vector: undefined,
      sparseVector: undefined,
      metadata: undefined,
      data: undefined,
    },
    required: ["id"],
  },
  ScoreRecord: {
    fields: {
      id: undefined,
      vector: undefined,
      sparseVector: undefined,
      metadata: undefined,
      data: undefined,
      score: undefined,
    },
    required: ["id", "score"],
  },
  SparseVector: {
    fields: { indices: undefined, values: undefined },
    required: ["indices", "values"],
  },
  RangeRequest: {
    fields: { cursor: undefined, prefix: undefined, limit: undefined, ...includeFlags },
    required: ["cursor", "limit"],
  },
  RangeResult: {
    fields: { nextCursor: undefined, vectors: undefined },
    required: ["nextCursor", "vectors"],
  },
  QueryRequest: {
    fields: {
      vector: undefined,
      sparseVector: undefined,
      topK: 10,
      ...includeFlags,
      filter: "",
      weightingStrategy: undefined,
      fusionAlgorithm: "RRF",
    },
    required: [],
    oneOfRequired: ["vector", "sparseVector"],
  },
  FetchRequest: {
    fields: { ids: undefined, prefix: undefined, ...includeFlags },
    required: [],
    oneOfRequired: ["ids", "prefix"],
  },
  IndexInfo: {
    fields: {
      vectorCount: undefined,
      pendingVectorCount: undefined,
      indexSize: undefined,
      dimension: undefined,
      similarityFunction: undefined,
      indexType: undefined,
      denseIndex: undefined,
      sparseIndex: undefined,
      namespaces: undefined,
    },
    required: [
      "vectorCount",
      "pendingVectorCount",
      "indexSize",
      "dimension",
      "similarityFunction",
      "indexType",
      "namespaces",
    ],
  },
  DenseIndexInfo: {
    fields: { dimension: undefined, similarityFunction: undefined, embeddingModel: undefined },
    required: ["dimension", "similarityFunction", "embeddingModel"],
  },
  SparseIndexInfo: { fields: { embeddingModel: undefined }, required: ["embeddingModel"] },
  NamespaceInfo: {
    fields: { vectorCount: undefined, pendingVectorCount: undefined },
    required: ["vectorCount", "pendingVectorCount"],
  },
  Error: { fields: { error: undefined, status: undefined }, required: ["error", "status"] },
};

const documentEnums: [schema: string, field: string, values: string[]][] = [
  ["QueryRequest", "weightingStrategy", ["IDF"]],
  ["QueryRequest", "fusionAlgorithm", ["RRF", "DBSF"]],
  ["IndexInfo", "indexType", ["DENSE", "SPARSE", "HYBRID"]],
  ["DenseIndexInfo", "similarityFunction", ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"]],
];

// path -> [method, operationId, error statuses].
const operations: [string, string, string, string[]][] = [
  ["/range", "post", "rangeVectors", ["400", "401"]],
  ["/range/{namespace}", "post", "rangeVectorsInNamespace", ["400", "401", "404"]],
  ["/query", "post", "queryVectors", ["400", "401", "422"]],
  ["/query/{namespace}", "post", "queryVectorsInNamespace", ["400", "401", "404", "422"]],
  ["/fetch", "post", "fetchVectors", ["400", "401"]],
  ["/fetch/{namespace}", "post", "fetchVectorsInNamespace", ["400", "401", "404"]],
  ["/info", "get", "getIndexInfo", ["401"]],
];

const paths = obj(spec.paths, "paths");
const operation = (path: string, method: string) =>
  obj(obj(paths[path], path)[method], `${method} ${path}`);

type Example = { where: string; schema: Json; value: unknown };

function mediaExamples(where: string, content: unknown): Example[] {
  const found: Example[] = [];
  for (const [type, media] of Object.entries(obj(content, `${where} content`))) {
    const m = obj(media, type);
    for (const [name, ex] of Object.entries((m.examples as Json | undefined) ?? {})) {
      found.push({
        where: `${where} ${name}`,
        schema: obj(m.schema, where),
        value: obj(ex, name).value,
      });
    }
  }
  return found;
}

function schemaExamples(where: string, s: Json, out: Example[]): void {
  for (const [i, value] of ((s.examples as unknown[] | undefined) ?? []).entries()) {
    out.push({ where: `${where} examples[${i}]`, schema: s, value });
  }
  const children: [string, unknown][] = [
    ...Object.entries((s.properties as Json | undefined) ?? {}),
    ...((s.allOf as unknown[] | undefined) ?? []).map((c, i): [string, unknown] => [
      `allOf${i}`,
      c,
    ]),
    ...((s.anyOf as unknown[] | undefined) ?? []).map((c, i): [string, unknown] => [
      `anyOf${i}`,
      c,
    ]),
    ["items", s.items],
    ["additionalProperties", s.additionalProperties],
  ];
  for (const [key, child] of children) {
    if (typeof child === "object" && child !== null)
      schemaExamples(`${where}.${key}`, child as Json, out);
  }
}

function operationExamples(path: string, method: string) {
  const op = operation(path, method);
  const body = op.requestBody
    ? mediaExamples(`${path} body`, obj(op.requestBody, "body").content)
    : [];
  const responses = Object.entries(obj(op.responses, "responses")).map(([status, r]) => ({
    status,
    examples: mediaExamples(`${path} ${status}`, obj(r, status).content),
  }));
  return { body, responses };
}

const allExamples: Example[] = [];
for (const [path, method] of operations) {
  const { body, responses } = operationExamples(path, method);
  allExamples.push(...body, ...responses.flatMap((r) => r.examples));
}
for (const [name, s] of Object.entries(schemas)) schemaExamples(name, obj(s, name), allExamples);

describe("vector spec examples", () => {
  it.each(allExamples.map((e) => [e.where, e] as const))("%s validates", (_where, e) => {
    expect(errorsOf(e.schema, e.value)).toBeNull();
  });

  it.each(operations)("%s %s has examples for its body and every response", (path, method) => {
    const { body, responses } = operationExamples(path, method);
    if (method === "post") expect(body.length).toBeGreaterThan(0);
    for (const r of responses) expect(r.examples.length, `${path} ${r.status}`).toBeGreaterThan(0);
  });

  it("shows single, one-element and batch queries, sparse input, both result shapes", () => {
    const { body, responses } = operationExamples("/query", "post");
    const values = body.map((e) => e.value);
    expect(values.some((v) => !Array.isArray(v) && obj(v, "query").vector)).toBe(true);
    expect(values.some((v) => !Array.isArray(v) && obj(v, "query").sparseVector)).toBe(true);
    expect(values.some((v) => Array.isArray(v) && v.length === 1)).toBe(true);
    expect(values.some((v) => Array.isArray(v) && v.length > 1)).toBe(true);
    const results = (responses.find((r) => r.status === "200")?.examples ?? []).map(
      (e) => obj(e.value, "200").result as unknown[],
    );
    expect(results.some((r) => r.length > 0 && r.every((x) => !Array.isArray(x)))).toBe(true);
    expect(results.some((r) => r.length > 1 && r.every((x) => Array.isArray(x)))).toBe(true);
  });

  it("shows a fetch miss as null and info with several namespaces", () => {
    const fetched = operationExamples("/fetch", "post").responses.find((r) => r.status === "200");
    expect(
      fetched?.examples.some((e) => (obj(e.value, "fetch").result as unknown[]).includes(null)),
    ).toBe(true);
    const info = operationExamples("/info", "get").responses.find((r) => r.status === "200");
    const counts = info?.examples.map((e) =>
      Object.keys(obj(obj(obj(e.value, "info").result, "r").namespaces, "ns")),
    );
    expect(counts?.some((keys) => keys.includes("") && keys.length > 1)).toBe(true);
  });
});

describe("vector spec states the interface document", () => {
  it.each(Object.entries(documentSchemas))(
    "%s has the document's fields, defaults and required",
    (name, facts) => {
      const s = schema(name);
      const props = propertiesOf(s);
      const required = requiredOf(s);
      for (const [field, def] of Object.entries(facts.fields)) {
        expect(props.has(field), `${name}.${field} is declared`).toBe(true);
        expect(props.get(field)?.default, `${name}.${field} default`).toEqual(def);
        expect(props.get(field)?.description, `${name}.${field} description`).toBeTruthy();
        const want = facts.required.includes(field);
        expect(required.has(field), `${name}.${field} is ${want ? "" : "not "}required`).toBe(want);
      }
      for (const field of facts.oneOfRequired ?? []) {
        const branches = ((s.anyOf ?? s.oneOf) as Json[] | undefined)?.map(requiredOf) ?? [];
        const alone = branches.some((b) => b.size === 1 && b.has(field));
        expect(alone, `${name}: a branch requires ${field} alone`).toBe(true);
      }
    },
  );

  it.each(documentEnums)("%s.%s allows each of %j", (name, field, values) => {
    expect(propertiesOf(schema(name)).get(field)?.enum).toEqual(expect.arrayContaining(values));
  });

  it.each(operations)("%s %s is %s with its error responses", (path, method, id, errors) => {
    const op = operation(path, method);
    expect(op.operationId).toBe(id);
    expect(op.summary && op.description).toBeTruthy();
    const responses = obj(op.responses, "responses");
    for (const status of ["200", ...errors])
      expect(responses, `${id} ${status}`).toHaveProperty(status);
    for (const status of errors) {
      const s = obj(
        obj(obj(responses[status], status).content, "c")["application/json"],
        "m",
      ).schema;
      expect(s).toEqual(schemas.Error);
    }
    const ok = obj(obj(obj(responses["200"], "200").content, "c")["application/json"], "m");
    expect(obj(ok.schema, "200 schema").required).toEqual(["result"]);
    const params = (obj(paths[path], path).parameters as Json[] | undefined) ?? [];
    if (path.includes("{namespace}")) {
      expect(params.map((p) => `${p.in}:${p.name}:${p.required}`)).toContain("path:namespace:true");
    }
  });

  it("requires bearer auth everywhere", () => {
    expect(spec.security).toEqual([{ bearerAuth: [] }]);
    const scheme = obj(obj(obj(spec.components, "c").securitySchemes, "s").bearerAuth, "bearer");
    expect([scheme.type, scheme.scheme]).toEqual(["http", "bearer"]);
    for (const [path, method] of operations)
      expect(operation(path, method).security).toBeUndefined();
  });
});

describe("vector spec rejects what the interface document forbids", () => {
  const rejects: [string, unknown][] = [
    ["QueryRequest", { topK: 5 }],
    ["QueryRequest", { vector: [1], topK: 0 }],
    ["QueryRequest", { vector: [1], fusionAlgorithm: "SUM" }],
    ["QueryRequest", { vector: [1], topk: 3 }],
    ["QueryBody", []],
    ["FetchRequest", {}],
    ["FetchRequest", { ids: ["a"], prefix: "a" }],
    ["RangeRequest", { cursor: 0, limit: 1 }],
    ["RangeRequest", { cursor: "0" }],
    ["ScoreRecord", { id: "a" }],
    ["SparseVector", { indices: [-1], values: [1] }],
    ["FetchResult", [{ vector: [1] }]],
  ];
  it.each(rejects)("%s rejects %j", (name, value) => {
    expect(errorsOf(schema(name), value)).not.toBeNull();
  });

  it("accepts a missing fetch element as null and both query result shapes", () => {
    expect(errorsOf(schema("FetchResult"), [{ id: "a" }, null])).toBeNull();
    expect(errorsOf(schema("QueryResult"), [{ id: "a", score: 1 }])).toBeNull();
    expect(errorsOf(schema("QueryResult"), [[{ id: "a", score: 1 }], []])).toBeNull();
    expect(errorsOf(schema("QueryResult"), [])).toBeNull();
  });
});
