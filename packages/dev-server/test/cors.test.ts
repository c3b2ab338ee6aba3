import { afterEach, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";

const TOKEN = "cors-test-token";
const PAGE = "http://localhost:5173";

let dev: DevServer | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function start(corsOrigin?: string): Promise<DevServer> {
  dev = await startDevServer({
    token: TOKEN,
    vector: { dimension: 2 },
    ...(corsOrigin === undefined ? {} : { corsOrigin }),
  });
  return dev;
}

const triggerPath = `/v2/trigger/${encodeURIComponent("http://127.0.0.1:1/wf")}`;

function preflight(url: string, origin = PAGE) {
  return fetch(url, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type",
    },
  });
}

describe("CORS, any origin (the default)", () => {
  it.each(["vector", "workflow"] as const)(
    "%s: a preflight is a 204 with the grants",
    async (which) => {
      const { vectorUrl, workflowUrl } = await start();
      const url = which === "vector" ? `${vectorUrl}/query` : `${workflowUrl}${triggerPath}`;
      const response = await preflight(url);
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-methods")).toContain("POST");
      expect(response.headers.get("access-control-allow-headers")).toBe(
        "authorization,content-type",
      );
    },
  );

  it.each([
    ["vector", "/info", 401],
    ["vector", "/nowhere", 404],
    ["workflow", triggerPath, 401],
    ["workflow", "/nowhere", 404],
  ] as const)(
    "%s %s: an error answer (%d) carries the CORS headers too",
    async (which, path, status) => {
      const { vectorUrl, workflowUrl } = await start();
      const base = which === "vector" ? vectorUrl : workflowUrl;
      const response = await fetch(`${base}${path}`, {
        method: path === "/info" ? "GET" : "POST",
        headers: { origin: PAGE },
      });
      expect(response.status).toBe(status);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-expose-headers")).toContain("Retry-After");
      expect(await response.json()).toHaveProperty("error");
    },
  );

  it("a successful answer carries Access-Control-Allow-Origin", async () => {
    const { vectorUrl } = await start();
    const response = await fetch(`${vectorUrl}/info`, {
      headers: { origin: PAGE, authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("CORS restricted with corsOrigin", () => {
  it("echoes an allowed origin and refuses another with 403, before acting", async () => {
    const { vectorUrl, workflowUrl } = await start(`${PAGE}, https://app.example`);
    const allowed = await preflight(`${vectorUrl}/query`);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(allowed.headers.get("vary")).toBe("Origin");

    const refused = await fetch(`${workflowUrl}${triggerPath}?svc_token=${TOKEN}`, {
      method: "POST",
      headers: { origin: "http://evil.test", "content-type": "text/plain" },
      body: "x",
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect((await refused.json()).error).toContain("http://evil.test is not allowed");
    // A "simple" request from a refused origin started nothing.
    const runs = await fetch(`${workflowUrl}/v2/dev/runs`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await runs.json()).toEqual({ runs: [] });

    const vectorRefused = await preflight(`${vectorUrl}/query`, "http://evil.test");
    expect(vectorRefused.status).toBe(403);
    expect(await vectorRefused.json()).toMatchObject({ status: 403 });
  });

  it("a value that is not an origin is refused at start", async () => {
    await expect(start("localhost:5173")).rejects.toThrow(
      /corsOrigin: "localhost:5173" is not an origin/,
    );
  });
});

describe("CORS on the test kit's routes (faults, snapshot, a run)", () => {
  const auth = { authorization: `Bearer ${TOKEN}` };

  it.each([
    ["vector", "/v2/dev/snapshot", "PUT"],
    ["workflow", "/v2/dev/faults/fault_1", "DELETE"],
    ["workflow", "/v2/dev/runs/wfr_1", "DELETE"],
  ] as const)("%s %s: a preflight for %s is granted it", async (which, path, method) => {
    const { vectorUrl, workflowUrl } = await start();
    const base = which === "vector" ? vectorUrl : workflowUrl;
    const response = await fetch(`${base}${path}`, {
      method: "OPTIONS",
      headers: {
        origin: PAGE,
        "access-control-request-method": method,
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const methods = response.headers.get("access-control-allow-methods") ?? "";
    expect(methods.split(", ")).toEqual(expect.arrayContaining(["GET", method]));
  });

  it("answers, and refuses a missing token, with the CORS headers", async () => {
    const { vectorUrl } = await start();
    const listed = await fetch(`${vectorUrl}/v2/dev/faults`, {
      headers: { origin: PAGE, ...auth },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await fetch(`${vectorUrl}/v2/dev/faults`, { headers: { origin: PAGE } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("refuses a page from an origin corsOrigin leaves out with 403, before acting", async () => {
    const server = await start(PAGE);
    await server.faults.add({ service: "vector", status: 503 });
    const cleared = await fetch(`${server.vectorUrl}/v2/dev/faults`, {
      method: "DELETE",
      headers: { origin: "http://evil.test", ...auth },
    });
    expect(cleared.status).toBe(403);
    expect(await cleared.json()).toMatchObject({
      status: 403,
      error: expect.stringContaining("http://evil.test"),
    });
    expect(await server.faults.list()).toHaveLength(1);

    const allowed = await fetch(`${server.workflowUrl}/v2/dev/snapshot`, {
      headers: { origin: PAGE, ...auth },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PAGE);
    expect(allowed.headers.get("vary")).toBe("Origin");
  });
});
