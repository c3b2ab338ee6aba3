// The samples the API reference shows (docs/samples/<service>/<operationId>.ts and .sh)
// run against the dev server: every TypeScript sample through the SDK, every curl sample
// through curl (or, where curl is missing, the same request through fetch). A sample
// that no longer works turns this suite red before the reference shows it.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { format, isDeepStrictEqual, promisify } from "node:util";
import { type DevServer, startDevServer } from "@x/dev-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { curlRequest } from "../docs/src/curl-sample.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const samples = join(root, "docs/samples");
const workflowUrl = "https://example.org/api/workflow";

// What each sample must print, given the records seeded below: proof it read real data.
const expectedOutput: Record<string, { service: string; output: string }> = {
  triggerWorkflow: { service: "workflow", output: "order-10" },
  rangeVectors: { service: "vector", output: "doc-2" },
  rangeVectorsInNamespace: { service: "vector", output: "sku-1" },
  queryVectors: { service: "vector", output: "doc-1" },
  queryVectorsInNamespace: { service: "vector", output: "sku-1" },
  fetchVectors: { service: "vector", output: "sci-fi" },
  fetchVectorsInNamespace: { service: "vector", output: "sku-2" },
  getIndexInfo: { service: "vector", output: "DENSE" },
};
const operationIds = Object.keys(expectedOutput);

const seed = [
  { id: "doc-1", vector: [0.1, 0.2, 0.3], metadata: { genre: "sci-fi", year: 2009 } },
  { id: "doc-2", vector: [0.3, 0.2, 0.1], metadata: { genre: "drama", year: 1994 } },
  { id: "sku-1", vector: [0.9, 0.1, 0.0], namespace: "products" },
  { id: "sku-2", vector: [0.8, 0.2, 0.1], namespace: "products" },
];

/** Deliveries the dev server made to the sample's workflow URL, answered here. */
interface Delivery {
  headers: Headers;
  body: string;
}
const deliveries: Delivery[] = [];
const waiting: (() => void)[] = [];

/** The first delivery whose JSON body is `body`, once it has arrived. */
async function deliveryOf(body: unknown): Promise<Delivery> {
  for (;;) {
    const found = deliveries.find((delivery) => isDeepStrictEqual(JSON.parse(delivery.body), body));
    if (found) return found;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

// The dev server delivers runs with the global fetch; the samples name a public workflow
// URL, so its deliveries are answered here and nothing leaves the machine.
const realFetch = globalThis.fetch;
async function localOnlyFetch(input: string | URL | Request, init?: RequestInit) {
  const request = new Request(input, init);
  if (request.url === workflowUrl) {
    deliveries.push({ headers: request.headers, body: await request.text() });
    for (const wake of waiting.splice(0)) wake();
    return new Response("ok");
  }
  if (new URL(request.url).hostname !== "127.0.0.1") {
    throw new Error(`the samples' test sends nothing off this machine: ${request.url}`);
  }
  return realFetch(request);
}

let dev: DevServer;
let env: Record<string, string>;

beforeAll(async () => {
  vi.stubGlobal("fetch", localOnlyFetch);
  dev = await startDevServer({
    host: "127.0.0.1",
    workflowPort: 0,
    vectorPort: 0,
    vector: { dimension: 3, metric: "COSINE", type: "DENSE", pendingMs: 0 },
    seed,
  });
  env = {
    WORKFLOW_URL: dev.workflowUrl,
    WORKFLOW_TOKEN: dev.token,
    VECTOR_URL: dev.vectorUrl,
    VECTOR_TOKEN: dev.token,
  };
});

afterAll(async () => {
  await dev?.close();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

function samplePath(operationId: string, extension: "ts" | "sh") {
  return join(samples, expectedOutput[operationId]!.service, `${operationId}.${extension}`);
}

/** Runs a TypeScript sample in this process (the SDK resolves to its sources) and returns what it printed. */
async function runTypeScript(operationId: string): Promise<string> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const printed: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    printed.push(format(...args));
  });
  vi.resetModules();
  try {
    await import(samplePath(operationId, "ts"));
  } finally {
    log.mockRestore();
  }
  return printed.join("\n");
}

function curlInstalled(): boolean {
  const path = process.env.PATH ?? "";
  return path.split(":").some((dir) => dir !== "" && existsSync(join(dir, "curl")));
}

/** Runs a curl sample with curl, or replays its request with fetch, and returns the response body. */
async function runCurl(operationId: string): Promise<string> {
  const file = samplePath(operationId, "sh");
  if (curlInstalled()) {
    const { stdout } = await promisify(execFile)("bash", [file], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    return stdout;
  }
  const request = curlRequest(readFileSync(file, "utf8"), env);
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body ?? null,
  });
  return response.text();
}

describe("the reference's TypeScript samples", () => {
  const vectorOperations = operationIds.filter((id) => expectedOutput[id]!.service === "vector");

  it.each(vectorOperations)("%s runs against the dev server", async (operationId) => {
    const output = await runTypeScript(operationId);
    expect(output).toContain(expectedOutput[operationId]!.output);
  });

  // Run once only: the sample names its run, and a run id cannot be used twice.
  it("triggerWorkflow starts a run that reaches the workflow with its forwarded header", async () => {
    const output = await runTypeScript("triggerWorkflow");
    expect(output).toMatch(/^order-1042 \d{4}-\d\d-\d\dT/);
    const delivery = await deliveryOf({ orderId: 1042 });
    expect(delivery.headers.get("x-tenant")).toBe("42");
  });
});

describe("the reference's curl samples", () => {
  it.each(operationIds)("%s answers 2xx from the dev server", async (operationId) => {
    const body: unknown = JSON.parse(await runCurl(operationId));
    expect(body).not.toHaveProperty("error");
    expect(JSON.stringify(body)).toContain(expectedOutput[operationId]!.output);
  });

  it("the trigger sample sends its options as Svc-* headers with the token", () => {
    const request = curlRequest(readFileSync(samplePath("triggerWorkflow", "sh"), "utf8"), env);
    const names = request.headers.map(([name]) => name);
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${dev.workflowUrl}/v2/trigger/${workflowUrl}`);
    expect(names).toContain("Authorization");
    expect(names.filter((name) => name.startsWith("Svc-")).length).toBeGreaterThanOrEqual(4);
    expect(request.headers).toContainEqual(["Authorization", `Bearer ${dev.token}`]);
    expect(JSON.parse(request.body ?? "")).toEqual({ orderId: 1043 });
  });
});
