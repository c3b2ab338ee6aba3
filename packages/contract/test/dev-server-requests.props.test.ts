// The dev server against requests drawn from each operation of both specs, well-formed and
// broken (missing, extra and wrongly typed fields, numbers out of range, huge strings and
// arrays, bad UTF-8, JSON that does not parse or nests too deep, wrong content types, bad
// and missing tokens, bad path segments and headers). Whatever comes in: no 5xx and no
// dropped connection, an answer the spec allows for the operation, a request the spec
// forbids never accepted, and a rejected request changes nothing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type DevServer, startDevServer } from "@x/dev-server";
import {
  type ContractSpec,
  checkRequest,
  checkResponse,
  formatViolations,
  loadSpec,
  matchOperation,
  type ServiceName,
  type Violation,
} from "@x/openapi-check";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Broken, breakages, type Draft, toRaw } from "../src/suite/breakage.js";
import {
  badHeader,
  badSegment,
  badWorkflowUrl,
  VECTOR_DIMENSION,
  vectorRequest,
  workflowRequest,
} from "../src/suite/dev-requests.js";
import {
  checkProperty,
  propsRuns,
  propsSeeds,
  propsTimeout,
  seedTitle,
} from "../src/suite/props.js";
import { asResponse, type RawAnswer, type RawRequest, sendRaw } from "../src/suite/raw-http.js";
import { schemaRequest } from "../src/suite/schema-requests.js";

// One case is one request, far cheaper than a model sequence: several per configured run.
const REQUESTS_PER_RUN = 2;

