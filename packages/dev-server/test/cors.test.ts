import { afterEach, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { openSnapshot } from "../src/persistence/state.js";

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

describe("CORS on the test kit's routes: the dashboard's origin and kitOrigins only", () => {
  const auth = { authorization: `Bearer ${TOKEN}` };
  const kitRoutes = [
    ["vector", "/v2/dev/snapshot", "GET"],
    ["workflow", "/v2/dev/faults", "GET"],
    ["workflow", "/v2/dev/runs", "GET"],
    ["workflow", "/v2/dev/clock", "GET"],
    ["workflow", "/v2/dev/vector/info", "GET"],
  ] as const;

  async function startKit(kitOrigins?: string): Promise<DevServer> {
    dev = await startDevServer({
      token: TOKEN,
      vector: { dimension: 2 },
      ...(kitOrigins === undefined ? {} : { kitOrigins }),
    });
    return dev;
  }

  it.each(kitRoutes)(
    "%s %s: a page of another origin gets a 403, even with the token",
    async (which, path) => {
      const { vectorUrl, workflowUrl } = await startKit();
      const base = which === "vector" ? vectorUrl : workflowUrl;
      const read = await fetch(`${base}${path}`, { headers: { origin: PAGE, ...auth } });
      expect(read.status).toBe(403);
      expect(((await read.json()) as { error: string }).error).toContain(
        `origin ${PAGE} may not call the test kit's routes`,
      );
      expect((await preflight(`${base}${path}`)).status).toBe(403);
    },
  );

  it("a page of another origin cannot wipe the index or add a fault", async () => {
    const server = await startKit();
    await server.vector.upsert([{ id: "a", vector: [1, 0] }]);
    const wiped = await fetch(`${server.workflowUrl}/v2/dev/snapshot`, {
      method: "PUT",
      headers: { origin: "http://evil.test", "content-type": "text/plain", ...auth },
      body: JSON.stringify({ ...openSnapshot(await server.snapshot()), namespaces: {} }),
    });
    expect(wiped.status).toBe(403);
    const added = await fetch(`${server.vectorUrl}/v2/dev/faults`, {
      method: "POST",
      headers: { origin: "http://evil.test", "content-type": "text/plain", ...auth },
      body: JSON.stringify({ service: "vector", status: 503 }),
    });
    expect(added.status).toBe(403);
    expect(openSnapshot(await server.snapshot()).namespaces[""]).toHaveLength(1);
    expect(await server.faults.list()).toEqual([]);
  });

  it("the dashboard's own origin, by its address or localhost, is answered", async () => {
    const { workflowUrl } = await startKit();
    const port = new URL(workflowUrl).port;
    for (const origin of [workflowUrl, `http://localhost:${port}`]) {
      const advanced = await fetch(`${workflowUrl}/v2/dev/clock`, {
        headers: { origin, ...auth },
      });
      expect(advanced.status).toBe(200);
    }
  });

  it("kitOrigins lists more pages: a preflight is granted the kit's methods, answers echo the origin", async () => {
    const { vectorUrl, workflowUrl } = await startKit(PAGE);
    for (const [base, path, method] of [
      [vectorUrl, "/v2/dev/snapshot", "PUT"],
      [workflowUrl, "/v2/dev/faults/fault_1", "DELETE"],
    ] as const) {
      const granted = await fetch(`${base}${path}`, {
        method: "OPTIONS",
        headers: {
          origin: PAGE,
          "access-control-request-method": method,
          "access-control-request-headers": "authorization,content-type",
        },
      });
      expect(granted.status).toBe(204);
      expect(granted.headers.get("access-control-allow-origin")).toBe(PAGE);
      const methods = granted.headers.get("access-control-allow-methods") ?? "";
      expect(methods.split(", ")).toEqual(expect.arrayContaining(["GET", method]));
    }
    const listed = await fetch(`${vectorUrl}/v2/dev/faults`, {
      headers: { origin: PAGE, ...auth },
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe(PAGE);
    const other = await fetch(`${vectorUrl}/v2/dev/faults`, {
      headers: { origin: "http://evil.test", ...auth },
    });
    expect(other.status).toBe(403);
  });

  it("the services' own routes keep their policy: any origin by default", async () => {
    const { vectorUrl } = await startKit();
    const info = await fetch(`${vectorUrl}/info`, { headers: { origin: PAGE, ...auth } });
    expect(info.status).toBe(200);
    expect(info.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("a kitOrigins entry that is not an origin is refused at start", async () => {
    await expect(startDevServer({ kitOrigins: "localhost:5173" })).rejects.toThrow(
      /kitOrigins: "localhost:5173" is not an origin/,
    );
  });
});

describe("the kit's origin rule is the only one on the kit's routes, whatever corsOrigin says", () => {
  const auth = { authorization: `Bearer ${TOKEN}` };
  const APP = "https://app.example";
  // One route per family: the runs, the clock, the vector routes the dashboard reads, the
  // faults and the snapshot, on the port the dashboard calls them on.
  const families = [
    ["runs", "GET", "/v2/dev/runs", undefined],
    ["clock", "POST", "/v2/dev/clock", { advance: "1s" }],
    ["vector info", "GET", "/v2/dev/vector/info", undefined],
    ["vector scan", "POST", "/v2/dev/vector/scan", {}],
    ["faults", "GET", "/v2/dev/faults", undefined],
    ["snapshot", "GET", "/v2/dev/snapshot", undefined],
  ] as const;

  async function startRestricted(kitOrigins?: string): Promise<DevServer> {
    dev = await startDevServer({
      token: TOKEN,
      vector: { dimension: 2 },
      clock: "manual",
      corsOrigin: APP,
      ...(kitOrigins === undefined ? {} : { kitOrigins }),
    });
    return dev;
  }

  function call(url: string, origin: string, method: string, body: unknown) {
    return fetch(url, {
      method,
      headers: { origin, ...auth, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  it.each(families)(
    "%s: the dashboard's own page is answered with --cors-origin set to another",
    async (_family, method, path, body) => {
      const { workflowUrl } = await startRestricted();
      const answer = await call(`${workflowUrl}${path}`, workflowUrl, method, body);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("access-control-allow-origin")).toBe(workflowUrl);
      const granted = await fetch(`${workflowUrl}${path}`, {
        method: "OPTIONS",
        headers: { origin: workflowUrl, "access-control-request-method": method },
      });
      expect(granted.status).toBe(204);
      expect(granted.headers.get("access-control-allow-origin")).toBe(workflowUrl);
    },
  );

  it.each(families)(
    "%s: a page kitOrigins lists is answered; the page corsOrigin lists is not",
    async (_family, method, path, body) => {
      const { workflowUrl } = await startRestricted(PAGE);
      const listed = await call(`${workflowUrl}${path}`, PAGE, method, body);
      expect(listed.status).toBe(200);
      expect(listed.headers.get("access-control-allow-origin")).toBe(PAGE);
      const app = await call(`${workflowUrl}${path}`, APP, method, body);
      expect(app.status).toBe(403);
      expect(((await app.json()) as { error: string }).error).toContain(
        `origin ${APP} may not call the test kit's routes`,
      );
    },
  );

  it("the services' own routes keep corsOrigin: the dashboard's origin is not let into them", async () => {
    const { workflowUrl, vectorUrl } = await startRestricted();
    const info = await fetch(`${vectorUrl}/info`, { headers: { origin: workflowUrl, ...auth } });
    expect(info.status).toBe(403);
    const app = await fetch(`${vectorUrl}/info`, { headers: { origin: APP, ...auth } });
    expect(app.status).toBe(200);
    expect(app.headers.get("access-control-allow-origin")).toBe(APP);
  });
});
