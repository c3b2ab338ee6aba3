import type { ServerResponse } from "node:http";
import { sendJson } from "./http.js";

/** The service's error object for a status and message. */
export type ErrorBody = (status: number, error: string) => object;

/**
 * Sends `body` as JSON. When serialising or writing throws (an answer past the longest
 * string V8 can build, a socket that failed), the error is logged and the client gets a 500
 * with the service's error body instead; if even that cannot be written, the connection is
 * closed. Nothing is thrown, so the process keeps serving. Returns the status sent.
 */
export function sendJsonSafely(
  res: ServerResponse,
  status: number,
  body: unknown,
  errorBody: ErrorBody,
  log: (line: string) => void,
): number {
  try {
    sendJson(res, status, body);
    return status;
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log(`answering ${status} failed (${reason}); answered 500 instead`);
    return sendErrorOrClose(res, 500, errorBody(500, `the answer could not be sent: ${reason}`));
  }
}

/** Sends an error answer; when even that throws, closes the connection. */
export function sendErrorOrClose(res: ServerResponse, status: number, body: object): number {
  try {
    sendJson(res, status, body);
  } catch {
    res.destroy();
  }
  return status;
}
