// Where a fault rule applies: the routes of a service a rule's `path` or `operation` names,
// checked when the rule is added, so a rule that could never fire is refused instead of
// sitting at `hits: 0`.

import { ValidationError } from "@x/core";
import { loadSpec } from "@x/openapi-check";
import { closest } from "../server/closest.js";
import { DEV_ROUTE_NAMES } from "../vector/routes.js";

/** The services faults apply to: faults.ts's `FaultService`, not imported as faults.ts imports this file. */
type Service = "workflow" | "vector";

/** A route template (`/query/{namespace}`) as a test of a request's raw path. */
export function routePattern(route: string): (path: string) => boolean {
  const parts = route.split(/(\{[^}/]*\})/);
  const last = parts.length - 2;
  const source = parts
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      // The last parameter takes the rest: a trigger's workflow URL holds slashes.
      return i === last && parts[i + 1] === "" ? ".+" : "[^/]+";
    })
    .join("");
  const pattern = new RegExp(`^${source}$`);
  return (candidate) => pattern.test(candidate);
}

/**
 * The operation a route serves: its last literal segment, which is the clients' method name
 * (`/query` and `/query/{namespace}` -> `query`, `/v2/trigger/{workflowUrl}` -> `trigger`).
 */
function operationOf(route: string): string {
  const literal = route.split("/").filter((segment) => segment !== "" && !segment.startsWith("{"));
  return literal.at(-1) ?? "";
}

/** Each operation of a service and its routes, in the spec's order, then the dev server's own. */
function routesOf(service: Service): Map<string, string[]> {
  const routes = Object.keys((loadSpec(service).document as { paths: object }).paths);
  if (service === "vector") {
    for (const name of DEV_ROUTE_NAMES) routes.push(`/${name}`, `/${name}/{namespace}`);
  }
  const byOperation = new Map<string, string[]>();
  for (const route of routes) {
    const operation = operationOf(route);
    byOperation.set(operation, [...(byOperation.get(operation) ?? []), route]);
  }
  return byOperation;
}

const ROUTES: Record<Service, Map<string, string[]>> = {
  workflow: routesOf("workflow"),
  vector: routesOf("vector"),
};

/** The operations a fault rule of `service` may name, as the dashboard's fault form offers them. */
export function faultOperations(service: Service): string[] {
  return [...ROUTES[service].keys()];
}

/** The longest `path` or `operation` a rule may give: far past any route of either service. */
const MAX_ROUTE_CHARS = 1024;

/**
 * What a rule's request paths are tested against, checked: the routes of its `operation`,
 * its `path`, or undefined (every request) when it names neither. A path must name or fall
 * under a route of the service: a route template (its parameters may be named otherwise:
 * `/query/{ns}`), which covers its route's operation with and without a namespace, or a
 * concrete path (`/query/movies`, `/query`), which covers itself.
 * Throws a ValidationError naming the routes it could mean, the closest first.
 */
export function faultRoutes(
  service: Service,
  path: unknown,
  operation: unknown,
): string[] | undefined {
  const byOperation = ROUTES[service];
  const all = [...byOperation.values()].flat();
  if (path !== undefined && operation !== undefined) {
    throw new ValidationError("path", "and operation cannot both be given: name one of them");
  }
  // Refused before any suggestion is looked for: the edit distances behind "did you mean"
  // grow with the length, and a megabyte-long path held the server for seconds.
  for (const [field, value] of [
    ["path", path],
    ["operation", operation],
  ] as const) {
    if (typeof value === "string" && value.length > MAX_ROUTE_CHARS) {
      throw new ValidationError(
        field,
        `must be at most ${MAX_ROUTE_CHARS} characters (got ${value.length}); no route is longer`,
      );
    }
  }
  if (operation !== undefined) {
    const routes = typeof operation === "string" ? byOperation.get(operation) : undefined;
    if (routes === undefined) {
      const names = [...byOperation.keys()];
      const near = typeof operation === "string" ? closest(operation, names) : undefined;
      const hint = near === undefined ? "" : `; did you mean "${near}"?`;
      throw new ValidationError(
        "operation",
        `${JSON.stringify(operation)} is no operation of the ${service} service${hint} (one of ${names.join(", ")})`,
      );
    }
    return routes;
  }
  if (path === undefined) return undefined;
  if (typeof path !== "string" || !path.startsWith("/")) {
    throw new ValidationError(
      "path",
      `must be a path starting with "/" (got ${JSON.stringify(path)})`,
    );
  }
  // A template's parameters stand for any one segment; a concrete path is itself.
  const sample = path.replace(/\{[^}/]*\}/g, "x");
  const matched = all.filter((route) => routePattern(route)(sample));
  if (matched.length > 0 && !path.includes("{")) return [path];
  // A template names a route of the spec, which serves an operation: it covers each of the
  // operation's paths, as `operation` does. `/query/{namespace}` alone never matched the
  // default namespace's `/query`, and such a rule sat at `hits: 0` saying nothing.
  if (matched.length > 0) {
    return [...new Set(matched.flatMap((route) => byOperation.get(operationOf(route)) ?? []))];
  }
  throw new ValidationError(
    "path",
    `"${path}" matches no route of the ${service} service, so the rule would never apply; ` +
      `did you mean ${nearest(path, byOperation)
        .map((route) => `"${route}"`)
        .join(" or ")}? Or name an operation (one of ${[...byOperation.keys()].join(", ")}), ` +
      "which covers its paths with and without a namespace",
  );
}

/**
 * The routes a mistyped path could mean: the route closest to it as written, then the
 * routes of the operations closest to its words; every route when none is close.
 */
function nearest(path: string, byOperation: Map<string, string[]>): string[] {
  const all = [...byOperation.values()].flat();
  const ranked: string[] = [];
  const asWritten = closest(path, all);
  if (asWritten !== undefined) ranked.push(asWritten);
  const words = path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{"));
  for (const word of words) {
    const operation = closest(word, [...byOperation.keys()]);
    if (operation !== undefined) ranked.push(...(byOperation.get(operation) ?? []));
  }
  // Nothing near: every route is as likely.
  return ranked.length > 0 ? [...new Set(ranked)] : all;
}
