import { describe, expect, test } from "vitest";
import {
  createSpec,
  formatViolations,
  matchOperation,
  type RequestParts,
  validateRequestParts,
} from "../src/index.js";
import shop from "./fixtures/shop.openapi.json" with { type: "json" };

const spec = createSpec("shop", shop);
const BASE = "https://api.example.com/v1";
const hookHeaders = {
  Authorization: "Bearer t0k",
  "Fx-Trace-Id": "trace-1",
  "Content-Type": "application/json",
};

function check(parts: Partial<RequestParts> & { url: string }) {
  return validateRequestParts(spec, { method: "GET", headers: {}, ...parts });
}

function hook(headers: Record<string, string>, url = `${BASE}/hooks/https://x.org/wf`) {
  return check({ method: "POST", url, headers: { ...hookHeaders, ...headers }, body: {} });
}

describe("matching", () => {
  test("a greedy parameter takes the rest of the path, slashes and :// included", () => {
    const m = matchOperation(spec, "post", "/v1/hooks/https://x.org/a/b%3Fc%20d");
    expect(m).toEqual({
      operationId: "sendHook",
      method: "POST",
      pathTemplate: "/hooks/{target}",
      params: { target: "https://x.org/a/b?c d" },
    });
  });

  test("a literal segment wins over a parameter, and one segment params do not span /", () => {
    expect(matchOperation(spec, "GET", "/v1/items/special")?.operationId).toBe("getSpecialItem");
    expect(matchOperation(spec, "GET", "/v1/items/7")?.operationId).toBe("getItem");
    expect(matchOperation(spec, "GET", "/v1/items/a%2Fb/cd")?.params).toEqual({
      group: "a/b",
      name: "cd",
    });
    expect(matchOperation(spec, "GET", "/v1/items/a/b/c")).toBeUndefined();
    // A literal segment also beats a greedy parameter that could swallow it.
    expect(matchOperation(spec, "POST", "/v1/hooks/batch/7")?.operationId).toBe("sendBatch");
    expect(matchOperation(spec, "POST", "/v1/hooks/batch/7/8")?.params).toEqual({
      target: "batch/7/8",
    });
  });

  test("an unknown path and a wrong method are violations", () => {
    expect(check({ url: `${BASE}/nope` }).violations).toEqual([
      { where: "path", message: "no operation matches /v1/nope" },
    ]);
    const wrong = check({ method: "DELETE", url: `${BASE}/items/special` });
    expect(wrong.operation).toBeUndefined();
    expect(wrong.violations).toEqual([
      { where: "method", message: "DELETE is not allowed on /items/special (allowed: GET)" },
    ]);
  });

  test("path parameters are checked after decoding; bad encoding is reported", () => {
    const bad = hook({}, `${BASE}/hooks/ftp://x.org`);
    expect(bad.violations.map((v) => v.where)).toEqual(["path.target"]);
    expect(
      check({ url: `${BASE}/items/0?view=full`, headers: { "Fx-Key": "k" } }).violations,
    ).toEqual([{ where: "path.id", message: 'must be integer >= 1 (got "0")' }]);
    const malformed = check({
      url: `${BASE}/items/%E0%A4%A/cd`,
      headers: { Authorization: "Bearer t" },
    });
    expect(malformed.violations).toEqual([
      { where: "path.group", message: 'has malformed percent-encoding (got "%E0%A4%A")' },
    ]);
  });
});

describe("query parameters", () => {
  const auth = { "Fx-Key": "k" };
  test("known ones are coerced and checked; arrays repeat; unknown ones are violations", () => {
    expect(
      check({ url: `${BASE}/items/3?view=full&limit=5&tags=a&tags=b`, headers: auth }).violations,
    ).toEqual([]);
    expect(
      check({ url: `${BASE}/items/3?view=wide&limit=500&limit=1&zz=1`, headers: auth }).violations,
    ).toEqual([
      { where: "query limit", message: "must be given once (got 2 times)" },
      { where: "query view", message: 'must be one of "full", "short" (got "wide")' },
      { where: "query zz", message: "is not declared by getItem" },
    ]);
    expect(check({ url: `${BASE}/items/3?limit=0`, headers: auth }).violations).toEqual([
      { where: "query limit", message: 'must be integer >= 1 and <= 100 (got "0")' },
      { where: "query view", message: "is required" },
    ]);
  });

  test("an apiKey-in-query name is not an unknown parameter", () => {
    const r = check({
      url: `${BASE}/items/3?view=full&api_key=k`,
      headers: { Authorization: "Basic x" },
    });
    expect(r.violations).toEqual([]);
  });
});

