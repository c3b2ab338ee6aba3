// The arbitraries of a scenario: a client, a call, an abort and the server's behaviour per
// attempt. Small numbers throughout (timeouts of tens of ms, 0-3 retries) keep a run of
// hundreds of scenarios within seconds.
import type { LogLevel } from "@x/core";
import fc from "fast-check";
import type { Behaviour } from "./behaviours";
import { MIDDLEWARE_KINDS, type MiddlewareKind } from "./middleware";
import { DECLARED_ERRORS, isApi, type Op, type Take, VECTOR_OPS, WORKFLOW_OPS } from "./operations";

export type Service = "workflow" | "vector";

/** When the call's signal aborts; `attempt` names the request (from 0) it aborts during. */
export type Abort =
  | { when: "none" }
  | { when: "before"; reason: Reason }
  | { when: "attempt"; request: number; reason: Reason }
  | { when: "backoff"; reason: Reason };

/** What `abort()` is given: an Error, a plain string, or nothing (the runtime's own). */
export type Reason = "error" | "string" | "default";

export interface Scenario {
  service: Service;
  client: {
    tokenIn: "header" | "query";
    defaultHeaders?: Record<string, string>;
    logLevel: LogLevel;
    tracing: boolean;
    maxRetries: number;
    timeoutMs: number;
    middleware: MiddlewareKind[];
    /** `use(valid, invalid)`: a registration that throws part-way. */
    failingUse?: boolean;
  };
  call: {
    op: Op;
    take: Take;
    namespace: string;
    options: { timeoutMs?: number; maxRetries?: number; headers?: Record<string, string> };
    parseAs: "json" | "text";
    perRequest?: MiddlewareKind;
    secretInUrl: boolean;
    runId: boolean;
  };
  abort: Abort;
  behaviours: Behaviour[];
}

const timeoutMs = fc.constantFrom(20, 35, 50);
const maxRetries = fc.integer({ min: 0, max: 3 });
const header = fc.dictionary(fc.constantFrom("x-team", "x-trace-tag", "x-env"), fc.string(), {
  maxKeys: 2,
});

function behaviour(service: Service): fc.Arbitrary<Behaviour> {
  const errors = DECLARED_ERRORS[service];
  return fc.oneof(
    { arbitrary: fc.constant<Behaviour>({ kind: "json" }), weight: 4 },
    { arbitrary: fc.constant<Behaviour>({ kind: "empty" }), weight: 2 },
    { arbitrary: fc.constant<Behaviour>({ kind: "text" }), weight: 3 },
    fc.constantFrom(...errors).map((status): Behaviour => ({ kind: "status", status })),
    fc
      .record({
        status: fc.constantFrom(429 as const, 503 as const),
        form: fc.constantFrom("seconds" as const, "date" as const),
        seconds: fc.constantFrom(1 as const, 2 as const),
      })
      .map((given): Behaviour => ({ kind: "retry-after", ...given })),
    fc.constant<Behaviour>({ kind: "redirect" }),
    fc.constantFrom(200, ...errors).map((status): Behaviour => ({ kind: "echo", status })),
    fc.constant<Behaviour>({ kind: "hang" }),
    fc.constant<Behaviour>({ kind: "stall" }),
    fc.constant<Behaviour>({ kind: "cut" }),
    fc.constant<Behaviour>({ kind: "reset" }),
  );
}

const reason = fc.constantFrom<Reason>("error", "string", "default");

const abort: fc.Arbitrary<Abort> = fc.oneof(
  { arbitrary: fc.constant<Abort>({ when: "none" }), weight: 5 },
  reason.map((given): Abort => ({ when: "before", reason: given })),
  fc
    .record({ request: fc.integer({ min: 0, max: 2 }), reason })
    .map((given): Abort => ({ when: "attempt", ...given })),
  reason.map((given): Abort => ({ when: "backoff", reason: given })),
);

function scenarioOf(service: Service): fc.Arbitrary<Scenario> {
  const ops = service === "workflow" ? WORKFLOW_OPS : VECTOR_OPS;
  return fc.record({
    service: fc.constant(service),
    client: fc.record(
      {
        // Only the workflow client can send its token in the query.
        tokenIn:
          service === "workflow" ? fc.constantFrom("header", "query") : fc.constant("header"),
        defaultHeaders: header,
        logLevel: fc.constantFrom<LogLevel>("off", "error", "warn", "info", "debug"),
        tracing: fc.boolean(),
        maxRetries,
        timeoutMs,
        middleware: fc.array(fc.constantFrom(...MIDDLEWARE_KINDS), { maxLength: 3 }),
        failingUse: fc.boolean(),
      },
      { requiredKeys: ["tokenIn", "logLevel", "tracing", "maxRetries", "timeoutMs", "middleware"] },
    ),
    call: fc.record(
      {
        // `api` is where openapi-fetch's own options (parseAs, per-request middleware) meet ours.
        op: fc.oneof(
          ...ops.map((op) => ({ arbitrary: fc.constant<Op>(op), weight: isApi(op) ? 3 : 1 })),
        ),
        take: fc.constantFrom("await" as const, "withResponse" as const, "asResponse" as const),
        namespace: fc.constantFrom("", "films"),
        options: fc.record({ timeoutMs, maxRetries, headers: header }, { requiredKeys: [] }),
        parseAs: fc.constantFrom("json" as const, "text" as const),
        perRequest: fc.constantFrom(...MIDDLEWARE_KINDS),
        secretInUrl: fc.boolean(),
        runId: fc.boolean(),
      },
      { requiredKeys: ["op", "take", "namespace", "options", "parseAs", "secretInUrl", "runId"] },
    ),
    abort,
    behaviours: fc.array(behaviour(service), { minLength: 1, maxLength: 5 }),
  });
}

/** A scenario against either client. */
export const scenario: fc.Arbitrary<Scenario> = fc.oneof(
  scenarioOf("workflow"),
  scenarioOf("vector"),
);
