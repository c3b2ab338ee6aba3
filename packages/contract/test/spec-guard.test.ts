// The spec guard of both clients against the dev server, whose faults answer off the spec:
// a field of the wrong type, a required field missing, an error answer without the error
// object, a text body on a JSON route. Each mode reports each one, and no report (the
// collected drifts, the log lines, the error and its message) holds a value of the answer
// or the token. The values planted in the off-spec answers are the token itself and a
// marker, so a report that copied a value would show one of them.
import { type DevServer, type FaultRule, startDevServer } from "@x/dev-server";
import { type Logger, ValidationError, VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { SpecDriftError, type SpecGuardMode, specGuard } from "@x/vector/guard";
import { WorkflowClient } from "@x/workflow";
import { specGuard as workflowGuard } from "@x/workflow/guard";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

const MARKER = "VALUE-FROM-THE-ANSWER";

let dev: DevServer;
beforeAll(async () => {
  dev = await startDevServer({ vector: { dimension: 3, metric: "COSINE", type: "DENSE" } });
  await dev.vector.upsert([{ id: "a", vector: [1, 0, 0], metadata: { genre: "drama" } }]);
});
afterAll(async () => {
  await dev.close();
});
afterEach(async () => {
  for (const fault of await dev.faults.list()) await dev.faults.clear(fault.id);
});

/** A log that keeps its lines. */
function keptLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string) => {
    lines.push(message);
  };
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}

interface OffSpec {
  name: string;
  /** The fault that answers off the spec, for `times` requests. */
  fault: Omit<FaultRule, "service" | "times">;
  /** The call it answers. */
  call: (index: VectorIndex) => Promise<unknown>;
  /** The drift every mode reports. */
  drift: {
    operation: string;
    status: number;
    part: string;
    pointer: string;
    expected: string;
    got: string;
  };
}

const INFO = {
  vectorCount: 1,
  pendingVectorCount: 0,
  indexSize: 10,
  dimension: 3,
  similarityFunction: "COSINE",
  indexType: "DENSE",
  namespaces: { "": { vectorCount: 1, pendingVectorCount: 0 } },
};

/** Built per test: the wrong-typed value is the dev server's token. */
function offSpecAnswers(): OffSpec[] {
  return [
    {
      name: "a field of the wrong type",
      fault: {
        operation: "info",
        status: 200,
        body: { result: { ...INFO, dimension: dev.token } },
      },
      call: (index) => index.info(),
      drift: {
        operation: "GET /info",
        status: 200,
        part: "body",
        pointer: "/result/dimension",
        expected: "integer",
        got: "string",
      },
    },
    {
      name: "a required field missing",
      fault: { operation: "range", status: 200, body: { result: { vectors: [{ id: MARKER }] } } },
      call: (index) => index.range({ cursor: "0", limit: 1 }),
      drift: {
        operation: "POST /range",
        status: 200,
        part: "body",
        pointer: "/result/nextCursor",
        expected: "string, required",
        got: "missing",
      },
    },
    {
      // Every status has an answer in the spec (its `default`: the error object), so what
      // drifts is an error answer without that object.
      name: "an error answer without the error object",
      fault: { operation: "query", status: 418, body: { message: MARKER, status: 418 } },
      call: (index) => index.query({ vector: [1, 0, 0], topK: 1 }),
      drift: {
        operation: "POST /query",
        status: 418,
        part: "body",
        pointer: "/error",
        expected: "string, required",
        got: "missing",
      },
    },
    {
      name: "a text body on a JSON route",
      fault: { operation: "fetch", status: 200, body: `${MARKER} ${dev.token}` },
      call: (index) => index.fetch(["a"]),
      drift: {
        operation: "POST /fetch",
        status: 200,
        part: "content-type",
        pointer: "",
        expected: "application/json",
        got: "text/plain",
      },
    },
  ];
}

/** Adds the fault of `offSpec` for `times` requests. */
async function answerOffSpec(offSpec: OffSpec, times: number): Promise<void> {
  await dev.faults.add({ service: "vector", ...offSpec.fault, times });
}

/** Whether `text` holds the token or a value of an off-spec answer. */
function leaks(text: string): boolean {
  return text.includes(dev.token) || text.includes(MARKER);
}

function client(logger?: Logger): VectorIndex {
  return new VectorIndex({ url: dev.vectorUrl, token: dev.token, maxRetries: 0, logger });
}

const NAMES = [
  "a field of the wrong type",
  "a required field missing",
  "an error answer without the error object",
  "a text body on a JSON route",
];

describe.each(NAMES)("an answer with %s", (name) => {
  const offSpec = () => offSpecAnswers().find((answer) => answer.name === name) as OffSpec;

  it('"collect" keeps the drift for report(), by types and pointers only', async () => {
    const answer = offSpec();
    const index = client();
    const guard = specGuard({ mode: "collect" });
    index.use(guard);
    await answerOffSpec(answer, 2);
    for (let call = 0; call < 2; call++) await answer.call(index).catch(() => undefined);
    const report = guard.report();
    expect(report).toContainEqual({ ...answer.drift, count: 2 });
    expect(leaks(JSON.stringify(report))).toBe(false);
  });

  it('"warn" logs the drift once through the logger it is given (the client\'s own)', async () => {
    const answer = offSpec();
    const log = keptLog();
    const index = client(log);
    index.use(specGuard({ mode: "warn", logger: log }));
    await answerOffSpec(answer, 2);
    for (let call = 0; call < 2; call++) await answer.call(index).catch(() => undefined);
    const { operation, status, pointer, expected, got } = answer.drift;
    const drifted = log.lines.filter((line) => line.includes("spec drift"));
    const thisOne = drifted.filter(
      (line) =>
        line.includes(`${operation} ${status}`) &&
        line.includes(pointer) &&
        line.includes(`expected ${expected}, got ${got}`),
    );
    expect(thisOne).toHaveLength(1);
    expect(leaks(log.lines.join("\n"))).toBe(false);
  });

  it('"throw" rejects the call with a SpecDriftError carrying the drift', async () => {
    const answer = offSpec();
    const index = client();
    index.use(specGuard({ mode: "throw" }));
    await answerOffSpec(answer, 1);
    const error = await answer.call(index).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpecDriftError);
    const drifts = (error as SpecDriftError).drifts;
    expect(drifts).toContainEqual(answer.drift);
    const shown = `${(error as Error).message}\n${JSON.stringify(drifts)}\n${String(error)}`;
    expect(leaks(shown)).toBe(false);
  });
});

