// Generated cases: random valid inputs must yield requests the spec accepts, random
// responses the spec allows must come back whole, random invalid inputs must send nothing.
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import Ajv from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkRequest,
  checkResponse,
  formatViolations,
  type Schema,
  type ServiceName,
} from "../src/index.js";
import { type FetchFn, requestOf } from "../src/suite/clients.js";
import {
  type Call,
  invalidTriggerOptions,
  invalidVectorCall,
  namespace,
  triggerOptions,
  vectorCall,
} from "../src/suite/input-arbitraries.js";
import { PROMISES } from "../src/suite/promises.js";
import { arbitraryFor } from "../src/suite/schema-arbitrary.js";
import { suiteSpec } from "../src/suite/spec-source.js";

// The mutation script lowers this to keep its many runs short; 100 otherwise.
const RUNS = { numRuns: Number(process.env.X_CONTRACT_RUNS) || 100 };
const TOKEN = "gen_token_SECRET";
const VECTOR_URL = "https://my-index.vector.example.com";

/** A fetch that records each request and answers every one with `answer()`. */
function recorder(answer: () => Response = () => Response.json({ result: [] })) {
  const sent: Request[] = [];
  const fetch: FetchFn = async (input, init) => {
    const request = requestOf(input, init);
    sent.push(request);
    return answer();
  };
  return { sent, fetch };
}

async function specRejects(service: ServiceName, request: Request) {
  const check = await checkRequest(suiteSpec(service), request);
  if (check.violations.length > 0) {
    throw new Error(
      `the spec rejects ${request.method} ${request.url}:\n${formatViolations(check.violations)}`,
    );
  }
  return check;
}

function vectorAnswer(call: Call): Response {
  const [method, arg] = call;
  const result =
    method === "range"
      ? { nextCursor: "", vectors: [] }
      : method === "info"
        ? {
            vectorCount: 0,
            pendingVectorCount: 0,
            indexSize: 0,
            dimension: 1,
            similarityFunction: "COSINE",
            indexType: "DENSE",
            namespaces: {},
          }
        : method === "queryMany" && (arg as unknown[]).length > 1
          ? (arg as unknown[]).map(() => [])
          : [];
  return Response.json({ result });
}

describe("generated requests", () => {
  it("random valid trigger options: the spec accepts the request and the URL survives", async () => {
    await fc.assert(
      fc.asyncProperty(
        triggerOptions,
        fc.constantFrom("header", "query"),
        async (options, tokenIn) => {
          const { sent, fetch } = recorder(() =>
            Response.json({ workflowRunId: "r", workflowCreatedAt: 1 }),
          );
          const client = new WorkflowClient({ token: TOKEN, tokenIn: tokenIn as "header", fetch });
          await client.trigger(options);
          expect(sent).toHaveLength(1);
          const request = sent[0] as Request;
          const check = await specRejects("workflow", request);
          // The service decodes the path back into the same workflow URL.
          const recovered = check.operation?.params.workflowUrl ?? "";
          expect(URL.canParse(recovered) && new URL(recovered).href).toBe(
            new URL(options.url).href,
          );
          if (options.retries !== undefined) {
            expect(request.headers.get("svc-retries")).toBe(String(options.retries));
          }
          if (options.labels !== undefined) {
            // Blanks around a label are not part of it (and Headers trims the value's ends).
            const labels = [options.labels].flat().map((l) => l.trim());
            const sentLabels = request.headers
              .get("svc-label")
              ?.split(",")
              .map((l) => l.trim());
            expect(sentLabels).toEqual(labels.length ? labels : undefined);
          }
        },
      ),
      RUNS,
    );
  });

  // The request URL resolves dot segments, so "/.." in the workflow URL would climb out of
  // it into /v2/trigger/ itself. Either the same URL reaches the service or the client
  // refuses it; a request the spec rejects is neither.
  it.each([
    "https://example.org/..",
    "https://example.org/a/../../b",
    "http://127.0.0.1:3000/../../../../x",
    "https://example.org/./../wf?x=1",
  ])("a workflow URL with dot segments (%s) reaches the service as the same URL", async (url) => {
    const { sent, fetch } = recorder(() =>
      Response.json({ workflowRunId: "r", workflowCreatedAt: 1 }),
    );
    const client = new WorkflowClient({ token: TOKEN, fetch });
    const refused = await client.trigger({ url }).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (refused !== undefined) {
      expect(refused).toMatchObject({ name: "ValidationError", field: "url" });
      expect(sent).toHaveLength(0);
      return;
    }
    const check = await specRejects("workflow", sent[0] as Request);
    expect(new URL(check.operation?.params.workflowUrl ?? "").href).toBe(new URL(url).href);
  });

  it("random vector calls in random namespaces: the spec accepts the request", async () => {
    await fc.assert(
      fc.asyncProperty(vectorCall, fc.option(namespace, { nil: undefined }), async (call, ns) => {
        const { sent, fetch } = recorder(() => vectorAnswer(call));
        const index = new VectorIndex({ url: VECTOR_URL, token: TOKEN, namespace: ns, fetch });
        const [method, ...args] = call;
        await (index as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]?.(
          ...args,
        );
        expect(sent).toHaveLength(1);
        const check = await specRejects("vector", sent[0] as Request);
        if (method !== "info" && ns) expect(check.operation?.params.namespace).toBe(ns);
      }),
      RUNS,
    );
  });
});

