// The regenerate story: an operation added to a spec is callable as soon as `pnpm gen` has
// written its types, through openapi-fetch's client over our core (what `createVectorApi`
// makes), with no hand-written wrapper. The fixture spec is the published vector spec plus the
// dev server's POST /upsert: `pnpm gen` writes it from the spec and
// fixtures/vector-upsert.change.yaml.
import { readFileSync } from "node:fs";
import { createApiFetch, createCoreClient, jsonAnswers } from "@x/core/internal";
import { VectorIndex } from "@x/vector";
import createClient, { type Client } from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { parse } from "yaml";
import { type DevServer, startDevServer } from "../src/index.js";
import type { paths as FixturePaths } from "./fixtures/vector-with-upsert.js";

const PUBLISHED_SPEC = new URL("../../../specs/vector/openapi.yaml", import.meta.url);
const FIXTURE_SPEC = new URL("./fixtures/vector-with-upsert.openapi.yaml", import.meta.url);

let dev: DevServer;
let api: Client<FixturePaths>;

beforeAll(async () => {
  dev = await startDevServer({ vector: { dimension: 2 } });
  // As createVectorApi builds it, for the fixture's paths.
  const core = createCoreClient({ baseUrl: dev.vectorUrl, token: dev.token, maxRetries: 0 });
  api = createClient<FixturePaths>({
    baseUrl: core.baseUrl,
    headers: core.defaultHeaders,
    pathSerializer: core.pathSerializer,
    fetch: createApiFetch(core, ["/upsert", "/upsert/{namespace}", "/fetch"]),
  });
  api.use(jsonAnswers(core));
});
afterAll(() => dev.close());

describe("an operation added to the spec, called through openapi-fetch over the transport", () => {
  it("upserts through POST /upsert and reads the record back", async () => {
    const { data: written } = await api.POST("/upsert", {
      body: [{ id: "a", vector: [1, 0] }],
    });
    expectTypeOf(written).toEqualTypeOf<{ result: "Success" } | undefined>();
    expect(written).toEqual({ result: "Success" });

    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
    expect(await index.fetch(["a"], { includeVectors: true })).toEqual([
      { id: "a", vector: [1, 0] },
    ]);

    const { data: fetched } = await api.POST("/fetch", {
      body: { ids: ["a"], includeVectors: true },
    });
    expect(fetched).toEqual({ result: [{ id: "a", vector: [1, 0] }] });
  });

  it("fills the namespace of /upsert/{namespace} and gives the response", async () => {
    const { data, response } = await api.POST("/upsert/{namespace}", {
      params: { path: { namespace: "fixture ns" } },
      body: { id: "b", vector: [0, 1], metadata: { genre: "drama" } },
    });
    expect(data).toEqual({ result: "Success" });
    expect(response.status).toBe(200);

    const index = new VectorIndex({ url: dev.vectorUrl, token: dev.token });
    expect(await index.namespace("fixture ns").fetch(["b"], { includeMetadata: true })).toEqual([
      { id: "b", metadata: { genre: "drama" } },
    ]);
  });

  it("refuses a wrong body, path or method at compile time, as the server does at run time", async () => {
    // Each directive below fails the package's typecheck (it covers test/) if its line
    // compiles; sent anyway, each call gets the server's 4xx.
    // @ts-expect-error: vector is number[], not a string
    const wrongBody = await api.POST("/upsert", { body: { id: "a", vector: "1,0" } });
    expect(wrongBody.response.status).toBe(400);
    // @ts-expect-error: no such path in the spec
    const unknownPath = await api.POST("/upsert-many", { body: [] });
    expect(unknownPath.response.status).toBe(404);
    // @ts-expect-error: /upsert is POST only
    const wrongMethod = await api.GET("/upsert", {});
    expect(wrongMethod.response.status).toBe(405);
  });
});

describe("the fixture spec", () => {
  it("is the published vector spec plus the upsert operation and its components", () => {
    const published = parse(readFileSync(PUBLISHED_SPEC, "utf8"));
    const fixture = parse(readFileSync(FIXTURE_SPEC, "utf8"));
    delete fixture.paths["/upsert"];
    delete fixture.paths["/upsert/{namespace}"];
    delete fixture.components.requestBodies.Upsert;
    delete fixture.components.responses.UpsertOk;
    delete fixture.components.schemas.UpsertRecord;
    delete fixture.components.schemas.UpsertRequest;
    delete fixture.components.schemas.UpsertResponse;
    expect(fixture).toEqual(published);
  });
});