describe("the spec guard on answers that keep to the spec", () => {
  it("reports nothing for the dev server's own answers, in any mode", async () => {
    for (const mode of ["collect", "warn", "throw"] as SpecGuardMode[]) {
      const log = keptLog();
      const index = client(log);
      // A logger goes only with "warn", the one mode that writes.
      const guard = specGuard(mode === "warn" ? { mode, logger: log } : { mode });
      index.use(guard);
      await index.info();
      await index.range({ cursor: "0", limit: 5, includeMetadata: true, includeVectors: true });
      await index.query({ vector: [1, 0, 0], topK: 1, includeMetadata: true });
      await index.queryMany([{ vector: [1, 0, 0] }, { vector: [0, 1, 0] }]);
      await index.fetch(["a", "missing"], { includeVectors: true });
      await index.info().asResponse();
      await expect(index.namespace("nowhere").range({ cursor: "0", limit: 1 })).rejects.toThrow();
      expect(guard.report(), mode).toEqual([]);
      // The client's own line for the 404 is there; no line of the guard's.
      expect(
        log.lines.filter((line) => line.includes("spec drift")),
        mode,
      ).toEqual([]);
    }
  });

  it("leaves the answer readable to the call, to asResponse() and to api", async () => {
    const index = client();
    index.use(specGuard({ mode: "throw" }));
    const raw = await index.info().asResponse();
    expect(((await raw.json()) as { result: { dimension: number } }).result.dimension).toBe(3);
    expect(raw.url).toBe(`${dev.vectorUrl}/info`);
    expect((await index.info()).dimension).toBe(3);
    const { data } = await createVectorApi(index).GET("/info");
    expect(data?.result.dimension).toBe(3);
  });
});

describe("the spec guard on api", () => {
  it("checks openapi-fetch's calls as it checks the methods", async () => {
    const index = client();
    index.use(specGuard({ mode: "throw" }));
    await dev.faults.add({
      service: "vector",
      operation: "info",
      status: 200,
      body: { result: { ...INFO, namespaces: { [MARKER]: { vectorCount: "many" } } } },
    });
    const error = await createVectorApi(index)
      .GET("/info")
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(SpecDriftError);
    expect((error as SpecDriftError).drifts).toEqual([
      expect.objectContaining({
        pointer: "/result/namespaces/*/pendingVectorCount",
        got: "missing",
      }),
      expect.objectContaining({ pointer: "/result/namespaces/*/vectorCount", got: "string" }),
    ]);
    expect(leaks(JSON.stringify((error as SpecDriftError).drifts))).toBe(false);
  });
});

describe("the workflow client's spec guard", () => {
  it("reports a trigger answer without its required run id, and nothing for a good one", async () => {
    const wf = new WorkflowClient({ baseUrl: dev.workflowUrl, token: dev.token, maxRetries: 0 });
    const guard = workflowGuard({ mode: "collect" });
    wf.use(guard);
    await dev.faults.add({
      service: "workflow",
      operation: "trigger",
      status: 200,
      body: { workflowCreatedAt: MARKER },
    });
    await wf.trigger({ url: "http://127.0.0.1:9/unreachable" });
    await wf.trigger({ url: "http://127.0.0.1:9/unreachable" });
    const report = guard.report();
    expect(report).toEqual([
      {
        operation: "POST /v2/trigger/{workflowUrl}",
        status: 200,
        part: "body",
        pointer: "/workflowRunId",
        expected: "string, required",
        got: "missing",
        count: 1,
      },
      {
        operation: "POST /v2/trigger/{workflowUrl}",
        status: 200,
        part: "body",
        pointer: "/workflowCreatedAt",
        expected: "integer",
        got: "string",
        count: 1,
      },
    ]);
    expect(leaks(JSON.stringify(report))).toBe(false);
  });
});

describe("specGuard options", () => {
  it.each([
    [{ mode: "loud" }, "mode", 'mode: must be "warn", "throw" or "collect"'],
    [{ mdoe: "warn" }, "mdoe", 'specGuard: unknown option "mdoe" (did you mean "mode"?)'],
    ["collect", "options", 'options: must be an object such as { mode: "collect" }'],
    [{ logger: { warn() {} } }, "logger", "logger: has no debug method"],
  ])("%j is refused with a ValidationError naming the field", (options, field, message) => {
    const error = (() => {
      try {
        specGuard(options as never);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
    expect((error as Error).message).toBe(message);
  });

  it('defaults to "warn" and takes undefined as left out', () => {
    expect(specGuard().mode).toBe("warn");
    expect(specGuard({ mode: undefined }).mode).toBe("warn");
  });
});
