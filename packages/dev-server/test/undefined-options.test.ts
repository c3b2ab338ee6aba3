// An optional field given as `undefined` is the field left out, in every input of the test
// kit: `startDevServer`'s options (its `vector` and `limits` too), the services' own
// options, fault rules, `dev.runs` and `dev.vector` options and records. Nothing is refused
// and every default stays in place. (Under `exactOptionalPropertyTypes` the types take
// `undefined` too; test/types checks that.)
import { afterEach, describe, expect, it } from "vitest";
import {
  createVectorService,
  createWorkflowService,
  DEFAULT_KIT_LIMITS,
  DEFAULT_VECTOR_LIMITS,
  DEFAULT_WORKFLOW_LIMITS,
  type DevServer,
  startDevServer,
} from "../src/index.js";

let dev: DevServer | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

const LIMITS = Object.fromEntries(
  Object.keys({ ...DEFAULT_VECTOR_LIMITS, ...DEFAULT_WORKFLOW_LIMITS, ...DEFAULT_KIT_LIMITS }).map(
    (key) => [key, undefined],
  ),
);

describe("an optional field given as undefined is a field left out", () => {
  it("startDevServer keeps every default for options given as undefined", async () => {
    dev = await startDevServer({
      host: undefined,
      workflowPort: undefined,
      vectorPort: undefined,
      token: undefined,
      clock: "manual",
      startAt: undefined,
      randomSeed: undefined,
      timeScale: undefined,
      vector: { dimension: 2, metric: undefined, type: undefined, pendingMs: undefined },
      seed: undefined,
      log: undefined,
      logPolls: undefined,
      deliveryTimeoutMs: undefined,
      corsOrigin: undefined,
      kitOrigins: undefined,
      limits: LIMITS,
      stateFile: undefined,
      ...{ timescale: undefined },
    });
    expect(dev.vector.index).toEqual({ dimension: 2, metric: "COSINE", type: "DENSE" });
    expect(dev.workflowUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("the services' own options keep their defaults", () => {
    const vector = createVectorService({
      token: "t",
      vector: undefined,
      maxBodyBytes: undefined,
      log: undefined,
      limits: LIMITS,
      corsOrigin: undefined,
      now: undefined,
    });
    expect(vector.index).toEqual({ dimension: 384, metric: "COSINE", type: "DENSE" });
    const workflow = createWorkflowService({
      token: "t",
      timeScale: undefined,
      clock: undefined,
      logPolls: undefined,
      log: undefined,
      fetch: undefined,
      deliveryTimeoutMs: undefined,
      corsOrigin: undefined,
      limits: LIMITS,
      randomSeed: undefined,
    });
    expect(workflow).toBeDefined();
  });

  it("dev.vector, dev.faults and dev.runs take undefined fields as absent ones", async () => {
    dev = await startDevServer({ clock: "manual", vector: { dimension: 2 } });
    await dev.vector.upsert(
      { id: "a", vector: [1, 0], sparseVector: undefined, metadata: undefined, data: undefined },
      { namespace: undefined },
    );
    expect(await dev.vector.delete("a", { namespace: undefined })).toBe(1);
    await dev.vector.reset({ namespace: undefined });
    const id = await dev.faults.add({
      service: "vector",
      status: 500,
      path: undefined,
      method: undefined,
      operation: undefined,
      body: undefined,
      headers: undefined,
      delayMs: undefined,
      drop: undefined,
      times: undefined,
    });
    const [rule] = await dev.faults.list();
    expect(rule?.id).toBe(id);
    expect(rule?.times).toBe(1);
    expect(await dev.runs.list({ state: undefined, label: undefined, limit: undefined })).toEqual(
      [],
    );
  });
});
