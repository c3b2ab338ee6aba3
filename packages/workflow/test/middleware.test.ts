import { describe, expect, it } from "vitest";
import { createWorkflowApi } from "../src/api";
import type { Middleware } from "../src/index";
import { BASE, RESULT, setup, TOKEN, WORKFLOW } from "./helpers";

/** A middleware that records each call's path template and whether it saw a token. */
function recorder() {
  const seen: Array<{ schemaPath: string; url: string; authorization: string | null }> = [];
  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      seen.push({
        schemaPath,
        url: request.url,
        authorization: request.headers.get("authorization"),
      });
      request.headers.set("x-traced", "yes");
    },
  };
  return { middleware, seen };
}

describe("use(): openapi-fetch middleware on trigger and api", () => {
  it("runs once around a trigger, sees the raw workflow URL and no token", async () => {
    const { client, only } = setup();
    const { middleware, seen } = recorder();
    client.use(middleware);
    await expect(client.trigger({ url: WORKFLOW, body: "hi" })).resolves.toEqual(RESULT);
    expect(seen).toEqual([
      {
        schemaPath: "/v2/trigger/{workflowUrl}",
        url: `${BASE}/v2/trigger/${WORKFLOW}`,
        authorization: null,
      },
    ]);
    const request = only();
    expect(request.headers.get("x-traced")).toBe("yes");
    expect(request.headers.get("content-type")).toBe("text/plain");
    expect(request.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(await request.text()).toBe("hi");
  });

  it("runs around api, and stops after eject()", async () => {
    const { client, requests } = setup();
    const { middleware, seen } = recorder();
    client.use(middleware);
    const { data } = await createWorkflowApi(client).POST("/v2/trigger/{workflowUrl}", {
      params: { path: { workflowUrl: WORKFLOW } },
    });
    expect(data).toEqual(RESULT);
    client.eject(middleware);
    await client.trigger({ url: WORKFLOW });
    expect(seen).toHaveLength(1);
    expect(requests.map((request) => request.headers.get("x-traced"))).toEqual(["yes", null]);
  });
});
