// The one path every answer of the dev server leaves by (both services, the test kit, fault
// rules, the dashboard): it never throws. Writing an answer can fail (a header value Node
// refuses, an answer past the longest string V8 can build, a socket that failed); a throw
// from a callback with no catch ends the process, so the failure is logged and answered here.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { ErrorBody } from "./error-body.js";

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

/**
 * What to do once answering `status` threw `error` (or its body could not be made): logs it
 * and answers 500 with the service's error body, or closes the connection once headers are
 * out. Returns the status sent.
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
  const text = JSON.stringify(errorBody(500, `the answer could not be sent: ${reason}`));
  try {
    res.writeHead(500, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    res.end(text);
  } catch {
    // Even the error answer could not be written: all that is left is to close.
    res.destroy();
  }
  return 500;
}
