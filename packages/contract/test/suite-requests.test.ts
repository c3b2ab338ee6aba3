// Generated requests: random valid inputs must yield requests the spec accepts, random
// invalid inputs must throw a ValidationError and send nothing.

import { checkRequest, formatViolations, type ServiceName } from "@x/openapi-check";
import { VectorIndex } from "@x/vector";
import { WorkflowClient } from "@x/workflow";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FetchFn } from "../src/suite/clients.js";
import { RUNS } from "../src/suite/runs.js";
import { registerPerSpec, suiteSpec } from "../src/suite/spec-source.js";
import { type Call, invalidVectorCall, namespace, vectorCall } from "../src/suite/vector-inputs.js";
import { invalidTriggerOptions, triggerOptions } from "../src/suite/workflow-inputs.js";

const TOKEN = "gen_token_SECRET";
const VECTOR_URL = "https://my-index.vector.example.com";

/** A fetch that records each request and answers every one with `answer()`. */
function recorder(answer: () => Response = () => Response.json({ result: [] })) {
  const sent: Request[] = [];
  const fetch: FetchFn = async (url, init) => {
    const request = new Request(url, init);
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

registerPerSpec(() => {
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
            const client = new WorkflowClient({
              token: TOKEN,
              tokenIn: tokenIn as "header",
              fetch,
            });
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
    // it into /v2/trigger/ itself, and the service would read another URL. The client refuses
    // them before sending.
    it.each([
      "https://example.org/..",
      "https://example.org/a/../../b",
      "http://127.0.0.1:3000/../../../../x",
      "https://example.org/./../wf?x=1",
    ])("a workflow URL with dot segments (%s) is refused and nothing is sent", async (url) => {
      const { sent, fetch } = recorder();
      const client = new WorkflowClient({ token: TOKEN, fetch });
      await expect(client.trigger({ url })).rejects.toMatchObject({
        name: "ValidationError",
        field: "url",
      });
      expect(sent).toHaveLength(0);
    });

    it("random vector calls in random namespaces: the spec accepts the request", async () => {
      await fc.assert(
        fc.asyncProperty(vectorCall, fc.option(namespace, { nil: undefined }), async (call, ns) => {
          const { sent, fetch } = recorder(() => vectorAnswer(call));
          const index = new VectorIndex({ url: VECTOR_URL, token: TOKEN, namespace: ns, fetch });
          const [method, ...args] = call;
          await (index as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[
            method
          ]?.(...args);
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
});
