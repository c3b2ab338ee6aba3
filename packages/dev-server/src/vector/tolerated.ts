// Forms outside the spec that clients of the real service send (its official SDK among
// them), accepted so those clients work against the dev server unchanged. Each is turned
// into the spec's own form before the spec validator sees the request.

import type { IncomingMessage } from "node:http";

/** `POST /info` is answered as `GET /info`; the real service takes both. */
export function isToleratedInfoPost(route: string, req: IncomingMessage): boolean {
  return route === "info" && req.method === "POST";
}

/**
 * A range `cursor` sent as a number (`0` to start) is read as its decimal string, so `0`
 * starts a range like `"0"` and `7` is the offset `"7"`; a number that is no offset (`-1`,
 * `2.5`) is a 400 like the same string.
 */
export function rangeWithStringCursor(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { cursor } = body as { cursor?: unknown };
  if (typeof cursor !== "number") return body;
  return { ...body, cursor: String(cursor) };
}
