import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * True when the request carries the service token, as `Authorization: Bearer <token>`
 * or as the query parameter `svc_token`. Compared in constant time.
 */
export function isAuthorized(req: IncomingMessage, query: URLSearchParams, token: string): boolean {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1] !== undefined && same(match[1], token)) return true;
  const fromQuery = query.get("svc_token");
  return fromQuery !== null && same(fromQuery, token);
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

/** Never says which token was expected or which one came. */
export const UNAUTHORIZED =
  "missing or invalid token: send Authorization: Bearer <token> or the query parameter svc_token";
