// Faults on demand: rules that make matching requests to either service fail on purpose (a
// status, a delay, a reset connection, a hang, a cut body), so code that must survive a 503
// or a dropped connection can be tested. The rules, their checks and their matching; how a
// fault is played on the wire is in play.ts.
import { ValidationError } from "@x/core";
import { refuseUnknownOptions } from "../server/options.js";
import { faultRoutes, routePattern } from "./routes.js";

/** The service a fault rule applies to. */
export type FaultService = "workflow" | "vector";

/** How a faulted request's connection fails instead of answering. */
export type FaultDrop = "reset" | "hang" | "truncate";

/** A fault rule, as `dev.faults.add` and `POST /v2/dev/faults` take it. */
export interface FaultRule {
  /** The service whose requests it applies to. */
  service: FaultService;
  /**
   * A route of the service's spec (`"/query/{namespace}"`, `"/v2/trigger/{workflowUrl}"`),
   * which covers its operation's paths with and without a namespace (`"/query/{namespace}"`
   * covers `/query` too, as `operation: "query"` does), or a concrete path
   * (`"/query/movies"`, `"/query"`), which covers itself; every route of the service when
   * absent. A path that matches no route of the service is refused. Not with `operation`.
   */
  path?: string | undefined;
  /**
   * A method of the service's client (`"range"`, `"query"`, `"fetch"`, `"info"`,
   * `"trigger"`, or a dev route: `"upsert"`, `"delete"`, `"reset"`, `"scan"`), covering
   * each of its paths, with and without a namespace. Not with `path`.
   */
  operation?: string | undefined;
  /** Only requests with this method (`"POST"`); any method when absent. */
  method?: string | undefined;
  /** Answer with this status (200 to 599) instead; the service's error body unless `body` is given. */
  status?: number | undefined;
  /** The answer's body: a string as it is, anything else as JSON. With `status` or `drop: "truncate"`. */
  body?: unknown | undefined;
  /** Headers of the answer, e.g. `{ "retry-after": "1" }`. With `status` or `drop: "truncate"`. */
  headers?: Record<string, string> | undefined;
  /**
   * Real milliseconds to wait first. Alone, the request is then answered as usual (a slow
   * service); with `status` or `drop`, the fault comes after the wait.
   */
  delayMs?: number | undefined;
  /**
   * `"reset"` closes the connection at once, `"hang"` never answers (the client's timeout
   * ends it), `"truncate"` sends the headers and half of the body, then closes.
   */
  drop?: FaultDrop | undefined;
  /** How many requests it applies to: 1 by default; `Infinity` (or `"Infinity"` in JSON) until cleared. */
  times?: number | "Infinity" | undefined;
}

/** A fault rule as `dev.faults.list` and `GET /v2/dev/faults` show it. */
export interface FaultView extends FaultRule {
  /** The id `add` answered, for `clear`. */
  id: string;
  /** How many more requests it applies to; 0 once used up (it stays listed until cleared). */
  times: number | "Infinity";
  /** How many requests it has been applied to. */
  hits: number;
}

/** A request a fault was applied to, as the dashboard and `GET /v2/dev/faults` list them. */
export interface FaultedRequest {
  /** The fault's id. */
  fault: string;
  /** The service it was sent to. */
  service: FaultService;
  /** The request's method. */
  method: string;
  /** The path, without the query (which may carry the token). */
  path: string;
  /** What was done: `"503"`, `"delay 300 ms"`, `"reset"`, `"hang"`, `"truncate"`. */
  outcome: string;
  /** Unix ms on the dev server's clock. */
  at: number;
}

