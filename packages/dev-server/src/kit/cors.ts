// Which browser pages may call the test kit's routes (`/v2/dev/...` on either port: faults,
// snapshot, clock, runs, the dashboard's vector routes). They can read every record, wipe
// the index and fault every request, so by default only the dashboard's own origin may,
// plus the origins `kitOrigins` (`--kit-origin`) lists; the services' own routes keep their
// CORS policy (`corsOrigin`, any origin by default). Requests without an Origin header
// (curl, tests, the clients on Node) are not browser pages and are not concerned.
//
// The rule is applied in one place: the dev server's handler of each port calls `kitCors`
// first, for every path under `/v2/dev/`, whichever part answers it then (the kit's routes,
// the workflow service's runs and clock, the vector routes the dashboard forwards); the
// service keeps the headers set here instead of applying `corsOrigin` again.
import type { IncomingMessage, ServerResponse } from "node:http";
import { type CorsPolicy, corsPolicy, settleCors } from "../http/cors.js";
import { splitTarget } from "../http/request.js";
import { answersCors, type CorsRule, type Served } from "../http/serve.js";

const KIT_PREFIX = "/v2/dev/";
/** What a preflight to the kit's routes grants: theirs, beyond the services' GET and POST. */
const KIT_METHODS = "GET, POST, PUT, DELETE, OPTIONS";

/** The kit's policy: the origins `kitOrigins` lists (`*` for any); the dashboard's are added once it listens. */
export function kitCorsPolicy(kitOrigins: string | undefined): CorsPolicy {
  if (kitOrigins === undefined) return { anyOrigin: false, origins: new Set() };
  return corsPolicy(kitOrigins, "kitOrigins");
}

/**
 * The origins the dashboard is served from on `port`: the bound host, and the loopback
 * names a browser on this machine may use for it. A page on any other host (a DNS
 * rebinding page included) is not the dashboard.
 */
export function dashboardOrigins(host: string, port: number): string[] {
  const loopback = ["127.0.0.1", "localhost", "[::1]"];
  const wildcard = host === "0.0.0.0" || host === "::";
  const bound = host.includes(":") ? `[${host}]` : host;
  const names = wildcard || loopback.includes(bound) ? loopback : [...loopback, bound];
  return names.map((name) => `http://${name}:${port}`);
}

/**
 * Applies the kit's rule to a request under `/v2/dev/`: true when it answered it (a
 * preflight, or a 403 for a page of another origin); false to go on, the CORS headers set.
 * Any other path is left to the service's own policy.
 */
export function kitCors(
  policy: CorsPolicy,
  req: IncomingMessage,
  res: ServerResponse,
  served: Served,
): boolean {
  if (!splitTarget(req).path.startsWith(KIT_PREFIX)) return false;
  const rule: CorsRule = { policy, methods: () => KIT_METHODS, refusal: kitOriginMessage };
  if (answersCors(req, res, served, rule)) return true;
  settleCors(req);
  return false;
}

export function kitOriginMessage(req: IncomingMessage): string {
  return `origin ${req.headers.origin} may not call the test kit's routes; only the dashboard's own origin may by default: add it with --kit-origin (kitOrigins)`;
}
