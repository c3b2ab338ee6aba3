// Where our clients differ from openapi-fetch ON PURPOSE, each difference named with its
// reason, and what each one turns openapi-fetch's observation into: the observation our
// method or `api` must then give exactly. Nothing else is translated or left out, so any
// other difference fails the test.
import type { HookRecord } from "./stack";
import type { Observed, Outcome, Scenario, ServedRequest } from "./ways";

/** Each known difference and why it is there. */
export const DIFFERENCES = {
  token:
    "Middleware never sees the token: it is added as the request is sent, so no middleware can " +
    "log or leak it (openapi-fetch's client here has it as a default header, which hooks see).",
  traceContext:
    "With tracing, each attempt carries `traceparent`, written as the attempt is sent, after " +
    "middleware: the service sees it, middleware does not. A trigger also carries it as " +
    "`svc-forward-traceparent`, for the workflow's deliveries.",
  typedErrors:
    "A method rejects with the typed ApiError of the status (its body parsed) where " +
    "openapi-fetch resolves `{ error }`.",
  envelope:
    "A vector method resolves with the body's `result`, not with the whole body (a trigger " +
    "resolves with the body).",
  connectionError:
    "A failed fetch reaches `onError` and the caller as a ConnectionError that names the call " +
    "(its cause redacted), not as fetch's own `TypeError: fetch failed`; its message is the " +
    "transport's tests' to check.",
  notJson:
    "A 2xx body that is not JSON is an ApiError with the status and the text as its body, not " +
    "JSON.parse's SyntaxError, on the methods and on `api`.",
  callOwnAnswer:
    "Except a 2xx that is not JSON with which a call's own `middleware` answers in `onRequest`: " +
    "openapi-fetch parses it before any of ours runs again, so `api` gives its SyntaxError.",
  spanNames:
    "A method's call span is named after the method (`VectorIndex.range`), `api`'s after the " +
    "HTTP method and path template; each attempt's span is named by method and template on both.",
  requestBodyKept:
    "The request a method's `onResponse` and `onError` see still has its body to read, unless " +
    "a middleware replaced the request: the method sends the body it serialized, not the " +
    "Request's stream, which openapi-fetch's fetch reads up.",
  apiCallSpan:
    "`api`'s call span starts in its fetch, which openapi-fetch calls after `onRequest`: a call " +
    "answered or refused by `onRequest` has no span on `api`.",
} as const;

/** What stands for a message a difference leaves uncompared. */
const UNCOMPARED = "(not compared)";

/** Whether an error is fetch's own failure to reach the service. */
function isFetchFailure(error: { name: string; message: string }): boolean {
  return error.name === "TypeError" && error.message === "fetch failed";
}