export const RULE_KEYS: Record<keyof FaultRule, true> = {
  service: true,
  path: true,
  operation: true,
  method: true,
  status: true,
  body: true,
  headers: true,
  delayMs: true,
  drop: true,
  times: true,
};
const SERVICES: readonly FaultService[] = ["workflow", "vector"];
const DROPS: readonly FaultDrop[] = ["reset", "hang", "truncate"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"];
const MAX_DELAY_MS = 2 ** 31 - 1;
/** Rules held at once: enough for any test, and a bound on what a request can make the server keep. */
export const MAX_FAULTS = 1000;
/** Faulted requests remembered for the dashboard, newest last. */
const RECENT = 50;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function fail(field: string, rule: string): never {
  throw new ValidationError(field, rule);
}

type HeldRule = Omit<FaultRule, "times">;

/** The rule (without `times`) and its count, checked; throws a ValidationError naming the field at fault. */
export function checkRule(input: unknown): {
  rule: HeldRule;
  times: number;
  /** What request paths are tested against; undefined for every path. */
  routes: string[] | undefined;
} {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    fail("fault", 'must be an object such as { service: "vector", status: 503 }');
  }
  refuseUnknownOptions(input, { owner: "a fault rule", known: Object.keys(RULE_KEYS) });
  const rule = input as Record<keyof FaultRule, unknown>;
  if (!SERVICES.includes(rule.service as FaultService)) {
    fail("service", `must be "workflow" or "vector" (got ${JSON.stringify(rule.service)})`);
  }
  const routes = faultRoutes(rule.service as FaultService, rule.path, rule.operation);
  const method = typeof rule.method === "string" ? rule.method.toUpperCase() : rule.method;
  if (method !== undefined && !METHODS.includes(method as string)) {
    fail("method", `must be one of ${METHODS.join(", ")} (got ${JSON.stringify(rule.method)})`);
  }
  const { status, delayMs, drop } = rule;
  if (
    status !== undefined &&
    !(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599)
  ) {
    fail("status", `must be an integer from 200 to 599 (got ${JSON.stringify(status)})`);
  }
  if (
    delayMs !== undefined &&
    !(Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= MAX_DELAY_MS)
  ) {
    fail(
      "delayMs",
      `must be an integer from 0 to ${MAX_DELAY_MS} (got ${JSON.stringify(delayMs)})`,
    );
  }
  if (drop !== undefined && !DROPS.includes(drop as FaultDrop)) {
    fail("drop", `must be "reset", "hang" or "truncate" (got ${JSON.stringify(drop)})`);
  }
  if (status === undefined && delayMs === undefined && drop === undefined) {
    fail("fault", "does nothing: give a status, a delayMs or a drop");
  }
  if ((drop === "reset" || drop === "hang") && status !== undefined) {
    fail("status", `cannot be combined with drop: "${drop}", which sends no answer`);
  }
  const answers = status !== undefined || drop === "truncate";
  if (!answers && (rule.body !== undefined || rule.headers !== undefined)) {
    fail("body", 'and headers come with a status or drop: "truncate"');
  }
  checkHeaders(rule.headers);
  const { times, ...rest } = input as FaultRule;
  return {
    rule: { ...rest, ...(method === undefined ? {} : { method: method as string }) },
    times: checkTimes(times),
    routes,
  };
}

function checkHeaders(headers: unknown): void {
  if (headers === undefined) return;
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    fail("headers", 'must be an object of header names to strings, e.g. { "retry-after": "1" }');
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || typeof value !== "string") {
      fail("headers", `"${name}" must be a header name with a string value`);
    }
    checkHeaderValue(name, value);
  }
}