describe("invalid input", () => {
  it("random invalid trigger options throw a ValidationError naming the field and send nothing", async () => {
    await fc.assert(
      fc.asyncProperty(invalidTriggerOptions, async ({ field, options }) => {
        const { sent, fetch } = recorder();
        const client = new WorkflowClient({ token: TOKEN, fetch });
        const error = await client.trigger(options as never).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ name: "ValidationError", field });
        expect(sent).toHaveLength(0);
      }),
      RUNS,
    );
  });

  it("random invalid vector input throws a ValidationError naming the field and sends nothing", async () => {
    await fc.assert(
      fc.asyncProperty(invalidVectorCall, async ({ field, call }) => {
        const { sent, fetch } = recorder();
        const index = new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch });
        const [method, ...args] = call;
        const error = await (async () =>
          (index as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]?.(
            ...args,
          ))().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ name: "ValidationError", field });
        expect(sent).toHaveLength(0);
      }),
      RUNS,
    );
  });
});

interface ResponseTarget {
  name: string;
  service: ServiceName;
  operationId: string;
  /** Calls the client; `result` is the generated body's payload (for batch sizes). */
  call(fetch: FetchFn, payload: unknown): Promise<unknown>;
  /** The part of the body the call resolves to; `skip` when this body does not fit the call. */
  expected(body: { result?: unknown }): unknown;
  promise: keyof typeof PROMISES;
}

const SKIP = Symbol("skip");
const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const vector = (fetch: FetchFn, ns?: string) =>
  new VectorIndex({ url: VECTOR_URL, token: TOKEN, fetch, maxRetries: 0, namespace: ns });

const TARGETS: ResponseTarget[] = [
  {
    name: "trigger",
    service: "workflow",
    operationId: "triggerWorkflow",
    call: (fetch) =>
      new WorkflowClient({ token: TOKEN, fetch }).trigger({ url: "https://example.org/wf" }),
    expected: (body) => body,
    promise: "trigger",
  },
  ...[undefined, "ns"].flatMap((ns): ResponseTarget[] => {
    const suffix = ns ? "InNamespace" : "";
    return [
      {
        name: `range${ns ? " in a namespace" : ""}`,
        service: "vector",
        operationId: `rangeVectors${suffix}`,
        call: (fetch) => vector(fetch, ns).range({ cursor: "0", limit: 5 }),
        expected: (body) => body.result,
        promise: "range",
      },
      {
        name: `query${ns ? " in a namespace" : ""}`,
        service: "vector",
        operationId: `queryVectors${suffix}`,
        call: (fetch) => vector(fetch, ns).query({ vector: [1] }),
        // A single query answers one list of records.
        expected: (body) => (isList(body.result) && !body.result.some(isList) ? body.result : SKIP),
        promise: "query",
      },
      {
        name: `queryMany${ns ? " in a namespace" : ""}`,
        service: "vector",
        operationId: `queryVectors${suffix}`,
        call: (fetch, payload) =>
          vector(fetch, ns).queryMany((payload as unknown[]).map(() => ({ vector: [1] }))),
        // A batch of n > 1 answers n lists.
        expected: (body) =>
          isList(body.result) && body.result.length > 1 && body.result.every(isList)
            ? body.result
            : SKIP,
        promise: "queryMany",
      },
      {
        name: `fetch${ns ? " in a namespace" : ""}`,
        service: "vector",
        operationId: `fetchVectors${suffix}`,
        call: (fetch) => vector(fetch, ns).fetch(["a", "b"]),
        expected: (body) => body.result,
        promise: "fetch",
      },
    ];
  }),
  {
    name: "info",
    service: "vector",
    operationId: "getIndexInfo",
    call: (fetch) => vector(fetch).info(),
    expected: (body) => body.result,
    promise: "info",
  },
];

