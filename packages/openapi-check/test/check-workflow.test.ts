import { describe, expect, test } from "vitest";
import {
  checkRequest,
  checkResponse,
  createSpec,
  formatViolations,
  listExamples,
  loadSpec,
  validateRequestParts,
  validateResponseParts,
} from "../src/index.js";

// Facts of the interface document, written here as data: the one operation, its headers and auth.
const spec = loadSpec("workflow");
const BASE = "https://workflow.eu-central-1.example.com";
const TRIGGER = `${BASE}/v2/trigger/https://example.org/api/wf`;
const auth = { Authorization: "Bearer eyJ.payload.sig" };
const allOptions = {
  "Svc-Workflow-RunId": "order-1042",
  "Svc-Retries": "0",
  "Svc-Delay": "1d10h30m",
  "Svc-Not-Before": "1767225600",
  "Svc-Label": "billing,nightly",
  "Svc-Flow-Control-Key": "tenant-42",
  "Svc-Flow-Control-Value": "parallelism=2, rate=10, period=1m",
  "Svc-Failure-Callback": "https://example.org/api/on-failure",
  "Svc-Failure-Callback-Forward-Authorization": "Bearer cb",
  "Svc-Forward-X-Tenant": "42",
  "Svc-Retry-Delay": "max(1000, 1000 * pow(2, retried))",
};

function trigger(headers: Record<string, string>, body: unknown = { a: 1 }, url = TRIGGER) {
  return validateRequestParts(spec, {
    method: "POST",
    url,
    headers: { ...auth, "Content-Type": "application/json", ...headers },
    body,
  });
}

describe("the workflow spec accepts what it promises", () => {
  test("loadSpec is cached and indexes triggerWorkflow with the Svc- family", () => {
    expect(loadSpec("workflow")).toBe(spec);
    expect(spec.operations.map((op) => op.operationId)).toEqual(["triggerWorkflow"]);
    expect(spec.headerFamily).toBe("Svc-");
  });

  test("a trigger with every option, a raw URL and forward headers", () => {
    const check = trigger(allOptions, { orderId: 1 }, `${TRIGGER}/step?x=1`.replace("?", "%3F"));
    expect(formatViolations(check.violations)).toBe("");
    expect(check.operation?.params.workflowUrl).toBe("https://example.org/api/wf/step?x=1");
  });

  test("the query token is an accepted credential and not an unknown parameter", () => {
    const r = validateRequestParts(spec, {
      method: "POST",
      url: `${TRIGGER}?svc_token=abc`,
      headers: {},
    });
    expect(r.violations).toEqual([]);
  });

  test("each request body and response example validates", () => {
    const examples = listExamples(spec);
    expect(examples.filter((e) => e.part === "request").map((e) => e.contentType)).toEqual([
      "text/plain",
      "application/json",
      "application/octet-stream",
    ]);
    expect(new Set(examples.map((e) => e.part))).toEqual(
      new Set(["request", "200", "400", "401", "500", "default"]),
    );
    for (const e of examples) {
      const violations =
        e.part === "request"
          ? trigger({ "Content-Type": e.contentType }, e.value).violations
          : validateResponseParts(spec, e.operationId, {
              status: Number(e.part),
              headers: { "content-type": e.contentType },
              body: e.value,
            });
      expect(violations, `${e.part} ${e.name}`).toEqual([]);
    }
  });

  test("a real Request and Response pass", async () => {
    const request = new Request(TRIGGER, {
      method: "POST",
      headers: { ...auth, "Content-Type": "text/plain;charset=UTF-8", "Svc-Retries": "3" },
      body: "hello",
    });
    expect((await checkRequest(spec, request)).violations).toEqual([]);
    const response = Response.json({ workflowRunId: "wfr_1", workflowCreatedAt: 1763776800000 });
    expect(await checkResponse(spec, "triggerWorkflow", response)).toEqual([]);
  });
});

