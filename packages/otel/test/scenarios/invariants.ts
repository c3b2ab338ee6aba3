// The invariants every scenario must keep, each a named check that returns what broke it.
// Names are what a failure prints and what the closing note of issue 28 counts by.

import { isDeepStrictEqual } from "node:util";
import { XError } from "@x/core";
import { isJsonBody } from "./behaviours";
import { budgetMs, effective } from "./budget";
import type { Scenario } from "./draw";
import type { Served } from "./hostile-server";
import { RefusedByMiddleware } from "./middleware";
import { base64FormsOf, findSecret, formsOf, spanTexts, textsOf } from "./observe";
import { BODY_UNREAD, expectedResult, isApi, isRangeAll, type Returned } from "./operations";
import { type Observation, TOKEN, URL_SECRET } from "./run";

export interface Violation {
  invariant: string;
  detail: string;
}

/** The request a served one belongs to: a range page by its cursor, else the one call. */
function requestKey(served: Served): string {
  try {
    return String((JSON.parse(served.body) as { cursor?: unknown }).cursor ?? "");
  } catch {
    return "";
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function chainHas(error: unknown, test: (link: unknown) => boolean): boolean {
  for (let link = error, depth = 0; link !== undefined && depth < 10; depth++) {
    if (test(link)) return true;
    link = link instanceof Error ? link.cause : undefined;
  }
  return false;
}

type Check = (scenario: Scenario, seen: Observation) => string | undefined;

const checks: Record<string, Check> = {
  "token never observable"(_, seen) {
    const sources: Record<string, string[]> = {
      error: textsOf(seen.error),
      "log line": seen.logs.flatMap((line) => [line.message, ...textsOf(line.details)]),
      span: seen.started.flatMap((span) => spanTexts(span)),
      "response of withResponse/asResponse/api": textsOf(seen.returned?.response),
      "middleware hook": seen.hooks.flatMap((hook) => hook.seen),
    };
    for (const [where, texts] of Object.entries(sources)) {
      const found = findSecret([...formsOf(TOKEN), ...base64FormsOf(TOKEN)], texts);
      if (found !== undefined) return `the token is in a ${where}: ${found.slice(0, 300)}`;
    }
    return undefined;
  },

  "URL secret never in messages, logs, spans"(scenario, seen) {
    if (!scenario.call.secretInUrl) return undefined;
    const sources: Record<string, string[]> = {
      "error message": textsOf(seen.error, true),
      "log line": seen.logs.map((line) => line.message),
      span: seen.started.flatMap((span) => spanTexts(span)),
    };
    for (const [where, texts] of Object.entries(sources)) {
      const found = findSecret(formsOf(URL_SECRET), texts);
      if (found !== undefined) return `the URL's secret is in a ${where}: ${found.slice(0, 300)}`;
    }
    return undefined;
  },

  "every span ends exactly once"(_, seen) {
    const ended = new Set(seen.ended.map((span) => span.spanContext().spanId));
    const open = seen.started.filter((span) => !ended.has(span.spanContext().spanId));
    if (open.length > 0) return `${open.length} span(s) never ended: ${open.map((s) => s.name)}`;
    if (seen.ended.length !== ended.size) return "a span ended twice";
    const complaint = seen.complaints.find((text) => /end\(\)|ended Span/.test(text));
    return complaint && `the SDK says: ${complaint}`;
  },

  "attempts within maxRetries + 1; a trigger without run id sent once"(scenario, seen) {
    const { maxRetries } = effective(scenario);
    const isTrigger = scenario.service === "workflow";
    const limit = isTrigger && !scenario.call.runId ? 1 : maxRetries + 1;
    const counts = new Map<string, number>();
    for (const served of seen.served) {
      const key = requestKey(served);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const over = [...counts].find(([, count]) => count > limit);
    return over && `request ${JSON.stringify(over[0])} was sent ${over[1]} times, limit ${limit}`;
  },

  "settles within its budget"(scenario, seen) {
    const budget = budgetMs(scenario);
    if (seen.settledMs <= budget) return undefined;
    if (seen.unsettled)
      return `had not settled ${Math.round(seen.settledMs)} ms on, budget ${Math.round(budget)} ms`;
    return `settled after ${Math.round(seen.settledMs)} ms, budget ${Math.round(budget)} ms`;
  },

  "an abort rejects with AbortError, cause = the signal's reason"(_, seen) {
    const { error } = seen;
    const refused = chainHas(error, (link) => link instanceof RefusedByMiddleware);
    const isAbort = error instanceof XError && error.name === "AbortError";
    if (!seen.abort) return isAbort ? "an AbortError without an abort" : undefined;
    if (!seen.rejected || refused) return undefined;
    if (!isAbort) return `aborted, but rejected with ${errorName(error)}`;
    if ((error as Error).cause !== seen.abort.reason) {
      return `AbortError's cause is ${String((error as Error).cause)}, not the signal's reason`;
    }
    return undefined;
  },

  "failures are typed"(_, seen) {
    if (!seen.rejected) return undefined;
    const { error } = seen;
    if (chainHas(error, (link) => link instanceof RefusedByMiddleware)) return undefined;
    if (!(error instanceof XError)) return `rejected with ${errorName(error)}, not an XError`;
    if (error.name === "ValidationError") return `valid input refused: ${error.message}`;
    return undefined;
  },

  "a 2xx result equals what the server sent"(scenario, seen) {
    const answered = seen.hooks.filter((hook) => hook.answered).at(-1)?.answered;
    if (seen.rejected) return rejectionProblem(scenario, seen, answered);
    return seen.returned && resultProblem(scenario, seen, seen.returned, answered);
  },

  "middleware hooks see a standard Request / Response"(_, seen) {
    const odd = seen.hooks.find((h) => !h.standardRequest || h.standardResponse === false);
    return odd && `${odd.kind}.${odd.hook} got a request or response that is not standard`;
  },

  "no unhandled rejection"(_, seen) {
    return seen.unhandled.length > 0 ? `unhandled: ${errorName(seen.unhandled[0])}` : undefined;
  },

  "no timer left open"(_, seen) {
    return seen.timersLeft > 0 ? `${seen.timersLeft} client timer(s) still pending` : undefined;
  },

  "no socket left open"(_, seen) {
    // A raw body the caller gave up on: Node 20 and 22's fetch keeps its socket about 4 s
    // after a cancel (Node 24's closes it at once), so the run's last sweep counts it.
    if (seen.returned?.value === BODY_UNREAD) return undefined;
    return seen.socketsLeft > 0 ? `${seen.socketsLeft} socket(s) still open` : undefined;
  },
};

/** The names of the invariants, in the order they are checked. */
export const INVARIANTS = Object.keys(checks);

export function violations(scenario: Scenario, seen: Observation): Violation[] {
  return Object.entries(checks).flatMap(([invariant, check]) => {
    const detail = check(scenario, seen);
    return detail === undefined ? [] : [{ invariant, detail }];
  });
}

/** Whether the final answer is a 2xx that the call can read. */
function readable(scenario: Scenario, served: Served): boolean {
  const { kind } = served.behaviour;
  if (served.sent === undefined || !isJsonBody(served.status ?? 0)) return false;
  if (kind === "json" || kind === "echo") return true;
  // A method may refuse an empty or non-JSON 2xx as off-spec; `api` reads what it is told.
  if (!isApi(scenario.call.op)) return false;
  return kind === "empty" || (kind === "text" && scenario.call.parseAs === "text");
}

/**
 * What is wrong with a rejection when the final answer was one the call can read: a
 * middleware's body, or a readable 2xx. Only a timeout (a loaded machine) may still cut
 * such an answer short; an abort or a middleware that threw explains any rejection.
 */
function rejectionProblem(
  scenario: Scenario,
  seen: Observation,
  answered: Record<string, unknown> | undefined,
): string | undefined {
  const { error } = seen;
  if (seen.abort || chainHas(error, (link) => link instanceof RefusedByMiddleware))
    return undefined;
  if (error instanceof XError && error.name === "TimeoutError") return undefined;
  if (answered)
    return `a middleware answered ${JSON.stringify(answered)}, the call rejected with ${errorName(error)}`;
  const last = seen.served.at(-1);
  if (!last || !readable(scenario, last)) return undefined;
  return `the server's last answer was ${last.status} ${JSON.stringify(last.sent)}, the call rejected with ${errorName(error)}`;
}

/**
 * What is wrong with a resolved call's result, given the final answer: a middleware's
 * (the same body whichever answered), or else the last request the server served.
 */
function resultProblem(
  scenario: Scenario,
  seen: Observation,
  returned: Returned,
  answered: Record<string, unknown> | undefined,
): string | undefined {
  const { op } = scenario.call;
  const last = seen.served.at(-1);
  // `api` answers as openapi-fetch does, whichever way the scenario drew to take a method's.
  const asText = scenario.call.take === "asResponse" && !isApi(op);

  if (isRangeAll(op)) {
    // The server's two pages, or a middleware's last page alone when it answered the first.
    const all = [{ id: "a" }, { id: "b" }, { id: "c" }];
    const ok = [all, ...(answered ? [[{ id: "c" }]] : [])];
    return ok.some((one) => isDeepStrictEqual(returned.value, one))
      ? undefined
      : `rangeAll gave ${JSON.stringify(returned.value)}`;
  }
  if (answered) {
    const want = isApi(op)
      ? apiData(answered, scenario)
      : asText
        ? JSON.stringify(answered)
        : expectedResult(op, answered);
    const got = isApi(op) ? (returned.value as { data: unknown }).data : returned.value;
    return isDeepStrictEqual(got, want)
      ? undefined
      : `a middleware answered ${JSON.stringify(answered)}, the call gave ${JSON.stringify(got)}`;
  }
  if (asText) {
    // The raw response of the final answer, whatever its status, its body maybe cut short.
    const status = last?.status;
    if (returned.response?.status !== status) {
      return `asResponse gave status ${returned.response?.status}, the server sent ${status}`;
    }
    if (returned.value === BODY_UNREAD) return undefined;
    return returned.value === last?.sent
      ? undefined
      : "asResponse's body differs from what was sent";
  }
  if (!last || last.sent === undefined) return "resolved without an answer from the server";
  if (isApi(op)) return apiProblem(scenario, last, returned);
  const status = last.status ?? 0;
  if (!isJsonBody(status)) return `resolved, but the server's last answer was ${status}`;

  const kind = last.behaviour.kind;
  if (kind === "empty") {
    return returned.value === undefined
      ? undefined
      : `an empty 2xx gave ${JSON.stringify(returned.value)}`;
  }
  if (kind === "text") return "a 2xx body that is not JSON resolved instead of an ApiError";
  const want = expectedResult(op, JSON.parse(last.sent));
  return isDeepStrictEqual(returned.value, want)
    ? undefined
    : `the server sent ${last.sent}, the call gave ${JSON.stringify(returned.value)}`;
}

/** `api`'s data for a body, as its `parseAs` reads it. */
function apiData(body: unknown, scenario: Scenario): unknown {
  return scenario.call.parseAs === "text" ? JSON.stringify(body) : body;
}

function apiProblem(scenario: Scenario, last: Served, returned: Returned): string | undefined {
  const { data, error } = returned.value as { data?: unknown; error?: unknown };
  const status = last.status ?? 0;
  if (returned.response?.status !== status) {
    return `api's response has status ${returned.response?.status}, the server sent ${status}`;
  }
  const sent = last.sent ?? "";
  if (!isJsonBody(status)) {
    if (last.behaviour.kind !== "status" && last.behaviour.kind !== "retry-after") return undefined;
    return isDeepStrictEqual(error, JSON.parse(sent))
      ? undefined
      : `api's error is ${JSON.stringify(error)}, the server sent ${sent}`;
  }
  if (sent === "")
    return data === undefined ? undefined : `an empty 2xx gave ${JSON.stringify(data)}`;
  if (scenario.call.parseAs === "text") {
    return data === sent ? undefined : `api parseAs text gave ${JSON.stringify(data)}`;
  }
  if (last.behaviour.kind === "text") return "api resolved a 2xx body that is not JSON";
  return isDeepStrictEqual(data, JSON.parse(sent))
    ? undefined
    : `api gave ${JSON.stringify(data)}, the server sent ${sent}`;
}