describe("headers", () => {
  test("declared headers are matched case-insensitively and coerced to their type", () => {
    expect(hook({ "fx-count": "0", "FX-DRY": "true", "Fx-Mode": "slow" }).violations).toEqual([]);
    expect(hook({ "Fx-Count": "abc", "Fx-Dry": "yes", "Fx-Mode": "medium" }).violations).toEqual([
      { where: "header Fx-Count", message: 'must be integer >= 0 (got "abc")' },
      { where: "header Fx-Mode", message: 'must be one of "fast", "slow" (got "medium")' },
      { where: "header Fx-Dry", message: 'must be boolean (got "yes")' },
    ]);
    expect(hook({ "Fx-Count": "-1" }).violations[0]?.message).toBe(
      'must be integer >= 0 (got "-1")',
    );
  });

  test("a required header must be present", () => {
    const r = check({
      method: "POST",
      url: `${BASE}/hooks/https://x.org`,
      headers: { Authorization: "Bearer t" },
    });
    expect(r.violations).toEqual([{ where: "header Fx-Trace-Id", message: "is required" }]);
  });

  test("prefixed headers pass; an undeclared one of the family is caught with a hint", () => {
    expect(spec.headerFamily).toBe("Fx-");
    expect(hook({ "Fx-Pass-X-Tenant": "a", "Fx-Pass-Back-Auth": "b" }).violations).toEqual([]);
    expect(hook({ "Fx-Pass-": "a", "Fx-Countt": "1", "Fx-Whatever": "1" }).violations).toEqual([
      {
        where: "header fx-pass-",
        message: "needs a non-empty HTTP token after the prefix Fx-Pass-",
      },
      {
        where: "header fx-countt",
        message: "is not declared by sendHook (did you mean Fx-Count?)",
      },
      { where: "header fx-whatever", message: "is not declared by sendHook" },
    ]);
    // Headers outside the family are the caller's business.
    expect(hook({ "X-Request-Id": "1", Accept: "*/*" }).violations).toEqual([]);
  });

  test("the family can be set or turned off", () => {
    const off = createSpec("shop", shop, { headerFamily: null });
    const r = validateRequestParts(off, {
      method: "POST",
      url: `${BASE}/hooks/https://x.org`,
      headers: { ...hookHeaders, "Fx-Whatever": "1" },
      body: {},
    });
    expect(r.violations).toEqual([]);
    expect(createSpec("shop", shop, { headerFamily: "Fx-Pass-" }).headerFamily).toBe("Fx-Pass-");
  });

  test("a Headers object works like a record", () => {
    const headers = new Headers({ ...hookHeaders, "Fx-Count": "x" });
    const r = validateRequestParts(spec, {
      method: "POST",
      url: `${BASE}/hooks/https://x.org`,
      headers,
      body: {},
    });
    expect(r.violations.map((v) => v.where)).toEqual(["header Fx-Count"]);
  });
});

describe("security", () => {
  const item = `${BASE}/items/3?view=full`;
  test("the global bearer-or-query-key requirement", () => {
    const base = { method: "POST", url: `${BASE}/hooks/https://x.org`, body: {} };
    const ok1 = check({ ...base, headers: { ...hookHeaders } });
    const ok2 = check({
      ...base,
      url: `${base.url}?api_key=k`,
      headers: { "Fx-Trace-Id": "t", "Content-Type": "application/json" },
    });
    expect([ok1.violations, ok2.violations]).toEqual([[], []]);
    for (const authorization of [undefined, "Bearer ", "Bearer", "Basic abc", "token"]) {
      const headers: Record<string, string> = {
        "Fx-Trace-Id": "t",
        "Content-Type": "application/json",
      };
      if (authorization !== undefined) headers.Authorization = authorization;
      const r = check({ ...base, headers });
      expect(r.violations, String(authorization)).toEqual([
        {
          where: "security",
          message:
            "no accepted credentials; send Authorization: Bearer <credentials> (bearerAuth) or query api_key (queryKey)",
        },
      ]);
    }
  });

  test("an operation's own requirement: header key, or basic AND query key together", () => {
    expect(check({ url: item, headers: { "fx-key": "k" } }).violations).toEqual([]);
    expect(
      check({ url: `${item}&api_key=k`, headers: { Authorization: "basic dTpw" } }).violations,
    ).toEqual([]);
    expect(check({ url: item, headers: { Authorization: "Basic dTpw" } }).violations).toEqual([
      {
        where: "security",
        message:
          "no accepted credentials; send header Fx-Key (headerKey) or Authorization: Basic <credentials> (basicAuth) and query api_key (queryKey)",
      },
    ]);
    expect(check({ url: `${item}&api_key=`, headers: { "Fx-Key": " " } }).violations).toHaveLength(
      1,
    );
  });

  test("an empty security list needs nothing, and no message echoes a credential", () => {
    expect(check({ url: `${BASE}/items/special` }).violations).toEqual([]);
    const r = check({ url: item, headers: { Authorization: "Basic s3cr3t" } });
    expect(formatViolations(r.violations)).not.toContain("s3cr3t");
  });
});
