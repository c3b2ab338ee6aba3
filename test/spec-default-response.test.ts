// Both specs declare a `default` answer with the error object, as the seeds state every error
// carries it: a live 429 or 503 with that body is on the spec for the generated tables the
// guard reads, for the dev server's response validation, and for a guarded client.
import { loadSpec, validateResponseParts } from "@x/openapi-check";
import { VectorIndex } from "@x/vector";
import { specGuard as vectorGuard } from "@x/vector/guard";
import { WorkflowClient } from "@x/workflow";
import { specGuard as workflowGuard } from "@x/workflow/guard";
import { describe, expect, it } from "vitest";
import { responseRules as vectorRules } from "../packages/vector/src/generated/responses";
import { responseRules as workflowRules } from "../packages/workflow/src/generated/responses";

const ANSWERS = [429, 503];
const errorOf = (service: string, status: number) =>
  service === "vector" ? { error: "slow down", status } : { error: "slow down" };

describe.each([
  ["vector", vectorRules],
  ["workflow", workflowRules],
] as const)("the %s spec", (service, rules) => {
  const operations = Object.values(rules).flatMap((byMethod) => Object.values(byMethod));

  it("declares a default answer with the error object for every operation", () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const { operation, responses } of operations) {
      const fallback = responses.default;
      expect(fallback?.contentTypes, operation).toEqual(["application/json"]);
      expect(fallback?.body, operation).toMatchObject({
        type: "object",
        properties: { error: { type: "string" } },
        // Required keys as sets (one per alternative); the error object's holds `error`.
        required: expect.arrayContaining([expect.arrayContaining(["error"])]),
      });
    }
  });

  it.each(ANSWERS)(
    "the dev server's response validation takes a %i with the error object",
    (status) => {
      const spec = loadSpec(service);
      for (const { operationId } of spec.operations) {
        const violations = validateResponseParts(spec, operationId, {
          status,
          headers: { "content-type": "application/json" },
          body: errorOf(service, status),
        });
        expect(violations, `${operationId} ${status}`).toEqual([]);
      }
    },
  );
});

describe.each(ANSWERS)("a guarded client meeting a %i with the error object", (status) => {
  const fetch = async () => Response.json(errorOf("vector", status), { status });

  it("vector: reports no drift, and the call fails with the typed error", async () => {
    const guard = vectorGuard({ mode: "collect" });
    const index = new VectorIndex({
      url: "https://index.example.com",
      token: "t",
      fetch,
      maxRetries: 0,
    });
    index.use(guard);
    await expect(index.info()).rejects.toMatchObject({ status });
    expect(guard.report()).toEqual([]);
  });

  it("workflow: reports no drift, and the call fails with the typed error", async () => {
    const guard = workflowGuard({ mode: "collect" });
    const answer = async () => Response.json(errorOf("workflow", status), { status });
    const client = new WorkflowClient({ token: "t", fetch: answer, maxRetries: 0 });
    client.use(guard);
    await expect(client.trigger({ url: "https://example.com/wf" })).rejects.toMatchObject({
      status,
    });
    expect(guard.report()).toEqual([]);
  });
});
