// The test kit's routes on both ports, with the token: `GET`/`POST`/`DELETE /v2/dev/faults`
// (and `DELETE /v2/dev/faults/<id>`), `GET`/`PUT /v2/dev/snapshot`. Failures are answered
// with the error body of the port's service. Browser pages may call them from the
// dashboard's origin and the origins `kitOrigins` lists (the rule is in cors.ts, applied by
// the dev server before any route sees a request).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FaultService, FaultSet } from "../faults/faults.js";
import { hasBearer, isAuthorized } from "../http/auth.js";
import { allowOnly, HttpError } from "../http/errors.js";
import { MAX_JSON_CONTAINERS } from "../http/json-shape.js";
import { readJson, short, splitTarget } from "../http/request.js";
import { type Answer, type Served, serve } from "../http/serve.js";
import type { SnapshotData } from "../persistence/state.js";
import { type KitLimits, kitAnswerLimit } from "./limits.js";

export const DEV_FAULTS = "/v2/dev/faults";
export const DEV_SNAPSHOT = "/v2/dev/snapshot";
const MAX_RULE_BYTES = 1024 * 1024;
/** Every route of the kit on both ports: a path, or (ending in "/") every path under it. */
export const KIT_ROUTES: readonly string[] = [DEV_FAULTS, `${DEV_FAULTS}/`, DEV_SNAPSHOT];

/** The token as the port's service takes it: the workflow port also takes `?svc_token=`. */
export function authorizedFor(service: FaultService, req: IncomingMessage, token: string): boolean {
  if (service === "vector") return hasBearer(req, token);
  return isAuthorized(req, splitTarget(req).query, token);
}

export interface DevRoutesOptions {
  token: string;
  faults: FaultSet;
  limits: KitLimits;
  snapshot: () => SnapshotData;
  restore: (value: unknown) => Promise<void>;
  /**
   * Each port's service as the request path sees it (its error body, the log); the kit's
   * origin rule was applied before (kit/cors.ts), so it holds no CORS rule of its own.
   */
  served: Record<FaultService, Served>;
}

/** Answers the kit's routes; false for any other request. */
export type DevRoutes = (
  service: FaultService,
  req: IncomingMessage,
  res: ServerResponse,
) => boolean;

const RAISE_KIT_BYTES =
  "start the dev server with --max-kit-bytes (limits.maxKitBytes) to raise it";

export function devRoutes(options: DevRoutesOptions): DevRoutes {
  const { faults, limits } = options;

  // Within maxKitBytes, as the request path serialises it (the port's `answerLimit`).
  const ok = (body: unknown): Answer => ({ status: 200, body });

  const answerFaults = async (req: IncomingMessage, path: string): Promise<Answer> => {
    if (path !== DEV_FAULTS) {
      allowOnly(req.method, ["DELETE"]);
      const id = path.slice(DEV_FAULTS.length + 1);
      if (!faults.clear(id)) throw new HttpError(404, `no fault with id "${short(id)}"`);
      return ok({ cleared: 1 });
    }
    allowOnly(req.method, ["GET", "POST", "DELETE"]);
    if (req.method === "GET") return ok({ faults: faults.list(), recent: faults.recent() });
    if (req.method === "DELETE") {
      const cleared = faults.list().length;
      faults.clear();
      return ok({ cleared });
    }
    return ok({ id: faults.add(await readJson(req, MAX_RULE_BYTES)) });
  };

  const answerSnapshot = async (req: IncomingMessage): Promise<Answer> => {
    allowOnly(req.method, ["GET", "PUT"]);
    if (req.method === "GET") return ok(options.snapshot());
    // Checked as it streams: past the byte limit, or nested or numerous beyond what parsing
    // can afford, the upload is refused before anything parses it.
    const value = await readJson(req, limits.maxKitBytes, {
      limitHint: ` (maxKitBytes); ${RAISE_KIT_BYTES}`,
      maxContainers: MAX_JSON_CONTAINERS,
    });
    try {
      await options.restore(value);
    } catch (error) {
      // A snapshot the restore cannot take is the caller's input, whatever threw.
      throw new HttpError(400, (error as Error).message);
    }
    return ok({ restored: true });
  };

  return (service, req, res) => {
    const { path } = splitTarget(req);
    const route = KIT_ROUTES.find((r) => (r.endsWith("/") ? path.startsWith(r) : path === r));
    if (route === undefined) return false;
    const isFaults = route !== DEV_SNAPSHOT;
    // A snapshot upload is the largest body the kit reads; maxKitBytes bounds its answers.
    const served = {
      ...options.served[service],
      maxBodyBytes: limits.maxKitBytes,
      answerLimit: kitAnswerLimit(limits),
    };
    serve(req, res, served, async () => {
      if (!authorizedFor(service, req, options.token)) {
        throw new HttpError(401, "missing or invalid token: send Authorization: Bearer <token>");
      }
      return isFaults ? answerFaults(req, path) : answerSnapshot(req);
    });
    return true;
  };
}
