// The test kit's routes on both ports, with the token: `GET`/`POST`/`DELETE /v2/dev/faults`
// (and `DELETE /v2/dev/faults/<id>`), `GET`/`PUT /v2/dev/snapshot`. Failures are answered
// with the error body of the port's service. They follow the services' CORS policy, so a
// test running in a browser page can set faults and restore snapshots too.
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerPreflight, applyCors, type CorsPolicy, forbiddenOriginMessage } from "./cors.js";
import type { FaultService, FaultSet } from "./faults.js";
import {
  HttpError,
  hasBearer,
  isUnloggedPoll,
  MethodNotAllowed,
  parseJson,
  readBody,
  sendJson,
} from "./http.js";
import type { DevSnapshot } from "./state.js";
import { isAuthorized } from "./workflow/auth.js";
import { short, splitTarget } from "./workflow/http.js";

export const DEV_FAULTS = "/v2/dev/faults";
export const DEV_SNAPSHOT = "/v2/dev/snapshot";
/** A snapshot of 10k records of 384 dimensions is about 40 MB of JSON; this leaves room. */
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;
const MAX_RULE_BYTES = 1024 * 1024;
/** What a preflight to the kit's routes grants: theirs, beyond the services' GET and POST. */
const KIT_METHODS = "GET, POST, PUT, DELETE, OPTIONS";

/** The token as the port's service takes it: the workflow port also takes `?svc_token=`. */
export function authorizedFor(service: FaultService, req: IncomingMessage, token: string): boolean {
  if (service === "vector") return hasBearer(req, token);
  return isAuthorized(req, splitTarget(req).query, token);
}

export interface DevRoutesOptions {
  token: string;
  /** The services' CORS policy (the `corsOrigin` option). */
  cors: CorsPolicy;
  faults: FaultSet;
  snapshot: () => DevSnapshot;
  restore: (value: unknown) => Promise<void>;
  log: (line: string) => void;
  /** Whether the dashboard's polls (the faults panel's) are logged too (`logPolls`). */
  logPolls: boolean;
  errorBody: (service: FaultService, status: number, error: string) => object;
}

/** Answers the kit's routes; false for any other request. */
export type DevRoutes = (
  service: FaultService,
  req: IncomingMessage,
  res: ServerResponse,
) => boolean;

function only(method: string | undefined, allowed: string[]): void {
  if (method === undefined || !allowed.includes(method)) {
    const allow = allowed.join(", ");
    throw new MethodNotAllowed(allow, `method not allowed; use ${allow}`);
  }
}

export function devRoutes(options: DevRoutesOptions): DevRoutes {
  const { faults } = options;

  const answerFaults = async (req: IncomingMessage, path: string): Promise<unknown> => {
    if (path !== DEV_FAULTS) {
      only(req.method, ["DELETE"]);
      const id = path.slice(DEV_FAULTS.length + 1);
      if (!faults.clear(id)) throw new HttpError(404, `no fault with id "${short(id)}"`);
      return { cleared: 1 };
    }
    only(req.method, ["GET", "POST", "DELETE"]);
    if (req.method === "GET") return { faults: faults.list(), recent: faults.recent() };
    if (req.method === "DELETE") {
      const cleared = faults.list().length;
      faults.clear();
      return { cleared };
    }
    return { id: faults.add(parseJson(await readBody(req, MAX_RULE_BYTES))) };
  };

  const answerSnapshot = async (req: IncomingMessage): Promise<unknown> => {
    only(req.method, ["GET", "PUT"]);
    if (req.method === "GET") return options.snapshot();
    const value = parseJson(await readBody(req, MAX_SNAPSHOT_BYTES));
    await options.restore(value);
    return { restored: true };
  };

  return (service, req, res) => {
    const { path } = splitTarget(req);
    const isFaults = path === DEV_FAULTS || path.startsWith(`${DEV_FAULTS}/`);
    if (!isFaults && path !== DEV_SNAPSHOT) return false;
    const started = performance.now();
    const quiet = isUnloggedPoll(req, options.logPolls);
    res.on("finish", () => {
      if (quiet) return;
      const ms = (performance.now() - started).toFixed(1);
      options.log(`[${service}] ${req.method} ${short(path)} ${res.statusCode} ${ms} ms`);
    });
    // Before the token: a browser's preflight carries none.
    const verdict = applyCors(req, res, options.cors, KIT_METHODS);
    if (verdict === "preflight") {
      answerPreflight(res);
      return true;
    }
    if (verdict === "forbidden") {
      sendJson(res, 403, options.errorBody(service, 403, forbiddenOriginMessage(req)));
      return true;
    }
    const answer = async () => {
      if (!authorizedFor(service, req, options.token)) {
        throw new HttpError(401, "missing or invalid token: send Authorization: Bearer <token>");
      }
      return isFaults ? answerFaults(req, path) : answerSnapshot(req);
    };
    answer().then(
      (body) => sendJson(res, 200, body),
      (error: unknown) => {
        // Everything these routes refuse is the caller's input: a 4xx, never a 5xx.
        const status = error instanceof HttpError ? error.status : 400;
        if (error instanceof MethodNotAllowed) res.setHeader("allow", error.allow);
        if (status === 413) res.setHeader("connection", "close");
        const message = error instanceof Error ? error.message : String(error);
        sendJson(res, status, options.errorBody(service, status, message));
      },
    );
    return true;
  };
}
