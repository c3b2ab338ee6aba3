import { describe, expect, test } from "vitest";
import {
  checkResponse,
  listExamples,
  loadSpec,
  matchOperation,
  validateRequestParts,
  validateResponseParts,
} from "../src/index.js";

// Facts of the interface document, written here as data: operations and their paths.
const spec = loadSpec("vector");
const BASE = "https://my-index.vector.example.com";
const auth = { Authorization: "Bearer tok" };
const paths: Record<string, [string, string]> = {
  rangeVectors: ["POST", "/range"],
  rangeVectorsInNamespace: ["POST", "/range/products"],
  queryVectors: ["POST", "/query"],
  queryVectorsInNamespace: ["POST", "/query/products"],
  fetchVectors: ["POST", "/fetch"],
  fetchVectorsInNamespace: ["POST", "/fetch/products"],
  getIndexInfo: ["GET", "/info"],
};

function send(operationId: string, body: unknown, headers: Record<string, string> = auth) {
  const [method, path] = paths[operationId] ?? ["GET", "/missing"];
  return validateRequestParts(spec, {
    method,
    url: `${BASE}${path}`,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body,
  });
}

describe("the vector spec accepts what it promises", () => {
  test("every operation is found at its path, namespaces percent-decoded", () => {
    expect(spec.operations.map((op) => op.operationId).sort()).toEqual(Object.keys(paths).sort());
    for (const [operationId, [method, path]] of Object.entries(paths)) {
      expect(matchOperation(spec, method, path)?.operationId, path).toBe(operationId);
    }
    expect(matchOperation(spec, "POST", "/query/a%2Fb%20c")?.params).toEqual({
      namespace: "a/b c",
    });
    expect(spec.headerFamily).toBeUndefined();
  });

  test("each request body and response example validates", () => {
    const examples = listExamples(spec);
    expect(examples.length).toBeGreaterThan(40);
    for (const e of examples) {
      const violations =
        e.part === "request"
          ? send(e.operationId, e.value).violations
          : validateResponseParts(spec, e.operationId, {
              status: Number(e.part),
              headers: { "content-type": e.contentType },
              body: e.value,
            });
      expect(violations, `${e.operationId} ${e.part} ${e.name}`).toEqual([]);
    }
  });

  test("info takes no body", () => {
    expect(send("getIndexInfo", undefined).violations).toEqual([]);
  });
});

describe("the vector spec rejects what breaks a rule", () => {
  test("wrong method, unknown path, an empty namespace segment", () => {
    expect(
      validateRequestParts(spec, { method: "GET", url: `${BASE}/query`, headers: auth }).violations,
    ).toEqual([{ where: "method", message: "GET is not allowed on /query (allowed: POST)" }]);
    for (const path of ["/upsert", "/range/", "/range/a/b"]) {
      const r = validateRequestParts(spec, {
        method: "POST",
        url: `${BASE}${path}`,
        headers: auth,
      });
      expect(
        r.violations.map((v) => v.where),
        path,
      ).toEqual(["path"]);
    }
  });

  test("missing auth", () => {
    expect(send("getIndexInfo", undefined, {}).violations).toEqual([
      {
        where: "security",
        message: "no accepted credentials; send Authorization: Bearer <credentials> (bearerAuth)",
      },
    ]);
  });

  test("body violations name the field", () => {
    expect(send("rangeVectors", { limit: 10 }).violations).toEqual([
      { where: "body/cursor", message: "is required" },
    ]);
    expect(send("rangeVectors", { cursor: 0, limit: "10" }).violations.map((v) => v.where)).toEqual(
      ["body/cursor", "body/limit"],
    );
    const query = send("queryVectors", { vector: [0.1, "x"], topK: 5 }).violations;
    expect(query).toEqual([{ where: "body/vector/1", message: 'must be number (got "x")' }]);
    const batch = send("queryVectorsInNamespace", [{ vector: [1] }, { vector: [1], topk: 3 }]);
    expect(batch.violations.map((v) => v.where)).toContain("body/1/topk");
    expect(send("queryVectors", undefined).violations).toEqual([
      { where: "body", message: "is required by queryVectors" },
    ]);
    expect(send("fetchVectors", { ids: "a" }).violations).toEqual([
      { where: "body/ids", message: 'must be array (got "a")' },
    ]);
  });

  test("a wrong content type", () => {
    const r = send("queryVectors", { vector: [1] }, { ...auth, "content-type": "text/plain" });
    expect(r.violations).toEqual([
      { where: "content-type", message: 'must be one of application/json (got "text/plain")' },
    ]);
  });

  test("a status the operation does not list, held to the error object, and response bodies that break the schema", async () => {
    const json = { "content-type": "application/json" };
    // Every operation's `default` answer is the error object: a 404 of info is one.
    const unlisted = validateResponseParts(spec, "getIndexInfo", {
      status: 404,
      headers: json,
      body: {},
    });
    expect(unlisted).toEqual([
      { where: "response body/error", message: "is required" },
      { where: "response body/status", message: "is required" },
    ]);
    const scored = Response.json({ result: [{ id: "a", score: "high" }] });
    const violations = await checkResponse(spec, "queryVectors", scored);
    expect(violations.map((v) => v.where)).toContain("response body/result/0/score");
    expect(
      validateResponseParts(spec, "fetchVectors", {
        status: 200,
        headers: json,
        body: { result: [null, { vector: [1] }] },
      }),
    ).toEqual([{ where: "response body/result/1/id", message: "is required" }]);
    expect(
      validateResponseParts(spec, "rangeVectors", {
        status: 400,
        headers: json,
        body: { error: "bad" },
      }),
    ).toEqual([{ where: "response body/status", message: "is required" }]);
  });
});

// Found by the dev server's generated requests (seed 28): 300,000 ids of the wrong type
// overflowed the stack (a 500 in the dev server) after minutes of quadratic pruning. Fetch's
// body is now one of two branches, which prunes the errors to the closer branch; a range
// answer's list of records is a plain array, so every wrong item still gets its violation.
test("a body with 300,000 wrong items is checked in linear time, each wrong item named", () => {
  const request = validateRequestParts(spec, {
    method: "POST",
    url: `${BASE}/fetch/products`,
    headers: { ...auth, "content-type": "application/json" },
    body: { ids: Array.from({ length: 300_000 }, () => 1) },
  });
  expect(request.violations.length).toBeGreaterThan(0);
  const answer = validateResponseParts(spec, "rangeVectors", {
    status: 200,
    headers: { "content-type": "application/json" },
    body: { result: { nextCursor: "", vectors: Array.from({ length: 300_000 }, () => 1) } },
  });
  expect(answer).toHaveLength(300_000);
  expect(answer[299_999]?.where).toBe("response body/result/vectors/299999");
});
