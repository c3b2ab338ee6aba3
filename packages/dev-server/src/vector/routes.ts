// The vector service's HTTP routes: the spec's reads (`/range`, `/query`, `/fetch`, `/info`)
// and the dev-only writes and reads beside them, each at `/<name>` and `/<name>/<namespace>`.
// A request is matched, authorized, read and checked against the spec here, then handed to
// the data layer, which knows nothing of HTTP; its errors become statuses in `http/serve.ts`.
import type { IncomingMessage } from "node:http";
import { formatViolations, loadSpec, validateRequestParts } from "@x/openapi-check";
import { decodePercent } from "@x/openapi-check/internal";
import { hasBearer } from "../http/auth.js";
import { HttpError, MethodNotAllowed } from "../http/errors.js";
import { flatHeaders, readJson, requestUrl } from "../http/request.js";
import type { Answer, ErrorStatus } from "../http/serve.js";
import { DimensionMismatchError, InvalidInputError, NamespaceNotFoundError } from "./errors.js";
import { FilterWork } from "./filter-work.js";
import { info } from "./info.js";
import { AnswerBudget, checkRequestLimits, type VectorLimits } from "./limits.js";
import { parseQueryBody, runQuery } from "./query.js";
import { fetch, range, refuseBothFetchCriteria } from "./read.js";
import { scan, scanRequest } from "./scan.js";
import type { VectorStore } from "./store.js";
import { isToleratedInfoPost, rangeWithStringCursor } from "./tolerated.js";
import type { IndexConfig } from "./types.js";

/** The spec's reads, each at `/<name>` and (but info) `/<name>/<namespace>`. */
export const SPEC_ROUTE_NAMES = ["range", "query", "fetch", "info"] as const;
const SPEC_ROUTES = new Set<string>(SPEC_ROUTE_NAMES);
/** The dev server's own writes and reads beside the spec's, each at `/<name>` and `/<name>/<namespace>`. */
export const DEV_ROUTE_NAMES = ["upsert", "delete", "reset", "scan"] as const;
const DEV_ROUTES = new Set<string>(DEV_ROUTE_NAMES);

/** The data layer's errors, each with the status it is answered with (a subclass first). */
export const VECTOR_ERROR_STATUSES: readonly ErrorStatus[] = [
  [NamespaceNotFoundError, 404],
  [DimensionMismatchError, 422],
  [InvalidInputError, 400],
];

/** What the routes answer from: the index and the writes the service checks and applies. */
export interface VectorIndexParts {
  token: string;
  config: IndexConfig;
  limits: VectorLimits;
  store: VectorStore;
  /** Largest request body accepted, in bytes (413 above it). */
  maxBodyBytes: number;
  /** Checks and writes records as the `/upsert` route takes them. */
  upsert(records: unknown, namespace: string): void;
  /** Deletes what a delete body names (ids, a prefix or a filter); returns how many. */
  deleteIn(body: unknown, namespace: string): number;
}

interface Route {
  name: string;
  method: "GET" | "POST";
  /** The namespace segment as sent (percent-encoded), if any. */
  segment: string | undefined;
}

/** `/op` or `/op/<percent-encoded namespace>`; undefined when no route has that shape. */
function route(pathname: string): Route | undefined {
  const match = /^\/([a-z]+)(?:\/([^/]*))?$/.exec(pathname);
  if (!match) return undefined;
  const name = match[1]!;
  if (!SPEC_ROUTES.has(name) && !DEV_ROUTES.has(name)) return undefined;
  const segment = match[2];
  if (segment !== undefined && name === "info") return undefined;
  return { name, method: name === "info" ? "GET" : "POST", segment };
}

function namespaceOf(segment: string | undefined): string {
  if (segment === undefined) return "";
  const namespace = decodePercent(segment);
  if (namespace === undefined) {
    throw new HttpError(400, `namespace: malformed percent-encoding in "${segment}"`);
  }
  return namespace;
}

/** The vector routes over `index`: a request in, its answer out (or a throw to answer). */
export function vectorRoutes(index: VectorIndexParts): (req: IncomingMessage) => Promise<Answer> {
  const { config, limits, store } = index;
  const spec = loadSpec("vector");
  const budget = () => new AnswerBudget(limits.maxAnswerBytes, config.dimension);

  return async (req) => {
    const url = requestUrl(req);
    const found = route(url.pathname);
    if (!found) throw new HttpError(404, `no route for ${req.method} ${url.pathname}`);
    if (!hasBearer(req, index.token)) throw new HttpError(401, "Unauthorized");
    const infoPost = isToleratedInfoPost(found.name, req);
    const method = infoPost ? "POST" : found.method;
    if (req.method !== method) {
      // /info takes the tolerated POST as well as the spec's GET.
      const allow = found.name === "info" ? "GET, POST" : method;
      throw new MethodNotAllowed(
        allow,
        `${req.method} is not allowed on /${found.name}; use ${allow}`,
      );
    }
    const ns = namespaceOf(found.segment);
    const sent = method === "POST" ? await readJson(req, index.maxBodyBytes) : undefined;
    // What the spec would have: a tolerated POST /info is checked as the GET it stands for.
    const body = found.name === "range" ? rangeWithStringCursor(sent) : infoPost ? undefined : sent;
    // In the service's words, which the spec validator's account of its oneOf would not be.
    if (found.name === "fetch") refuseBothFetchCriteria(body);
    if (SPEC_ROUTES.has(found.name)) {
      const check = validateRequestParts(spec, {
        method: infoPost ? "GET" : req.method,
        url: url.pathname + url.search,
        headers: flatHeaders(req),
        body,
      });
      const security = check.violations.some((v) => v.where === "security");
      if (check.violations.length > 0)
        throw new HttpError(security ? 401 : 400, formatViolations(check.violations));
      checkRequestLimits(found.name, body, limits);
    }
    switch (found.name) {
      case "info":
        return { status: 200, body: { result: info(config, store.counts()) } };
      case "range":
        return { status: 200, body: { result: range(store.namespace(ns), body, budget()) } };
      case "fetch":
        return { status: 200, body: { result: fetch(store.namespace(ns), body, budget()) } };
      case "query": {
        const space = store.namespace(ns);
        const { queries, batch } = parseQueryBody(body, config, limits);
        // One budget of answer bytes and one of filter work for the whole batch: it is one
        // request and one answer.
        const shared = budget();
        const work = new FilterWork(limits.maxFilterSteps);
        const lists = queries.map((q) => runQuery(space, config, q, shared, work));
        return { status: 200, body: { result: batch ? lists : lists[0] } };
      }
      case "upsert":
        index.upsert(body, ns);
        return { status: 200, body: { result: "Success" } };
      case "delete":
        return { status: 200, body: { result: { deleted: index.deleteIn(body, ns) } } };
      case "scan":
        return {
          status: 200,
          body: {
            result: scan(
              store.namespace(ns),
              scanRequest(body, limits),
              new FilterWork(limits.maxFilterSteps),
              budget(),
            ),
          },
        };
      default:
        // `/reset?all` empties every namespace, `/reset/<ns>` one, `/reset` the default one;
        // emptied namespaces stay listed in info, as on the service.
        if (url.searchParams.has("all")) store.emptyAll();
        else store.empty(ns);
        return { status: 200, body: { result: "Success" } };
    }
  };
}
