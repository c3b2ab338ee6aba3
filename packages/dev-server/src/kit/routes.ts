// The test kit's routes on both ports, with the token: `GET`/`POST`/`DELETE /v2/dev/faults`
// (and `DELETE /v2/dev/faults/<id>`), `GET`/`PUT /v2/dev/snapshot`. Failures are answered
// with the error body of the port's service. Browser pages may call them from the
// dashboard's origin and the origins `kitOrigins` lists (see cors.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FaultService, FaultSet } from "../faults/faults.js";
import { isAuthorized } from "../http/auth.js";
import { answerPreflight, applyCors, type CorsPolicy } from "../http/cors.js";
import { jsonChunks } from "../http/json-pieces.js";
import { JsonShape } from "../http/json-shape.js";
import {
  HttpError,
  hasBearer,
  isUnloggedPoll,
  MethodNotAllowed,
  parseJson,
  readBody,
} from "../http/request.js";
import { sendJsonSafely, sendSafely } from "../http/send-safely.js";
import type { DevSnapshot } from "../persistence/state.js";
import { short, splitTarget } from "../workflow/http.js";
import { kitOriginMessage } from "./cors.js";
import type { KitLimits } from "./limits.js";

export const DEV_FAULTS = "/v2/dev/faults";
export const DEV_SNAPSHOT = "/v2/dev/snapshot";
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
  /** The kit's CORS policy: the dashboard's origin and `kitOrigins`. */
  cors: CorsPolicy;
  faults: FaultSet;
  limits: KitLimits;
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

const RAISE_KIT_BYTES =
  "start the dev server with --max-kit-bytes (limits.maxKitBytes) to raise it";

export function devRoutes(options: DevRoutesOptions): DevRoutes {
  const { faults, limits } = options;

  /** The answer as JSON chunks; a 400 naming the limit once it passes it, before it is built whole. */
  const bounded = (body: unknown): Buffer[] => {
    const chunks = jsonChunks(body, limits.maxKitBytes);
    if (chunks === undefined) {
      throw new HttpError(
        400,
        `the answer is over this server's limit of ${limits.maxKitBytes} bytes (maxKitBytes); ${RAISE_KIT_BYTES}, or clear what it holds (faults with large bodies, records with large data)`,
      );
    }
    return chunks;
  };

  const answerFaults = async (req: IncomingMessage, path: string): Promise<Buffer[]> => {
    if (path !== DEV_FAULTS) {
      only(req.method, ["DELETE"]);
      const id = path.slice(DEV_FAULTS.length + 1);
      if (!faults.clear(id)) throw new HttpError(404, `no fault with id "${short(id)}"`);
      return bounded({ cleared: 1 });
    }
    only(req.method, ["GET", "POST", "DELETE"]);
    if (req.method === "GET") return bounded({ faults: faults.list(), recent: faults.recent() });
    if (req.method === "DELETE") {
      const cleared = faults.list().length;
      faults.clear();
      return bounded({ cleared });
    }
    return bounded({ id: faults.add(parseJson(await readBody(req, MAX_RULE_BYTES))) });
  };

  const answerSnapshot = async (req: IncomingMessage): Promise<Buffer[]> => {
    only(req.method, ["GET", "PUT"]);
    if (req.method === "GET") return bounded(options.snapshot());
    // Checked as it streams: past the byte limit, or nested or numerous beyond what parsing
    // can afford, the upload is refused before anything parses it.
    const shape = new JsonShape();
    const bytes = await readBody(req, limits.maxKitBytes, {
      limitHint: ` (maxKitBytes); ${RAISE_KIT_BYTES}`,
      check: (chunk) => shape.feed(chunk),
    });
    await options.restore(parseJson(bytes));
    return bounded({ restored: true });
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
    const errorBody = (status: number, error: string) => options.errorBody(service, status, error);
    const sendError = (status: number, message: string) =>
      sendJsonSafely(res, status, errorBody(status, message), errorBody, options.log);
    if (verdict === "forbidden") {
      sendError(403, kitOriginMessage(req));
      return true;
    }
    const answer = async () => {
      if (!authorizedFor(service, req, options.token)) {
        throw new HttpError(401, "missing or invalid token: send Authorization: Bearer <token>");
      }
      return isFaults ? answerFaults(req, path) : answerSnapshot(req);
    };
    const json = { "content-type": "application/json" };
    answer()
      .then(
        (chunks) => sendSafely(res, 200, json, chunks, errorBody, options.log),
        (error: unknown) => {
          // Everything these routes refuse is the caller's input: a 4xx, never a 5xx.
          const status = error instanceof HttpError ? error.status : 400;
          if (error instanceof MethodNotAllowed) res.setHeader("allow", error.allow);
          // A body refused before its end would keep arriving; the connection ends instead.
          if (!req.readableEnded) res.setHeader("connection", "close");
          sendError(status, error instanceof Error ? error.message : String(error));
        },
      )
      .catch((error: unknown) => options.log(`[${service}] answering failed: ${String(error)}`));
    return true;
  };
}
