// Which browser pages may call the test kit's routes (`/v2/dev/...` on either port: faults,
// snapshot, clock, runs, the dashboard's vector routes). They can read every record, wipe
// the index and fault every request, so by default only the dashboard's own origin may,
// plus the origins `kitOrigins` (`--kit-origin`) lists; the services' own routes keep their
// CORS policy (`corsOrigin`, any origin by default). Requests without an Origin header
// (curl, tests, the clients on Node) are not browser pages and are not concerned.
import type { IncomingMessage } from "node:http";
import { type CorsPolicy, corsPolicy } from "../http/cors.js";

export const KIT_PREFIX = "/v2/dev/";

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

/** Whether a kit route must refuse `req`: a browser page of an origin the policy leaves out. */
export function isRefusedKitOrigin(
  req: IncomingMessage,
  path: string,
  policy: CorsPolicy,
): boolean {
  const { origin } = req.headers;
  if (origin === undefined || !path.startsWith(KIT_PREFIX) || policy.anyOrigin) return false;
  return !policy.origins.has(origin);
}

export function kitOriginMessage(req: IncomingMessage): string {
  return `origin ${req.headers.origin} may not call the test kit's routes; only the dashboard's own origin may by default: add it with --kit-origin (kitOrigins)`;
}