// What Node's http accepts in a header value: tab, visible ASCII and the bytes 0x80-0xFF.
// Anything else (CR, LF, NUL and the other control characters, DEL, characters above
// U+00FF) makes it throw as the answer is written, so the rule is refused when added.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Refuses a fault header value Node could not send, naming the header and the character. */
function checkHeaderValue(name: string, value: string): void {
  if (HEADER_VALUE.test(value)) return;
  const bad = [...value].find((char) => !HEADER_VALUE.test(char)) ?? "";
  const code = `U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  fail(
    `headers.${name}`,
    `holds ${code}, which no HTTP header can carry; use tab, printable ASCII or Latin-1 characters only`,
  );
}

function checkTimes(times: unknown): number {
  if (times === undefined) return 1;
  if (times === Number.POSITIVE_INFINITY || times === "Infinity") return Number.POSITIVE_INFINITY;
  if (!(Number.isSafeInteger(times) && (times as number) >= 1)) {
    fail(
      "times",
      `must be an integer >= 1, or Infinity until cleared (got ${JSON.stringify(times)})`,
    );
  }
  return times as number;
}

interface Held {
  id: string;
  rule: HeldRule;
  left: number;
  hits: number;
  /** Tests a request's raw path; every path when the rule names none. */
  matchesPath: (path: string) => boolean;
}

/** A test of a request's raw path by the routes (or path) of a rule; every path when none. */
function pathTest(routes: string[] | undefined): (path: string) => boolean {
  if (routes === undefined) return () => true;
  const tests = routes.map(routePattern);
  return (path) => tests.some((test) => test(path));
}

/** The fault rules of one dev server, shared by both services, in the order they were added. */
export class FaultSet {
  private held: Held[] = [];
  private next = 1;
  private recentRequests: FaultedRequest[] = [];

  add(input: unknown): string {
    const { rule, times, routes } = checkRule(input);
    if (this.held.length >= MAX_FAULTS) {
      fail("fault", `this server holds at most ${MAX_FAULTS} fault rules; clear some first`);
    }
    const id = `fault_${this.next++}`;
    this.held.push({ id, rule, left: times, hits: 0, matchesPath: pathTest(routes) });
    return id;
  }

  list(): FaultView[] {
    return this.held.map(({ id, rule, left, hits }) => ({
      ...structuredClone(rule),
      id,
      times: left === Number.POSITIVE_INFINITY ? "Infinity" : left,
      hits,
    }));
  }

  /** Removes one rule, or every rule with no id; false for an unknown id. */
  clear(id?: string): boolean {
    if (id === undefined) {
      this.held = [];
      return true;
    }
    const before = this.held.length;
    this.held = this.held.filter((held) => held.id !== id);
    return this.held.length < before;
  }

  /** The first rule with uses left that matches, counted as used; undefined when none does. */
  take(
    service: FaultService,
    method: string,
    path: string,
  ): (HeldRule & { id: string }) | undefined {
    for (const held of this.held) {
      if (held.left === 0 || held.rule.service !== service) continue;
      if (held.rule.method !== undefined && held.rule.method !== method) continue;
      if (!held.matchesPath(path)) continue;
      held.left -= 1;
      held.hits += 1;
      return { ...held.rule, id: held.id };
    }
    return undefined;
  }

  remember(request: FaultedRequest): void {
    this.recentRequests.push(request);
    if (this.recentRequests.length > RECENT) this.recentRequests.shift();
  }

  recent(): FaultedRequest[] {
    return this.recentRequests.map((request) => ({ ...request }));
  }

  /** Puts back rules a snapshot holds, ids and counts included. */
  load(views: FaultView[]): void {
    this.held = [];
    this.recentRequests = [];
    let highest = 0;
    for (const view of views) {
      const { id, times, hits, ...rest } = view;
      // A used-up rule is checked as a rule of one use, then held with none left.
      const checked = checkRule({ ...rest, times: times === 0 ? 1 : times });
      const number = Number(/^fault_(\d+)$/.exec(id)?.[1]);
      if (!Number.isSafeInteger(number) || !Number.isSafeInteger(hits)) {
        fail("faults", `holds a rule with a malformed id or hits (${JSON.stringify(id)})`);
      }
      highest = Math.max(highest, number);
      const { rule, routes } = checked;
      const left = times === 0 ? 0 : checked.times;
      this.held.push({ id, rule, left, hits, matchesPath: pathTest(routes) });
    }
    this.next = highest + 1;
  }
}
