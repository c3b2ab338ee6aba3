import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Whether the Authorization header carries exactly `Bearer <token>`, compared in constant time. */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== "string") return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match !== null && sameSecret(match[1]!, token);
}

/** Compares a given secret with the expected one in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

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
