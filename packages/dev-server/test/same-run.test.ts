// The same run every time: two dev servers started with the same randomSeed and startAt and
// sent the same requests give byte-identical answers and run views; without a seed run ids
// differ, and the token is random unless given. Under the manual clock every time shown is the clock's.
import { afterEach, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../src/index.js";
import { type Receiver, startReceiver } from "./workflow-harness.js";

const START = "2030-01-01T00:00:00.000Z";
const started: DevServer[] = [];
let endpoint: Receiver | undefined;
afterEach(async () => {
  await Promise.all(started.splice(0).map((dev) => dev.close()));
  await endpoint?.close();
  endpoint = undefined;
});

async function start(randomSeed?: number, token?: string): Promise<DevServer> {
  const dev = await startDevServer({
    clock: "manual",
    startAt: START,
    vector: { dimension: 2 },
    ...(randomSeed === undefined ? {} : { randomSeed }),
    ...(token === undefined ? {} : { token }),
  });
  started.push(dev);
  return dev;
}

/** Sends one scripted session to `dev` and returns every answer's status and bytes, and the run views. */
async function session(dev: DevServer, workflowUrl: string): Promise<string[]> {
  const texts: string[] = [];
  const send = async (base: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${dev.token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    texts.push(`${response.status} ${await response.text()}`);
  };
  const trigger = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${dev.workflowUrl}/v2/trigger/${workflowUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${dev.token}`,
        "content-type": "application/json",
        ...headers,
      },
      body: '{"n":1}',
    });
    texts.push(`${response.status} ${await response.text()}`);
  };
  await trigger("/ok", {});
  await trigger("/ok", { "Svc-Delay": "1h", "Svc-Label": "later" });
  await trigger("/fail", { "Svc-Retries": "2", "Svc-Retry-Delay": "1000 * (retried + 1)" });
  await send(dev.vectorUrl, "/upsert/movies", [
    { id: "a", vector: [1, 0], metadata: { year: 1999 } },
    { id: "b", vector: [0.6, 0.8] },
  ]);
  await send(dev.vectorUrl, "/query/movies", { vector: [1, 0], topK: 2, includeMetadata: true });
  await send(dev.vectorUrl, "/range/movies", { cursor: "0", limit: 1 });
  await dev.clock.advance("2h");
  await send(dev.vectorUrl, "/info");
  await send(dev.workflowUrl, "/v2/dev/runs");
  texts.push(JSON.stringify(await dev.runs.list()));
  texts.push(dev.token);
  return texts;
}

describe("randomSeed and startAt", () => {
  it("two servers started alike and sent the same requests answer byte for byte the same", async () => {
    endpoint = await startReceiver((call) => (call.path === "/fail" ? 500 : 200));
    const [a, b] = [await start(7, "dev_same"), await start(7, "dev_same")];
    const first = await session(a, endpoint.url);
    const second = await session(b, endpoint.url);
    expect(second).toEqual(first);
    // Every time shown is the clock's, counted from startAt.
    const runs = await a.runs.list();
    expect(runs[0]?.workflowCreatedAt).toBe(Date.parse(START));
    expect(runs.map((run) => run.state)).toEqual(["succeeded", "succeeded", "callback-failed"]);
    expect(a.clock.now()).toBe(Date.parse(START) + 2 * 3_600_000);
  });

  it("keeps the token random under a seed: a page cannot guess it from a small number", async () => {
    const [a, b] = [await start(7), await start(7)];
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^dev_[\w-]{24}$/);
  });

  it("another seed, or none, gives other run ids and tokens", async () => {
    endpoint = await startReceiver();
    const servers = [await start(7), await start(8), await start(), await start()];
    const ids = [];
    for (const dev of servers) ids.push((await session(dev, endpoint.url))[0]);
    expect(new Set(ids).size).toBe(4);
    expect(new Set(servers.map((dev) => dev.token)).size).toBe(4);
  });

  it("refuses a startAt without the manual clock, or one that is no time, and a seed that is no integer", async () => {
    await expect(startDevServer({ startAt: 0 })).rejects.toThrow(
      'startAt: sets where the manual clock starts; start with clock: "manual"',
    );
    await expect(startDevServer({ clock: "manual", startAt: "soon" })).rejects.toThrow(
      'startAt: must be Unix ms (an integer from 0 to 8640000000000000) or a date such as "2030-01-01T00:00:00Z" (got "soon")',
    );
    await expect(startDevServer({ randomSeed: 1.5 })).rejects.toThrow(
      "randomSeed: must be an integer from 0 to 9007199254740991 (got 1.5)",
    );
    const dev = await startDevServer({ clock: "manual", startAt: "1700000000000" });
    started.push(dev);
    expect(dev.clock.now()).toBe(1_700_000_000_000);
  });
});
