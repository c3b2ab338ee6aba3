// Generated responses: every body the spec allows for an operation (random and minimal,
// success and error) must come back from the client whole, as its types promise.

import { checkResponse, formatViolations, type Schema, type ServiceName } from "@x/openapi-check";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import Ajv from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FetchFn } from "../src/suite/clients.js";
import { PROMISES } from "../src/suite/promises.js";
import { RUNS } from "../src/suite/runs.js";
import { arbitraryFor } from "../src/suite/schema-arbitrary.js";
import { registerPerSpec, suiteSpec } from "../src/suite/spec-source.js";

const TOKEN = "gen_token_SECRET";
const VECTOR_URL = "https://my-index.vector.example.com";

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
        call: (fetch) => vector(fetch, ns).fetch({ ids: ["a", "b"] }),
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

// Seed facts: the error class each declared error status maps to.
const ERROR_CLASSES: Record<string, string> = {
  "400": "BadRequestError",
  "401": "AuthenticationError",
  "404": "NotFoundError",
  "422": "UnprocessableEntityError",
  "500": "InternalServerError",
};

registerPerSpec(() => {
  describe("the spec's own examples", () => {
    const operationIds = [...new Set(TARGETS.map((t) => `${t.service} ${t.operationId}`))];
    it.each(operationIds)("%s: every 200 example comes back whole", async (key) => {
      const [service, operationId] = key.split(" ") as [ServiceName, string];
      const op = suiteSpec(service).operations.find((o) => o.operationId === operationId);
      const examples = Object.entries(
        op?.responses["200"]?.content?.["application/json"]?.examples ?? {},
      );
      expect(examples.length, `${operationId} has 200 examples`).toBeGreaterThan(0);
      for (const [name, { value }] of examples) {
        const body = value as { result?: unknown };
        // Each example fits at least one call shape (a single query or a batch, say).
        let used = 0;
        for (const target of TARGETS.filter((t) => t.operationId === operationId)) {
          const expected = target.expected(body);
          if (expected === SKIP) continue;
          used++;
          const value = await target.call(async () => Response.json(body), body.result);
          expect(value, `${operationId} example ${name} via ${target.name}`).toStrictEqual(
            expected,
          );
        }
        expect(used, `no call returns ${operationId} example ${name}`).toBeGreaterThan(0);
      }
    });
  });

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
              expect(
                formatViolations(violations),
                "the generator made a body the spec rejects",
              ).toBe("");
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
});
