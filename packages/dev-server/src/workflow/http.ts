import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../http.js";

export { sendJson };

/** The service sets no payload limit; this one only keeps a dev machine's memory safe. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export function sendError(res: ServerResponse, status: number, error: string): void {
  sendJson(res, status, { error });
}

/** The request target split into its raw path (not decoded) and its query. */
export function splitTarget(req: IncomingMessage): { path: string; query: URLSearchParams } {
  const target = req.url ?? "/";
  const mark = target.indexOf("?");
  const path = mark === -1 ? target : target.slice(0, mark);
  const query = new URLSearchParams(mark === -1 ? "" : target.slice(mark + 1));
  return { path, query };
}
