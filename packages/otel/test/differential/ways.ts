// One drawn scenario run three ways over the same stub service: through a method of
// `VectorIndex` or `WorkflowClient`, through its `api`, and through openapi-fetch's own
// `createClient` with the same base URL, headers and middleware. Each way gets a fresh client, so `use` and `eject`
// during a call change only its own list; a scenario that uses them calls twice, to see
// what the change does to the next call.
import { SpanKind } from "@opentelemetry/api";
import { ApiError, type Tracing } from "@x/core";
import { VectorIndex, type paths as VectorPaths } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import { WorkflowClient, type paths as WorkflowPaths } from "@x/workflow";
import { createWorkflowApi } from "@x/workflow/api";
import fc from "fast-check";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { traced } from "../harness";
import {
  buildStack,
  type HookRecord,
  type MiddlewareSpec,
  type MiddlewareTarget,
  middlewareSpec,
} from "./stack";
import { type Answer, type ServedRequest, stubService } from "./stub-service";

export type { ServedRequest };

// Where the services are; the service is the fetch each client is given.
const VECTOR_URL = "https://differential.vector.example.com";
const WORKFLOW_URL = "https://differential.workflow.example.com";
/** The workflow a trigger starts. */
const WORKFLOW_TARGET = "https://app.example.com/api/workflow";

/** The token our clients send; openapi-fetch's client sends it as a default header. */
export const TOKEN = "sk-differential-s3cret";

export interface Scenario {
  /** A vector index's `range` or `info`, or a workflow's `trigger`. */
  op: "range" | "info" | "trigger";
  /** Range's namespace: `""` is `/range`, another is `/range/{namespace}`. */
  namespace: string;
  stack: MiddlewareSpec[];
  /**
   * How many of the stack's last middleware `api` and openapi-fetch get as the call's own
   * `middleware` option rather than by `use` (a method has no such option: it gets them all
   * by `use`).
   */
  perCall: number;
  /** What the service answers every request with. */
  answer: Answer;
}

export const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    op: fc.constantFrom("range" as const, "info" as const, "trigger" as const),
    namespace: fc.constantFrom("", "films"),
    stack: fc.array(middlewareSpec, { maxLength: 3 }),
    perCall: fc.nat({ max: 3 }),
    answer: fc.constantFrom<Answer>(
      { kind: "json" },
      { kind: "status", status: 404 },
      { kind: "text" },
      { kind: "reset" },
    ),
  })
  .map((drawn) => ({ ...drawn, perCall: Math.min(drawn.perCall, drawn.stack.length) }));

/** How a call ended, as its caller sees it. */
export type Outcome =
  | { resolved: unknown }
  | { rejected: { name: string; message: string; status?: number; body?: unknown } };

/** Everything observed of one way's calls. */
export interface Observed {
  hooks: HookRecord[];
  outcomes: Outcome[];
  served: ServedRequest[][];
  /** Our clients' spans (kind and name), in the order they ended; none for openapi-fetch. */
  spans: string[];
}

export type Way = "method" | "api" | "openapi-fetch";

/** Whether a scenario's middleware change the client's list, so it calls a second time. */
export function callsOf(scenario: Scenario): number {
  const changes = scenario.stack.some(
    (spec) => spec.onRequest === "use" || spec.onRequest === "eject-first",
  );
  return changes ? 2 : 1;
}

function outcomeOfError(error: unknown): Outcome {
  if (!(error instanceof Error))
    return { rejected: { name: typeof error, message: String(error) } };
  const { name, message } = error;
  if (error instanceof ApiError) {
    return { rejected: { name, message, status: error.status, body: error.body } };
  }
  return { rejected: { name, message } };
}

