// The one path every answer of the dev server leaves by (both services, the test kit, fault
// rules): it never throws. Writing an answer can fail (a header value Node refuses, an
// answer past the longest string V8 can build, a socket that failed); a throw from a
// callback with no catch ends the process, so the failure is logged and answered here.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { sendJson } from "./request.js";

/** The service's error object for a status and message. */
export type ErrorBody = (status: number, error: string) => object;

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Sends `status`, `headers` and the body `chunks`. When that throws, the error is logged and
 * the client gets a 500 with the service's error body instead (or, once headers are out,
 * the connection is closed). Returns the status sent.
 */
export function sendSafely(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  chunks: readonly Buffer[],
  errorBody: ErrorBody,
  log: (line: string) => void,
): number {
  try {
    if (res.headersSent) {
      res.end();
      return status;
    }
    let length = 0;
    for (const chunk of chunks) length += chunk.byteLength;
    res.writeHead(status, { ...headers, "content-length": length });
    for (const chunk of chunks) res.write(chunk);
    res.end();
    return status;
  } catch (error) {
    return sendFailure(res, status, error, errorBody, log);
  }
}

/** Sends `body` as JSON through the same guard as `sendSafely`. Returns the status sent. */
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
    return sendFailure(res, status, error, errorBody, log);
  }
}

/**
 * What to do once answering `status` threw `error`: logs it and answers 500 with the
 * service's error body, or closes the connection once headers are out. Returns the status sent.
 */
export function sendFailure(
  res: ServerResponse,
  status: number,
  error: unknown,
  errorBody: ErrorBody,
  log: (line: string) => void,
): number {
  const reason = reasonOf(error);
  log(`answering ${status} failed (${reason}); answered 500 instead`);
  if (res.headersSent) {
    res.destroy();
    return 500;
  }
  // Headers a failed writeHead left behind would fail again.
  for (const name of res.getHeaderNames()) {
    if (!name.startsWith("access-control-")) res.removeHeader(name);
  }
  return sendErrorOrClose(res, 500, errorBody(500, `the answer could not be sent: ${reason}`));
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