const byName = (headers: [string, string][]) =>
  [...headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A hook record of openapi-fetch's, as our client's must read. */
function expectedHook(record: HookRecord, way: "method" | "api", reference: Observed): HookRecord {
  const expected = { ...record };
  if (record.request) {
    // DIFFERENCES.token
    const headers = record.request.headers.filter(([name]) => name !== "authorization");
    expected.request = { ...record.request, headers: byName(headers) };
    if (way === "method" && record.hook !== "onRequest" && !replacedIn(reference, record.call)) {
      // DIFFERENCES.requestBodyKept: the body the service got.
      const sent = reference.served[record.call - 1]?.at(-1)?.body;
      expected.request.body = sent ?? record.request.body;
    }
  }
  if (record.error && isFetchFailure(record.error)) {
    // DIFFERENCES.connectionError
    expected.error = { name: "ConnectionError", message: UNCOMPARED };
  }
  return expected;
}

/** Whether an `onRequest` of call `call` replaced the request. */
function replacedIn(observed: Observed, call: number): boolean {
  return observed.hooks.some(
    (record) =>
      record.call === call && record.hook === "onRequest" && record.returned === "Request",
  );
}

/** A hook record of ours, compared in the same terms. */
function ourHook(record: HookRecord): HookRecord {
  const ours = { ...record };
  if (record.request) ours.request = { ...record.request, headers: byName(record.request.headers) };
  if (record.error?.name === "ConnectionError") {
    ours.error = { name: "ConnectionError", message: UNCOMPARED };
  }
  return ours;
}

/** What the service received from openapi-fetch, as it must receive it from ours. */
function expectedServed(request: ServedRequest, scenario: Scenario): ServedRequest {
  // DIFFERENCES.traceContext
  const headers: [string, string][] = [...request.headers, ["traceparent", UNCOMPARED]];
  if (scenario.op === "trigger") headers.push(["svc-forward-traceparent", UNCOMPARED]);
  return { ...request, headers: byName(headers) };
}

/** The trace context headers, whose values are new on each call. */
const TRACE_CONTEXT = new Set(["traceparent", "svc-forward-traceparent"]);

function ourServed(request: ServedRequest): ServedRequest {
  const headers = request.headers.map(([name, value]): [string, string] =>
    TRACE_CONTEXT.has(name) ? [name, UNCOMPARED] : [name, value],
  );
  return { ...request, headers: byName(headers) };
}

/** The failure a 2xx body that is not JSON is on our side (DIFFERENCES.notJson). */
const NOT_JSON: Outcome = {
  rejected: { name: "ApiError", message: UNCOMPARED, status: 200, body: UNCOMPARED },
};

/**
 * openapi-fetch's outcome of a call, as `api` must give it; `callOwnAnswer` when a call's own
 * middleware answered it in `onRequest`.
 */
function expectedApiOutcome(outcome: Outcome, callOwnAnswer: boolean): Outcome {
  if (!("rejected" in outcome)) return outcome;
  const { rejected } = outcome;
  if (isFetchFailure(rejected)) {
    return { rejected: { name: "ConnectionError", message: UNCOMPARED } };
  }
  // DIFFERENCES.notJson, but DIFFERENCES.callOwnAnswer
  if (rejected.name === "SyntaxError" && !callOwnAnswer) return NOT_JSON;
  return outcome;
}

/** openapi-fetch's outcome of a call, as a method must give it. */
function expectedMethodOutcome(outcome: Outcome, scenario: Scenario): Outcome {
  if ("rejected" in outcome) return expectedApiOutcome(outcome, false);
  const { data, error, status } = outcome.resolved as {
    data?: { result: unknown };
    error?: unknown;
    status: number;
  };
  // DIFFERENCES.typedErrors
  if (status >= 400) {
    return { rejected: { name: "ApiError", message: UNCOMPARED, status, body: error } };
  }
  // DIFFERENCES.envelope
  return { resolved: scenario.op === "trigger" ? data : data?.result };
}

/** Whether one of the call's own middleware answered call `call` in `onRequest`. */
function answeredByCallOwn(observed: Observed, scenario: Scenario, call: number): boolean {
  const own = new Set(
    scenario.stack.map((_, at) => `m${at}`).slice(scenario.stack.length - scenario.perCall),
  );
  return observed.hooks.some(
    (record) =>
      record.call === call &&
      record.hook === "onRequest" &&
      record.returned === "Response" &&
      own.has(record.who),
  );
}

/** An outcome of ours, compared in the same terms: every ApiError subclass as `ApiError`. */
function ourOutcome(outcome: Outcome): Outcome {
  if (!("rejected" in outcome)) return outcome;
  const { rejected } = outcome;
  if (rejected.status !== undefined) {
    // DIFFERENCES.notJson: a 2xx is an error only for its text, which is its body.
    const body = rejected.status < 300 ? UNCOMPARED : rejected.body;
    return { rejected: { ...rejected, name: "ApiError", message: UNCOMPARED, body } };
  }
  if (rejected.name === "ConnectionError")
    return { rejected: { ...rejected, message: UNCOMPARED } };
  return outcome;
}

/** The path template of the scenario's operation. */
function templateOf(scenario: Scenario): string {
  if (scenario.op === "trigger") return "/v2/trigger/{workflowUrl}";
  if (scenario.op === "info") return "/info";
  return scenario.namespace === "" ? "/range" : "/range/{namespace}";
}

/** The method a scenario calls, as its span is named. */
const METHOD_OF = {
  range: "VectorIndex.range",
  info: "VectorIndex.info",
  trigger: "WorkflowClient.trigger",
};

/** The spans our way must leave, from the requests openapi-fetch's calls sent. */
function expectedSpans(scenario: Scenario, way: "method" | "api", served: ServedRequest[][]) {
  const operation = `${scenario.op === "info" ? "GET" : "POST"} ${templateOf(scenario)}`;
  return served.flatMap((requests) => {
    // DIFFERENCES.spanNames: one attempt span per request, named by method and template.
    const attempts = requests.map(() => `attempt ${operation}`);
    if (way === "method") return [...attempts, `call ${METHOD_OF[scenario.op]}`];
    // DIFFERENCES.apiCallSpan: no request sent, no span.
    return attempts.flatMap((attempt) => [attempt, `call ${operation}`]);
  });
}

/** openapi-fetch's observation of a scenario, as our `way` must give it. */
export function expectedOf(
  reference: Observed,
  scenario: Scenario,
  way: "method" | "api",
): Observed {
  return {
    hooks: reference.hooks.map((record) => expectedHook(record, way, reference)),
    outcomes: reference.outcomes.map((outcome, at) =>
      way === "method"
        ? expectedMethodOutcome(outcome, scenario)
        : expectedApiOutcome(outcome, answeredByCallOwn(reference, scenario, at + 1)),
    ),
    served: reference.served.map((requests) =>
      requests.map((request) => expectedServed(request, scenario)),
    ),
    spans: expectedSpans(scenario, way, reference.served),
  };
}

/** Our observation, in the terms {@link expectedOf} gives. */
export function comparableOf(ours: Observed): Observed {
  return {
    hooks: ours.hooks.map(ourHook),
    outcomes: ours.outcomes.map(ourOutcome),
    served: ours.served.map((requests) => requests.map(ourServed)),
    spans: ours.spans,
  };
}
