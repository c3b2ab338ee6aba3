// The sweep of the dev server's options, index options, fault rule fields and CLI flags:
// every key of each table either changes something observable (the answer, the run, the
// log, the server's addresses) or is refused for the value given. The keys come from the
// tables themselves, so a new key without a case fails.
import { existsSync, mkdtempSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConnectionError } from "@x/core";
import { VectorIndex } from "@x/vector";
import { describe, expect, it, vi } from "vitest";
import { HELP } from "../src/cli/help.js";
import { FLAG_NAMES, parse, printedInstead, startOptions } from "../src/cli/options.js";
import { UsageError, VERSION } from "../src/cli/usage.js";
import { RULE_KEYS } from "../src/faults/faults.js";
import { type DevServer, type DevServerOptions, startDevServer } from "../src/index.js";
import { INDEX_OPTIONS } from "../src/server/options.js";
import { DEV_SERVER_OPTIONS } from "../src/server/server-options.js";
import { closedAfterEach, startEndpoint, trigger } from "./kit-harness.js";

const later = closedAfterEach();

async function start(options: DevServerOptions = {}): Promise<DevServer> {
  return later(await startDevServer({ vector: { dimension: 2 }, ...options }));
}

/** A port free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const index = (dev: DevServer, maxRetries = 0) =>
  new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries });

type Case = () => Promise<void>;

const SERVER_OPTIONS: Record<string, Case> = {
  async host() {
    const dev = await start({ host: "localhost" });
    expect(dev.workflowUrl).toMatch(/^http:\/\/localhost:\d+$/);
  },
  async workflowPort() {
    const port = await freePort();
    expect((await start({ workflowPort: port })).workflowUrl).toBe(`http://127.0.0.1:${port}`);
  },
  async vectorPort() {
    const port = await freePort();
    expect((await start({ vectorPort: port })).vectorUrl).toBe(`http://127.0.0.1:${port}`);
  },
  async token() {
    expect((await start({ token: "sweep-dev-token" })).token).toBe("sweep-dev-token");
  },
  async timeScale() {
    // A day's delay, a millionth as long: delivered while the test waits.
    const dev = await start({ timeScale: 1e-6 });
    const endpoint = later(await startEndpoint(dev));
    const { workflowRunId } = await trigger(dev, endpoint.url, { "Svc-Delay": "1d" });
    await dev.runs.waitFor(workflowRunId, "succeeded", { timeoutMs: 10_000 });
  },
  async vector() {
    const dev = await start({ vector: { dimension: 3 } });
    expect((await index(dev).info()).dimension).toBe(3);
  },
  async seed() {
    const dev = await start({ seed: [{ id: "a", vector: [1, 0] }] });
    expect(dev.seeded).toBe(1);
    expect((await index(dev).fetch(["a"]))[0]?.id).toBe("a");
  },
  async log() {
    const lines: string[] = [];
    const dev = await start({ log: (line) => lines.push(line) });
    await index(dev).info();
    expect(lines.some((line) => line.startsWith("[vector] GET /info 200"))).toBe(true);
  },
  async limits() {
    const dev = await start({ limits: { maxTopK: 1 } });
    await expect(index(dev).query({ vector: [1, 0], topK: 2 })).rejects.toMatchObject({
      status: 400,
    });
  },
  async corsOrigin() {
    const dev = await start({ corsOrigin: "https://app.example" });
    const other = await fetch(`${dev.vectorUrl}/info`, {
      headers: { origin: "https://other.example", authorization: `Bearer ${dev.token}` },
    });
    expect(other.status).toBe(403);
  },
  async deliveryTimeoutMs() {
    // An endpoint that never answers: each delivery is cut after 1 ms.
    const silent = createHttpServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    later({
      close: () =>
        new Promise<void>((resolve) => {
          silent.closeAllConnections();
          silent.close(() => resolve());
        }),
    });
    const { port } = silent.address() as { port: number };
    const dev = await start({ deliveryTimeoutMs: 1, clock: "manual" });
    const { workflowRunId } = await trigger(dev, `http://127.0.0.1:${port}/wf`, {
      "Svc-Retries": "0",
    });
    const run = await dev.runs.waitFor(
      workflowRunId,
      (view) => view.attempts.length > 0 && view.attempts[0]?.finishedAt !== undefined,
      { timeoutMs: 10_000 },
    );
    expect(run.attempts[0]?.error).toMatch(/1 ms/);
  },
  async stateFile() {
    const file = join(mkdtempSync(join(tmpdir(), "x-sweep-")), "state.json");
    const dev = await startDevServer({ vector: { dimension: 2 }, stateFile: file });
    await dev.close();
    expect(existsSync(file)).toBe(true);
  },
  async clock() {
    const dev = await start({ clock: "manual" });
    const before = dev.clock.now();
    await index(dev).info();
    expect(dev.clock.now()).toBe(before);
  },
  async startAt() {
    const dev = await start({ clock: "manual", startAt: "2030-01-01T00:00:00Z" });
    expect(dev.clock.now()).toBe(Date.parse("2030-01-01T00:00:00Z"));
  },
  async randomSeed() {
    // The same seed draws the same run ids (never the token: that stays random).
    const firstRunId = async (randomSeed: number) => {
      const dev = await start({ randomSeed, clock: "manual" });
      const endpoint = later(await startEndpoint(dev));
      return (await trigger(dev, endpoint.url)).workflowRunId;
    };
    const one = await firstRunId(7);
    expect(await firstRunId(7)).toBe(one);
    expect(await firstRunId(8)).not.toBe(one);
  },
  async kitOrigins() {
    const faultsFrom = async (dev: DevServer) =>
      (
        await fetch(`${dev.workflowUrl}/v2/dev/faults`, {
          headers: { origin: "https://app.example", authorization: `Bearer ${dev.token}` },
        })
      ).status;
    expect(await faultsFrom(await start({ kitOrigins: "https://app.example" }))).toBe(200);
    expect(await faultsFrom(await start())).toBe(403);
  },
  async logPolls() {
    const lines: string[] = [];
    const dev = await start({ logPolls: true, log: (line) => lines.push(line) });
    await fetch(`${dev.workflowUrl}/v2/dev/faults`, {
      headers: { authorization: `Bearer ${dev.token}`, "x-dev-poll": "1" },
    });
    expect(lines.some((line) => line.startsWith("[workflow] GET /v2/dev/faults 200"))).toBe(true);
  },
};

const INDEX_FIELDS: Record<string, Case> = {
  async dimension() {
    const dev = await start({ vector: { dimension: 5 } });
    expect((await index(dev).info()).dimension).toBe(5);
  },
  async metric() {
    const dev = await start({ vector: { dimension: 2, metric: "DOT_PRODUCT" } });
    expect((await index(dev).info()).similarityFunction).toBe("DOT_PRODUCT");
  },
  async type() {
    const dev = await start({ vector: { dimension: 2, type: "HYBRID" } });
    await expect(dev.vector.upsert([{ id: "a", vector: [1, 0] }])).rejects.toThrow(
      /sparseVector: required on a HYBRID index/,
    );
  },
  async pendingMs() {
    const dev = await start({ clock: "manual", vector: { dimension: 2, pendingMs: 1000 } });
    await dev.vector.upsert([{ id: "a", vector: [1, 0] }]);
    expect((await index(dev).info()).pendingVectorCount).toBe(1);
    await dev.clock.advance(1000);
    expect((await index(dev).info()).pendingVectorCount).toBe(0);
  },
};

/** Each field of a fault rule: what a request it applies to gets. */
const FAULT_FIELDS: Record<string, Case> = {
  async service() {
    const dev = await start();
    await dev.faults.add({ service: "workflow", status: 503, times: Infinity });
    await expect(index(dev).info()).resolves.toMatchObject({ dimension: 2 });
  },
  async path() {
    const dev = await start();
    await dev.faults.add({ service: "vector", path: "/query", status: 503 });
    await expect(index(dev).info()).resolves.toBeDefined();
    await expect(index(dev).query({ vector: [1, 0] })).rejects.toMatchObject({ status: 503 });
  },
  async operation() {
    const dev = await start();
    await dev.faults.add({ service: "vector", operation: "info", status: 503 });
    await expect(index(dev).info()).rejects.toMatchObject({ status: 503 });
  },
  async method() {
    const dev = await start();
    await dev.faults.add({ service: "vector", method: "GET", status: 503, times: Infinity });
    await expect(index(dev).query({ vector: [1, 0] })).resolves.toEqual([]);
    await expect(index(dev).info()).rejects.toMatchObject({ status: 503 });
  },
  async status() {
    const dev = await start();
    await dev.faults.add({ service: "vector", status: 418 });
    await expect(index(dev).info()).rejects.toMatchObject({ status: 418 });
  },
  async body() {
    const dev = await start();
    await dev.faults.add({ service: "vector", status: 500, body: { error: "sweep", status: 500 } });
    await expect(index(dev).info()).rejects.toMatchObject({ body: { error: "sweep" } });
  },
  async headers() {
    const dev = await start();
    await dev.faults.add({ service: "vector", status: 500, headers: { "x-sweep": "1" } });
    const error = await index(dev)
      .info()
      .then(
        () => undefined,
        (e: unknown) => e as { headers: Headers },
      );
    expect(error?.headers.get("x-sweep")).toBe("1");
  },
  async delayMs() {
    const dev = await start();
    await dev.faults.add({ service: "vector", delayMs: 1 });
    await index(dev).info();
    const { body } = await fetch(`${dev.workflowUrl}/v2/dev/faults`, {
      headers: { authorization: `Bearer ${dev.token}` },
    }).then(async (r) => ({ body: (await r.json()) as { recent: Array<{ outcome: string }> } }));
    expect(body.recent.map((request) => request.outcome)).toEqual([
      "delay 1 ms, then the usual answer",
    ]);
  },
  async drop() {
    const dev = await start();
    await dev.faults.add({ service: "vector", drop: "reset" });
    await expect(index(dev).info()).rejects.toBeInstanceOf(ConnectionError);
  },
  async times() {
    const dev = await start();
    await dev.faults.add({ service: "vector", status: 503, times: 2 });
    await expect(index(dev).info()).rejects.toMatchObject({ status: 503 });
    await expect(index(dev).info()).rejects.toMatchObject({ status: 503 });
    await expect(index(dev).info()).resolves.toBeDefined();
  },
};

