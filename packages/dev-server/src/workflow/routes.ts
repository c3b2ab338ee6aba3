// The workflow service's HTTP routes: `POST /v2/trigger/<url>`, and dev only, with the same
// token, `GET /v2/dev/runs` (`{ runs }`, narrowed by `?state=`, `?label=`, `?limit=`),
// `GET /v2/dev/runs/<id>`, `DELETE /v2/dev/runs/<id>` (cancels the run), and
// `GET`/`POST /v2/dev/clock` (read the clock; advance a manual one).
import type { IncomingMessage } from "node:http";
import { decodePercent } from "@x/openapi-check/internal";
import type { Clock } from "../clock/clock.js";
import { isAuthorized, UNAUTHORIZED } from "../http/auth.js";
import { allowOnly, HttpError } from "../http/errors.js";
import { short, splitTarget } from "../http/request.js";
import type { Answer, ErrorStatus } from "../http/serve.js";
import { answerClock, DEV_CLOCK } from "../kit/clock-route.js";
import { HeaderError } from "./headers.js";
import type { RunView } from "./runs.js";
import { listRuns } from "./runs-query.js";
import { handleTrigger, TRIGGER_PREFIX, type TriggerContext } from "./trigger.js";

const DEV_RUNS = "/v2/dev/runs";
/** What a preflight to one run's route grants: reading it, and cancelling it. */
const RUN_METHODS = "GET, DELETE, OPTIONS";

/** A header or URL the trigger rules refuse, answered 400. */
export const WORKFLOW_ERROR_STATUSES: readonly ErrorStatus[] = [[HeaderError, 400]];

/** What a preflight to `path` grants: a run's own route also cancels it (DELETE). */
export function workflowCorsMethods(path: string): string | undefined {
  return path.startsWith(`${DEV_RUNS}/`) ? RUN_METHODS : undefined;
}

/** What the routes answer from. */
export interface WorkflowRouteParts {
  token: string;
  ctx: TriggerContext;
  clock: Clock;
  /** Aborted once the service closes: a trigger then is refused. */
  closing: AbortSignal;
  /** Cancels an unfinished run; undefined for an unknown id. */
  cancel(id: string): RunView | undefined;
}

/** Every route of the service: a path, or (ending in "/") every path under it. */
export const WORKFLOW_ROUTES: readonly string[] = [
  TRIGGER_PREFIX,
  DEV_RUNS,
  `${DEV_RUNS}/`,
  DEV_CLOCK,
];

function isWorkflowRoute(path: string): boolean {
  return WORKFLOW_ROUTES.some((route) =>
    route.endsWith("/") ? path.startsWith(route) : path === route,
  );
}

/** The workflow routes: a request in, its answer out (or a throw to answer). */
export function workflowRoutes(
  parts: WorkflowRouteParts,
): (req: IncomingMessage) => Promise<Answer> {
  const { ctx } = parts;
  return async (req) => {
    const { path, query } = splitTarget(req);
    if (!isWorkflowRoute(path))
      throw new HttpError(404, `no route for ${req.method} ${short(path)}`);
    if (!isAuthorized(req, query, parts.token)) throw new HttpError(401, UNAUTHORIZED);
    if (path.startsWith(TRIGGER_PREFIX)) {
      allowOnly(req.method, ["POST"]);
      if (parts.closing.aborted) throw new HttpError(500, "the service is shutting down");
      return handleTrigger(req, path, ctx);
    }
    if (path === DEV_CLOCK) return answerClock(req, parts.clock);
    if (path === DEV_RUNS) {
      allowOnly(req.method, ["GET"]);
      return listRuns(query, ctx.store);
    }
    allowOnly(req.method, ["GET", "DELETE"]);
    const id = decodePercent(path.slice(DEV_RUNS.length + 1));
    const missing = () => new HttpError(404, `no run with id "${short(id ?? path)}"`);
    if (id === undefined) throw missing();
    const run = req.method === "DELETE" ? parts.cancel(id) : ctx.store.get(id);
    if (run === undefined) throw missing();
    return { status: 200, body: run };
  };
}
