import type { IncomingMessage } from "node:http";
import { hasBearer, sameSecret } from "./request.js";

/**
 * True when the request carries the service token, as `Authorization: Bearer <token>`
 * or as the query parameter `svc_token`. Compared in constant time.
 */
export function isAuthorized(req: IncomingMessage, query: URLSearchParams, token: string): boolean {
  if (hasBearer(req, token)) return true;
  const fromQuery = query.get("svc_token");
  return fromQuery !== null && sameSecret(fromQuery, token);
}

/** Never says which token was expected or which one came. */
export const UNAUTHORIZED =
  "missing or invalid token: send Authorization: Bearer <token> or the query parameter svc_token";
