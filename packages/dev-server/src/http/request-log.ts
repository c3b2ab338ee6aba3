// The request log: one line per request on either port, rejected ones too, written once
// the answer is sent: `[vector] GET /info 200 1.2 ms`. The path only: the query may carry
// the token (`?svc_token=`).
import type { IncomingMessage, ServerResponse } from "node:http";
import { POLL_HEADER, short, splitTarget } from "./request.js";

/** Whether the request log leaves `req` out: a dashboard poll, unless polls are logged. */
function isUnloggedPoll(req: IncomingMessage, logPolls: boolean | undefined): boolean {
  return req.headers[POLL_HEADER] !== undefined && logPolls !== true;
}

/** Logs `req`'s line once its answer is sent, under `name` (`workflow`, `vector`). */
export function logWhenAnswered(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  log: (line: string) => void,
  logPolls: boolean | undefined,
): void {
  if (isUnloggedPoll(req, logPolls)) return;
  const started = performance.now();
  const path = short(splitTarget(req).path);
  res.once("finish", () => {
    const ms = (performance.now() - started).toFixed(1);
    log(`[${name}] ${req.method} ${path} ${res.statusCode} ${ms} ms`);
  });
}