describe("the workflow spec rejects what breaks a rule", () => {
  test("wrong method and unknown paths", () => {
    const get = validateRequestParts(spec, { method: "GET", url: TRIGGER, headers: auth });
    expect(get.violations).toEqual([
      {
        where: "method",
        message: "GET is not allowed on /v2/trigger/{workflowUrl} (allowed: POST)",
      },
    ]);
    for (const url of [`${BASE}/v2/trigger/`, `${BASE}/v1/trigger/https://x.org`]) {
      expect(
        trigger({}, {}, url).violations.map((v) => v.where),
        url,
      ).toEqual(["path"]);
    }
  });

  test("a workflow URL that is not http(s), or whose ? was left unencoded", () => {
    expect(
      trigger({}, {}, `${BASE}/v2/trigger/ftp://x.org`).violations.map((v) => v.where),
    ).toEqual(["path.workflowUrl"]);
    expect(trigger({}, {}, `${TRIGGER}?x=1`).violations).toEqual([
      { where: "query x", message: "is not declared by triggerWorkflow" },
    ]);
  });

  test("badly typed or shaped Svc- headers", () => {
    expect(trigger({ "Svc-Retries": "abc" }).violations).toEqual([
      { where: "header Svc-Retries", message: 'must be integer >= 0 (got "abc")' },
    ]);
    expect(trigger({ "Svc-Retries": "-1", "Svc-Not-Before": "soon" }).violations).toEqual([
      { where: "header Svc-Retries", message: 'must be integer >= 0 (got "-1")' },
      { where: "header Svc-Not-Before", message: 'must be integer >= 0 (got "soon")' },
    ]);
    const delay = trigger({ "Svc-Delay": "10x" }).violations;
    expect(delay.map((v) => v.where)).toEqual(["header Svc-Delay"]);
    expect(delay[0]?.message).toMatch(/^must be string matching .*\(got "10x"\)$/);
  });

  test("an undeclared Svc- header, with a hint for a misspelling", () => {
    expect(trigger({ "Svc-Retry": "3", "Svc-Forward-": "x" }).violations).toEqual([
      {
        where: "header svc-retry",
        message: "is not declared by triggerWorkflow (did you mean Svc-Retries?)",
      },
      {
        where: "header svc-forward-",
        message: "needs a non-empty HTTP token after the prefix Svc-Forward-",
      },
    ]);
  });

  test("missing or malformed auth", () => {
    const expected = [
      {
        where: "security",
        message:
          "no accepted credentials; send Authorization: Bearer <credentials> (bearerAuth) or query svc_token (queryToken)",
      },
    ];
    expect(trigger({ Authorization: "" }).violations).toEqual(expected);
    expect(trigger({ Authorization: "Bearer" }).violations).toEqual(expected);
    expect(trigger({ Authorization: "" }, {}, `${TRIGGER}?svc_token=`).violations).toEqual(
      expected,
    );
  });

  test("a wrong content type or a body of the wrong shape", () => {
    expect(trigger({ "Content-Type": "application/xml" }, "<a/>").violations).toEqual([
      {
        where: "content-type",
        message:
          'must be one of text/plain, application/json, application/octet-stream (got "application/xml")',
      },
    ]);
    expect(trigger({}, [1, 2]).violations).toEqual([
      { where: "body", message: "must be object (got [1,2])" },
    ]);
  });

  test("a status the operation does not list, held to the error object, and a response body that breaks the schema", () => {
    // The `default` answer is the error object: a 404 with one conforms, without one it does not.
    const answer = (body: unknown) =>
      validateResponseParts(spec, "triggerWorkflow", {
        status: 404,
        headers: { "content-type": "application/json" },
        body,
      });
    expect(answer({ error: "x" })).toEqual([]);
    expect(answer({})).toEqual([{ where: "response body/error", message: "is required" }]);
    expect(
      validateResponseParts(spec, "triggerWorkflow", {
        status: 200,
        headers: { "content-type": "application/json" },
        body: { workflowRunId: 7, workflowCreatedAt: "2026-01-01T00:00:00Z" },
      }),
    ).toEqual([
      { where: "response body/workflowRunId", message: "must be string (got 7)" },
      {
        where: "response body/workflowCreatedAt",
        message: 'must be integer (got "2026-01-01T00:00:00Z")',
      },
    ]);
    expect(
      validateResponseParts(spec, "triggerWorkflow", {
        status: 401,
        headers: { "content-type": "application/json" },
        body: { message: "no" },
      }),
    ).toEqual([{ where: "response body/error", message: "is required" }]);
  });
});

describe("the checks follow the spec, not hard-coded rules", () => {
  type Doc = { paths: Record<string, { post: { parameters: Record<string, unknown>[] } }> };
  const mutate = (change: (params: Record<string, unknown>[]) => void) => {
    const doc = structuredClone(spec.document) as Doc;
    const op = doc.paths["/v2/trigger/{workflowUrl}"];
    if (op === undefined) throw new Error("trigger path missing from the workflow spec");
    change(op.post.parameters);
    return createSpec("workflow", doc);
  };

  test("without x-greedy the raw workflow URL no longer matches", () => {
    const plain = mutate((params) => {
      for (const p of params) delete p["x-greedy"];
    });
    const r = validateRequestParts(plain, { method: "POST", url: TRIGGER, headers: auth });
    expect(r.violations).toEqual([
      { where: "path", message: "no operation matches /v2/trigger/https://example.org/api/wf" },
    ]);
  });

  test("a header's schema decides what passes", () => {
    const loose = mutate((params) => {
      const retries = params.find((p) => p.name === "Svc-Retries");
      if (retries !== undefined) retries.schema = { type: "string" };
    });
    const r = validateRequestParts(loose, {
      method: "POST",
      url: TRIGGER,
      headers: { ...auth, "Svc-Retries": "abc" },
    });
    expect(r.violations).toEqual([]);
  });
});