/** The options `x-dev start` makes of these flags, or the UsageError they get. */
function flagged(...argv: string[]): DevServerOptions | UsageError {
  try {
    return startOptions(parse(["start", ...argv]).values);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
}

/**
 * A value for each flag that changes the options made (each option's own effect is shown
 * above), or that is refused. `help` and `version` print instead of starting.
 */
const FLAG_VALUES: Record<string, string[]> = {
  host: ["--host", "0.0.0.0"],
  "workflow-port": ["--workflow-port", "9000"],
  "vector-port": ["--vector-port", "9001"],
  token: ["--token", "t-sweep"],
  dimension: ["--dimension", "7"],
  metric: ["--metric", "euclidean"],
  type: ["--type", "sparse"],
  seed: ["--seed", "records.json"],
  "time-scale": ["--time-scale", "0.5"],
  clock: ["--clock", "manual"],
  "start-at": ["--start-at", "0"],
  "random-seed": ["--random-seed", "3"],
  "delivery-timeout": ["--delivery-timeout", "100"],
  "cors-origin": ["--cors-origin", "https://app.example"],
  "kit-origin": ["--kit-origin", "https://app.example"],
  state: ["--state", "state.json"],
  "max-answer-bytes": ["--max-answer-bytes", "10"],
  "max-filter-length": ["--max-filter-length", "10"],
  "max-glob-length": ["--max-glob-length", "10"],
  "max-filter-steps": ["--max-filter-steps", "10"],
  "max-fetch-ids": ["--max-fetch-ids", "10"],
  "max-batch-queries": ["--max-batch-queries", "10"],
  "max-top-k": ["--max-top-k", "10"],
  "max-range-limit": ["--max-range-limit", "10"],
  "max-namespaces": ["--max-namespaces", "10"],
  "max-retries": ["--max-retries", "10"],
  "max-report-body-bytes": ["--max-report-body-bytes", "10"],
  "max-kit-bytes": ["--max-kit-bytes", "10"],
  quiet: ["--quiet"],
  "log-polls": ["--log-polls"],
  help: [],
  version: [],
};

/** What `log` prints of a line of traffic and a line of the server's own. */
function printedBy(log: (line: string) => void): string {
  let printed = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((text) => {
    printed += String(text);
    return true;
  });
  try {
    log("[vector] GET /info 200 1 ms");
    log("x-dev: saved 0 vectors in 1 namespace and 0 unfinished runs to state.json");
  } finally {
    write.mockRestore();
  }
  return printed;
}

/** Options as comparable text (the log function as what it prints). */
function shownOptions(options: DevServerOptions | UsageError): string {
  if (options instanceof UsageError) return `refused: ${options.message}`;
  return JSON.stringify({ ...options, log: options.log && printedBy(options.log) });
}

const FLAG_CASES: Record<string, Case> = Object.fromEntries(
  Object.entries(FLAG_VALUES).map(([flag, argv]) => [
    flag,
    async () => {
      if (flag === "help" || flag === "version") {
        const printed = printedInstead(parse([`--${flag}`]).values);
        expect(printed).toBe(flag === "help" ? HELP : `${VERSION}\n`);
        expect(printedInstead(parse(["start"]).values)).toBeUndefined();
        return;
      }
      expect(shownOptions(flagged(...argv))).not.toBe(shownOptions(flagged()));
    },
  ]),
);

const TABLES: Array<[string, readonly string[], Record<string, Case>]> = [
  ["startDevServer options", DEV_SERVER_OPTIONS.known, SERVER_OPTIONS],
  ["vector index options", INDEX_OPTIONS.known, INDEX_FIELDS],
  ["fault rule fields", Object.keys(RULE_KEYS), FAULT_FIELDS],
  ["x-dev flags", FLAG_NAMES, FLAG_CASES],
];

describe.each(TABLES)("%s", (_title, keys, cases) => {
  it("has a case for every key of the table, and no other", () => {
    expect(Object.keys(cases).sort()).toEqual([...keys].sort());
  });

  it.each(Object.keys(cases))("%s changes something observable", async (key) => {
    await cases[key]?.();
  });
});