const ajv = new Ajv({ allErrors: true, strict: false });

describe("generated responses", () => {
  for (const target of TARGETS) {
    for (const minimal of [false, true]) {
      it(`${target.name}: ${minimal ? "minimal" : "random"} 200 bodies from the spec come back whole and as the client's types promise`, async () => {
        const operation = suiteSpec(target.service).operations.find(
          (op) => op.operationId === target.operationId,
        );
        const schema = operation?.responses["200"]?.content?.["application/json"]?.schema;
        expect(schema, `${target.operationId} declares a JSON 200 response`).toBeDefined();
        const keeps = ajv.compile(PROMISES[target.promise]);
        await fc.assert(
          fc.asyncProperty(arbitraryFor(schema as Schema, { minimal }), async (generated) => {
            // Plain objects, as JSON.parse makes them (fast-check's have no prototype).
            const body = JSON.parse(JSON.stringify(generated)) as { result?: unknown };
            const expected = target.expected(body);
            fc.pre(expected !== SKIP);
            const response = () => Response.json(body);
            const violations = await checkResponse(
              suiteSpec(target.service),
              target.operationId,
              response(),
            );
            expect(formatViolations(violations), "the generator made a body the spec rejects").toBe(
              "",
            );
            const value = await target.call(async () => response(), body.result);
            expect(value).toStrictEqual(expected);
            if (!keeps(value)) {
              throw new Error(
                `the client's ${target.promise} type does not hold for ${JSON.stringify(value)}: ${ajv.errorsText(keeps.errors)}`,
              );
            }
          }),
          RUNS,
        );
      });
    }
  }
});

// Seed facts: the error class each declared error status maps to.
const ERROR_CLASSES: Record<string, string> = {
  "400": "BadRequestError",
  "401": "AuthenticationError",
  "404": "NotFoundError",
  "422": "UnprocessableEntityError",
  "500": "InternalServerError",
};

describe("generated error responses", () => {
  for (const target of TARGETS.filter((t) => t.promise !== "queryMany")) {
    const operation = suiteSpec(target.service).operations.find(
      (op) => op.operationId === target.operationId,
    );
    const statuses = Object.keys(operation?.responses ?? {}).filter((s) => /^[45]\d\d$/.test(s));
    it(`${target.name}: every declared error status (${statuses.join(", ")}) is its error class with the body kept`, async () => {
      expect(statuses.length).toBeGreaterThan(0);
      for (const status of statuses) {
        const schema = operation?.responses[status]?.content?.["application/json"]?.schema;
        expect(schema, `${target.operationId} ${status} declares a JSON body`).toBeDefined();
        expect(ERROR_CLASSES[status], `a seed fact for status ${status}`).toBeDefined();
        await fc.assert(
          fc.asyncProperty(arbitraryFor(schema as Schema), async (generated) => {
            const body = JSON.parse(JSON.stringify(generated)) as { error?: unknown };
            const response = () => Response.json(body, { status: Number(status) });
            const violations = await checkResponse(
              suiteSpec(target.service),
              target.operationId,
              response(),
            );
            expect(formatViolations(violations)).toBe("");
            const error = await target
              .call(async () => response(), [[], []])
              .then(
                () => undefined,
                (e: unknown) => e as Error & { status?: number; body?: unknown },
              );
            expect(error?.name).toBe(ERROR_CLASSES[status]);
            expect(error?.status).toBe(Number(status));
            expect(error?.body).toStrictEqual(body);
            if (typeof body.error === "string") expect(error?.message).toContain(body.error);
          }),
          { numRuns: Math.ceil(RUNS.numRuns / 4) },
        );
      }
    });
  }
});