/** How a call of `api` or openapi-fetch's client ended: its `{ data, error }` and status. */
async function outcomeOfSpecCall(
  pending: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<Outcome> {
  try {
    const { data, error, response } = await pending;
    return { resolved: { data, error, status: response.status } };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** How a method's call ended. */
async function outcomeOfMethod(pending: PromiseLike<unknown>): Promise<Outcome> {
  try {
    return { resolved: await pending };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** One way's client of the scenario's service: where `use` goes, and its call. */
interface WayClient {
  target: MiddlewareTarget;
  /** Makes the scenario's call; `perCall` is the call's own middleware (not for a method). */
  call(perCall: Middleware[]): Promise<Outcome>;
}

/** What each way's client is built with. */
interface Setup {
  fetch: typeof fetch;
  tracing: Tracing | undefined;
}

const AUTH = { authorization: `Bearer ${TOKEN}` };

function vectorClient(scenario: Scenario, way: Way, setup: Setup): WayClient {
  const specCall = (client: Client<VectorPaths>, middleware: Middleware[]) => {
    if (scenario.op === "info") return outcomeOfSpecCall(client.GET("/info", { middleware }));
    const body = { cursor: "0", limit: 2 };
    if (scenario.namespace === "") {
      return outcomeOfSpecCall(client.POST("/range", { body, middleware }));
    }
    const params = { path: { namespace: scenario.namespace } };
    return outcomeOfSpecCall(client.POST("/range/{namespace}", { params, body, middleware }));
  };
  if (way === "openapi-fetch") {
    const client = createClient<VectorPaths>({
      baseUrl: VECTOR_URL,
      fetch: setup.fetch,
      headers: AUTH,
    });
    return { target: client, call: (perCall) => specCall(client, perCall) };
  }
  const index = new VectorIndex({
    url: VECTOR_URL,
    token: TOKEN,
    maxRetries: 0,
    fetch: setup.fetch,
    tracing: setup.tracing,
  }).namespace(scenario.namespace);
  if (way === "api") {
    // openapi-fetch's middleware goes on `api` with its own `use`, as on openapi-fetch.
    const api = createVectorApi(index);
    return { target: api, call: (perCall) => specCall(api, perCall) };
  }
  const method = () =>
    scenario.op === "info" ? index.info() : index.range({ cursor: "0", limit: 2 });
  return { target: index, call: () => outcomeOfMethod(method()) };
}

/**
 * The workflow URL goes into the trigger's path raw, but for what would end the path: the
 * client's own rule, which openapi-fetch's client is given too.
 */
function rawPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name]).replace(/[%?# ]/g, encodeURIComponent),
  );
}

function workflowClient(way: Way, setup: Setup): WayClient {
  const body = { order: 1 };
  const specCall = (client: Client<WorkflowPaths>, middleware: Middleware[]) => {
    const params = { path: { workflowUrl: WORKFLOW_TARGET } };
    return outcomeOfSpecCall(
      client.POST("/v2/trigger/{workflowUrl}", { params, body, middleware }),
    );
  };
  if (way === "openapi-fetch") {
    const client = createClient<WorkflowPaths>({
      baseUrl: WORKFLOW_URL,
      fetch: setup.fetch,
      headers: AUTH,
      pathSerializer: rawPath,
    });
    return { target: client, call: (perCall) => specCall(client, perCall) };
  }
  const wf = new WorkflowClient({
    baseUrl: WORKFLOW_URL,
    token: TOKEN,
    maxRetries: 0,
    fetch: setup.fetch,
    tracing: setup.tracing,
  });
  if (way === "api") {
    const api = createWorkflowApi(wf);
    return { target: api, call: (perCall) => specCall(api, perCall) };
  }
  return { target: wf, call: () => outcomeOfMethod(wf.trigger({ url: WORKFLOW_TARGET, body })) };
}

/**
 * Runs the scenario's calls one way. `split` gives `api` and openapi-fetch the last
 * `perCall` middleware per call; without it, openapi-fetch gets them all by `use`, as a
 * method does.
 */
export async function runWay(
  scenario: Scenario,
  way: Way,
  split = way === "api",
): Promise<Observed> {
  const hooks: HookRecord[] = [];
  const outcomes: Outcome[] = [];
  const served: ServedRequest[][] = [];
  const call = { current: 0 };
  const service = stubService(scenario.answer);
  const tracer = way === "openapi-fetch" ? undefined : traced({ attemptSpans: true });
  const setup = { fetch: service.fetch, tracing: tracer?.tracing };
  const client =
    scenario.op === "trigger" ? workflowClient(way, setup) : vectorClient(scenario, way, setup);
  const stack = buildStack(scenario.stack, client.target, hooks, call);
  const perCall = split ? stack.slice(stack.length - scenario.perCall) : [];
  client.target.use(...stack.slice(0, stack.length - perCall.length));

  for (let n = 1; n <= callsOf(scenario); n++) {
    call.current = n;
    const before = service.served.length;
    outcomes.push(await client.call(perCall));
    served.push(service.served.slice(before));
  }
  const spans = (tracer?.spans() ?? []).map(
    (span) => `${span.kind === SpanKind.CLIENT ? "attempt" : "call"} ${span.name}`,
  );
  return { hooks, outcomes, served, spans };
}
