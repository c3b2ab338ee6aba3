// One drawn scenario run three ways over the same stub service: through a method of
// `VectorIndex`, through its `api`, and through openapi-fetch's own `createClient` with the
// same base URL, headers and middleware. Each way gets a fresh client, so `use` and `eject`
// during a call change only its own list; a scenario that uses them calls twice, to see
// what the change does to the next call.
import { SpanKind } from "@opentelemetry/api";
import { ApiError } from "@x/core";
import { type paths, VectorIndex } from "@x/vector";
import fc from "fast-check";
import createClient, { type Middleware } from "openapi-fetch";
import { traced } from "../harness";
import { buildStack, type HookRecord, type MiddlewareSpec, middlewareSpec } from "./stack";
import { type Answer, type ServedRequest, stubService } from "./stub-service";

export type { ServedRequest };

/** Where the index is; the service is the fetch each client is given. */
const BASE_URL = "https://differential.vector.example.com";

/** The token our clients send; openapi-fetch's client sends it as a default header. */
export const TOKEN = "sk-differential-s3cret";

export interface Scenario {
  op: "range" | "info";
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
    op: fc.constantFrom("range" as const, "info" as const),
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

/** A call of `api` or openapi-fetch's client: its `{ data, error }` and status. */
function outcomeOfFetch(result: { data?: unknown; error?: unknown; response: Response }): Outcome {
  const { data, error, response } = result;
  return { resolved: { data, error, status: response.status } };
}

/** openapi-fetch's client of the vector spec, typed as `api` is. */
type FetchClient = VectorIndex["api"];

/** The call of the scenario through a client of the spec, with the call's own middleware. */
function callSpec(client: FetchClient, scenario: Scenario, middleware: Middleware[]) {
  if (scenario.op === "info") return client.GET("/info", { middleware });
  const body = { cursor: "0", limit: 2 };
  if (scenario.namespace === "") return client.POST("/range", { body, middleware });
  const params = { path: { namespace: scenario.namespace } };
  return client.POST("/range/{namespace}", { params, body, middleware });
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
  const index =
    way === "openapi-fetch"
      ? undefined
      : new VectorIndex({
          url: BASE_URL,
          token: TOKEN,
          maxRetries: 0,
          fetch: service.fetch,
          tracing: tracer?.tracing,
        }).namespace(scenario.namespace);
  const fetchClient: FetchClient =
    index?.api ??
    createClient<paths>({
      baseUrl: BASE_URL,
      fetch: service.fetch,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  const target = index ?? fetchClient;
  const stack = buildStack(scenario.stack, target, hooks, call);
  const perCall = split ? stack.slice(stack.length - scenario.perCall) : [];
  target.use(...stack.slice(0, stack.length - perCall.length));

  for (let n = 1; n <= callsOf(scenario); n++) {
    call.current = n;
    const before = service.served.length;
    try {
      if (way === "method" && index) {
        const value =
          scenario.op === "info"
            ? await index.info()
            : await index.range({ cursor: "0", limit: 2 });
        outcomes.push({ resolved: value });
      } else {
        outcomes.push(outcomeOfFetch(await callSpec(fetchClient, scenario, perCall)));
      }
    } catch (error) {
      outcomes.push(outcomeOfError(error));
    }
    served.push(service.served.slice(before));
  }
  const spans = (tracer?.spans() ?? []).map(
    (span) => `${span.kind === SpanKind.CLIENT ? "attempt" : "call"} ${span.name}`,
  );
  return { hooks, outcomes, served, spans };
}
