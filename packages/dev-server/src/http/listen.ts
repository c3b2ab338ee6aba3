import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";

import type { ErrorBody } from "./error-body.js";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// Requests node:http cannot parse (an unknown method, a malformed header) never reach a
// handler; Node would answer a bare 400. Answer them with the service's error body instead.
const PARSE_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "request headers are over the size limit"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "the request took too long to arrive"],
};

function answerParseError(err: NodeJS.ErrnoException, socket: Duplex, errorBody: ErrorBody) {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = err.code ?? "parse error";
  const [status, message] = PARSE_ERRORS[code] ?? [400, `malformed HTTP request (${code})`];
  const text = JSON.stringify(errorBody(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

export function listen(
  handler: Handler,
  errorBody: ErrorBody,
  port: number,
  host: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.on("clientError", (err, socket) => answerParseError(err, socket, errorBody));
    server.once("error", (err: NodeJS.ErrnoException) => {
      const why =
        err.code === "EADDRINUSE" ? "is already in use" : `failed (${err.code ?? err.message})`;
      reject(new Error(`listening on ${host}:${port} ${why}`));
    });
    server.listen(port, host, () => resolve(server));
  });
}

export function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  // A wildcard bind is reachable on loopback; print an address a client can use.
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

export function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
