import type { IncomingMessage } from "node:http";
import { sendJson } from "../http/request.js";

export { sendJson };

/** The workflow service's error body: `{ error }`. */
export function workflowErrorBody(_status: number, error: string): { error: string } {
  return { error };
}

/** Text cut to 100 characters for a message, so a long URL or id never floods it. */
export function short(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

/** The request target split into its raw path (not decoded) and its query. */
export function splitTarget(req: IncomingMessage): { path: string; query: URLSearchParams } {
  const target = req.url ?? "/";
  const mark = target.indexOf("?");
  const path = mark === -1 ? target : target.slice(0, mark);
  const query = new URLSearchParams(mark === -1 ? "" : target.slice(mark + 1));
  return { path, query };
}
