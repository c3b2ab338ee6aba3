// The spec guard is silent on answers the spec allows: for each operation of both specs and
// each status it declares, bodies drawn from the spec's own schema (random and minimal) are
// answered to a client with a guard in "collect" mode, which must report nothing. A
// thousand answers per seed; a failure prints the seed and the command that replays it.
import type { Schema, ServiceName } from "@x/openapi-check";
import { createVectorClient } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { specGuard as vectorGuard } from "@x/vector/guard";
import { createWorkflowClient } from "@x/workflow";
import { createWorkflowApi } from "@x/workflow/api";
import { specGuard as workflowGuard } from "@x/workflow/guard";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkProperty,
  propsRuns,
  propsSeeds,
  propsTimeout,
  seedTitle,
} from "../src/suite/props.js";
import { arbitraryFor } from "../src/suite/schema-arbitrary.js";
import { suiteSpec } from "../src/suite/spec-source.js";

const TOKEN = "guard_props_SECRET";
const ANSWERS = propsRuns(1000);

interface Answerable {
  service: ServiceName;
  method: string;
  path: string;
  status: number;
  schema: Schema;
}

/**
 * The statuses a declared status key answers: its own, or for `default` (the error object of
 * every status not listed) a rate limit and an outage, which the live service answers.
 */
const statusesOf = (key: string): number[] => (key === "default" ? [429, 503] : [Number(key)]);

/** Every operation and declared status of both specs with a JSON body. */
const answerables: Answerable[] = (["vector", "workflow"] as const).flatMap((service) =>
  suiteSpec(service).operations.flatMap((operation) =>
    Object.entries(operation.responses).flatMap(([key, response]) => {
      const schema = response.content?.["application/json"]?.schema;
      if (schema === undefined) return [];
      return statusesOf(key).map((status) => ({
        service,
        method: operation.method,
        path: operation.pathTemplate,
        status,
        schema,
      }));
    }),
  ),
);

/** openapi-fetch's general method, which the generated paths type per path. */
type Send = (
  method: string,
  path: string,
  init: { params: { path: Record<string, string> }; body?: unknown },
) => Promise<unknown>;

type Options = { token: string; fetch: () => Promise<Response>; maxRetries: number };

/** A vector client and its `api`'s general `request`. */
function vectorApi(options: Options) {
  const client = createVectorClient({ url: "https://index.example.com", ...options });
  return { client, request: (createVectorApi(client) as unknown as { request: Send }).request };
}

/** A workflow client and its `api`'s general `request`. */
function workflowApi(options: Options) {
  const client = createWorkflowClient(options);
  return { client, request: (createWorkflowApi(client) as unknown as { request: Send }).request };
}

/** Sends one call of `answerable` through a guarded client whose fetch answers `body`. */
async function answer(answerable: Answerable, body: unknown) {
  const fetch = async () => Response.json(body, { status: answerable.status });
  const options = { token: TOKEN, fetch, maxRetries: 0 };
  const guard =
    answerable.service === "vector"
      ? vectorGuard({ mode: "collect" })
      : workflowGuard({ mode: "collect" });
  // The guard is a policy of the client's chain, which every call of its `api` passes.
  const api = answerable.service === "vector" ? vectorApi(options) : workflowApi(options);
  api.client.use(guard);
  const path = { namespace: "ns", workflowUrl: "https://example.com/wf" };
  const send = api.request;
  const init =
    answerable.method.toUpperCase() === "GET"
      ? { params: { path } }
      : { params: { path }, body: {} };
  await send(answerable.method.toUpperCase(), answerable.path, init);
  return guard.report();
}

describe("the spec guard on generated answers the spec allows", () => {
  it("covers every operation of both specs", () => {
    const operations = new Set(answerables.map((a) => `${a.service} ${a.method} ${a.path}`));
    expect(operations.size).toBe(8);
  });

  // So that silence below means the answers fit, not that the guard never looked.
  it("reports an answer of each operation and status whose body is a bare number", async () => {
    for (const answerable of answerables) {
      const report = await answer(answerable, 7);
      expect(report, `${answerable.method} ${answerable.path} ${answerable.status}`).toEqual([
        expect.objectContaining({ part: "body", pointer: "", got: "integer" }),
      ]);
    }
  });

  const drawn = fc
    .record({
      answerable: fc.constantFrom(...answerables),
      minimal: fc.boolean(),
    })
    .chain(({ answerable, minimal }) =>
      arbitraryFor(answerable.schema, { minimal }).map((body) => ({
        answerable,
        // Plain objects, as JSON.parse makes them (fast-check's have no prototype).
        body: JSON.parse(JSON.stringify(body)) as unknown,
      })),
    );

  for (const seed of propsSeeds()) {
    const name = seedTitle(`${ANSWERS} answers: no drift reported`, seed);
    it(
      name,
      async () => {
        await checkProperty(
          fc.asyncProperty(drawn, async ({ answerable, body }) => {
            const report = await answer(answerable, body);
            expect(report, `${answerable.method} ${answerable.path} ${answerable.status}`).toEqual(
              [],
            );
          }),
          { testUrl: import.meta.url, name, seed, runs: ANSWERS },
        );
      },
      propsTimeout(ANSWERS / 10),
    );
  }
});