let dev: DevServer;
let sink: Server;
let sinkUrl: string;
beforeAll(async () => {
  // Where accepted runs are delivered: nothing leaves this machine.
  sink = createServer((req, res) => {
    req.resume();
    res.end("ok");
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sink.closeAllConnections();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});
// A dev server per test: the requests a seed draws meet the same state, whatever ran before.
beforeEach(async () => {
  dev = await startDevServer({
    token: "props-dev-token",
    clock: "manual",
    vector: { dimension: VECTOR_DIMENSION },
    seed: [
      { id: "a1", vector: [1, 0, 0], metadata: { n: 1, tag: "red" }, data: "first" },
      { id: "a2", vector: [0, 1, 0] },
      { id: "d1", vector: [0, 0, 1], metadata: { n: 3, tag: "blue" }, namespace: "docs" },
    ],
  });
});
afterEach(async () => {
  await dev.close();
});

/**
 * What a rejected request must leave as it was. The vector service's records are read in
 * process, from the dev server's snapshot (every record, as the state file would hold it):
 * read over HTTP as range pages, the state that accepted requests filled with large values
 * was most of this file's time (800 reads of up to a megabyte each).
 */
async function fingerprint(service: ServiceName): Promise<string> {
  await dev.clock.advance(0); // deliveries of runs accepted before have settled
  if (service === "workflow") {
    const runs = await dev.runs.list();
    return JSON.stringify(runs.map((run) => [run.workflowRunId, run.state, run.attempts.length]));
  }
  const auth = { authorization: `Bearer ${dev.token}` };
  const info = await (await fetch(`${dev.vectorUrl}/info`, { headers: auth })).json();
  return JSON.stringify([info, await dev.snapshot()]);
}

/** The spec's verdict on the request as sent; undefined when fetch cannot even build it. */
async function specViolations(spec: ContractSpec, base: string, raw: RawRequest) {
  try {
    const request = new Request(base + raw.path, {
      method: raw.method,
      headers: raw.headers,
      ...(raw.method === "POST" && raw.body !== undefined
        ? { body: new Uint8Array(raw.body) }
        : {}),
    });
    return (await checkRequest(spec, request)).violations;
  } catch {
    return undefined;
  }
}

function describeRequest(label: string, raw: RawRequest, answer?: RawAnswer): string {
  const body = raw.body === undefined ? "" : raw.body.subarray(0, 300).toString("latin1");
  const headers = Object.entries(raw.headers).map(([k, v]) => `${k}: ${v.slice(0, 80)}`);
  const answered =
    answer === undefined ? "" : `\n-> ${answer.status} ${answer.body.subarray(0, 300).toString()}`;
  return `broken by ${label}: ${raw.method} ${raw.path.slice(0, 200)}\n${headers.join("\n")}\n\n${body}${answered}`;
}

/**
 * Whether every way a request breaks the spec is a form the dev server accepts on purpose,
 * as the real service does for its official SDK: a range cursor sent as a whole number
 * (`cursor: 0`), read as that offset.
 */
function tolerated(forbidden: Violation[]): boolean {
  return forbidden.every(
    (v) => v.where === "body/cursor" && /^must be string \(got \d+\)$/.test(v.message),
  );
}

/**
 * The state's fingerprint as the last rejected request left it, checked equal to the one
 * before it: the next case starts from that state, so it need not be read again. Cleared by
 * an accepted request (which may change the state) and by a new dev server.
 */
let known: string | undefined;
beforeEach(() => {
  known = undefined;
});

async function checkOne(service: ServiceName, label: string, raw: RawRequest) {
  const spec = loadSpec(service);
  const base = service === "workflow" ? dev.workflowUrl : dev.vectorUrl;
  const before = known ?? (await fingerprint(service));
  known = undefined;
  const answer = await sendRaw(base, raw).catch((error: Error) => {
    throw new Error(`the connection failed (${error.message}); ${describeRequest(label, raw)}`);
  });
  const what = describeRequest(label, raw, answer);
  expect(answer.status, what).toBeLessThan(500);
  // The operation of the request as sent: a broken path segment may have moved it.
  const operation = matchOperation(spec, raw.method, raw.path.split("?")[0] ?? "");
  if (operation !== undefined) {
    const violations = await checkResponse(spec, operation.operationId, asResponse(answer));
    expect(formatViolations(violations), `the answer breaks the spec; ${what}`).toBe("");
    // Only an accepted request is asked whether the spec forbids it: a refused one is right
    // either way, and checking each large body against the spec cost as much as sending it.
    const forbidden = answer.status < 400 ? await specViolations(spec, base, raw) : undefined;
    if (forbidden !== undefined && forbidden.length > 0 && !tolerated(forbidden)) {
      expect(
        answer.status,
        `accepted what the spec forbids (${formatViolations(forbidden)}); ${what}`,
      ).toBeGreaterThanOrEqual(400);
    }
  } else if (answer.status >= 400) {
    // Routes outside the spec (the dev-only writes) answer errors in the service's error body.
    const error = service === "vector" ? { status: answer.status } : {};
    expect(JSON.parse(answer.body.toString()), what).toEqual({
      error: expect.any(String),
      ...error,
    });
  }
  if (answer.status >= 400) {
    const after = await fingerprint(service);
    expect(after, `a rejected request changed the state; ${what}`).toBe(before);
    known = after;
  }
}

describe("the dev server under requests drawn from the specs", () => {
  const runs = propsRuns() * REQUESTS_PER_RUN;
  const workflowUrl = (n: number) => `${sinkUrl}/wf/${n}`;
  const services: [ServiceName, () => fc.Arbitrary<Draft>, fc.Arbitrary<Broken>][] = [
    [
      "vector",
      () => fc.oneof(vectorRequest(dev.token), schemaRequest("vector", dev.token, workflowUrl)),
      breakages([badSegment]),
    ],
    [
      "workflow",
      () =>
        fc.oneof(
          workflowRequest(dev.token, sinkUrl),
          schemaRequest("workflow", dev.token, workflowUrl),
        ),
      breakages([badHeader, badWorkflowUrl]),
    ],
  ];
  for (const [service, requests, broken] of services) {
    for (const seed of propsSeeds()) {
      const name = `${service} requests, well-formed and broken`;
      it(seedTitle(name, seed), { timeout: propsTimeout(runs) }, async () => {
        // Built here, once the dev server and the sink listen: requests name their addresses.
        const property = fc.asyncProperty(requests(), broken, async (drawn, breakage) => {
          await checkOne(service, breakage.label, toRaw(breakage.apply(drawn)));
        });
        await checkProperty(property, { testUrl: import.meta.url, name, seed, runs });
      });
    }
  }
});
