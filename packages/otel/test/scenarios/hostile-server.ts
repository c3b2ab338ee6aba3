// The service as a scenario scripts it: a node:http server on 127.0.0.1 that answers the
// n-th request of the current call with the n-th behaviour drawn for it, and records what
// it received, what it sent, and every socket it saw open and close. One server serves a
// whole run of scenarios; `begin()` gives each call a fresh script and record.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type Behaviour, isJsonBody, okBody } from "./behaviours";

/** One request the server received, and what it did with it. */
export interface Served {
  behaviour: Behaviour;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body it sent in full, for the behaviours that send one. */
  sent?: string;
  status?: number;
}

/** The script of one call and what the server saw of it. */
export interface Exchange {
  behaviours: Behaviour[];
  served: Served[];
  /** Called as each request arrives, before it is answered (used to abort mid-attempt). */
  onRequest?: (index: number) => void;
  /** The request numbers (from 0) the server holds without answering, for aborts. */
  hold: Set<number>;
}

export interface HostileServer {
  url: string;
  /** Starts a call's script; the sockets opened from now on are this call's. */
  begin(behaviours: Behaviour[]): Exchange;
  /**
   * Sockets that carried a request since `begin()` and are still open. Node 20 and 22's
   * fetch sometimes opens a spare connection as it aborts a request and keeps it idle
   * about 4 s (Node 24's does not); such a socket never carried a request, so it is left
   * to `lingering`.
   */
  openSockets(): number;
  /** Every socket of the whole run still open, spare ones included. */
  lingering(): number;
  close(): Promise<void>;
}

/** Sockets that carried a request. */
const carried = new WeakSet<Socket>();

/** Answers that close the connection, so every socket of a call must be gone after it. */
const CLOSE = { connection: "close" };

export async function startHostileServer(): Promise<HostileServer> {
  let exchange: Exchange = { behaviours: [], served: [], hold: new Set() };
  let sockets = new Set<Socket>();
  const all = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => answer(exchange, req, res, Buffer.concat(chunks).toString()));
  });
  server.on("connection", (socket: Socket) => {
    const current = sockets;
    current.add(socket);
    all.add(socket);
    socket.on("close", () => {
      current.delete(socket);
      all.delete(socket);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    begin(behaviours) {
      exchange = { behaviours, served: [], hold: new Set() };
      sockets = new Set();
      return exchange;
    },
    openSockets: () => [...sockets].filter((socket) => carried.has(socket)).length,
    lingering: () => all.size,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(exchange: Exchange, req: IncomingMessage, res: ServerResponse, body: string) {
  carried.add(req.socket);
  const index = exchange.served.length;
  // Past the end of the script the service is well again.
  const behaviour = exchange.behaviours[index] ?? { kind: "json" };
  const served: Served = {
    behaviour,
    method: req.method ?? "",
    url: req.url ?? "",
    headers: req.headers,
    body,
  };
  exchange.served.push(served);
  exchange.onRequest?.(index);
  if (exchange.hold.has(index)) return;
  const send = (status: number, text: string, headers: Record<string, string> = {}) => {
    served.sent = text;
    served.status = status;
    res.writeHead(status, { ...CLOSE, ...headers }).end(text);
  };
  const json = { "content-type": "application/json" };
  switch (behaviour.kind) {
    case "json":
      return send(200, JSON.stringify(okBody(served.url, body)), json);
    case "empty":
      return send(200, "", { "content-length": "0" });
    case "text":
      return send(200, "<html>a proxy's page</html>", { "content-type": "text/html" });
    case "status":
      return send(behaviour.status, JSON.stringify(errorBody(behaviour.status)), json);
    case "retry-after": {
      const after =
        behaviour.form === "seconds"
          ? String(behaviour.seconds)
          : new Date(Date.now() + behaviour.seconds * 1000).toUTCString();
      const headers = { ...json, "retry-after": after };
      return send(behaviour.status, JSON.stringify(errorBody(behaviour.status)), headers);
    }
    case "redirect":
      // Another origin, keeping the request's own path and query as servers do.
      return send(302, "", { location: `https://elsewhere.example${served.url}` });
    case "echo": {
      // What the service received, token included, in the body and a header of the answer;
      // its credentials also as an `Authorization: Basic` echo carries them (base64).
      const basic = `Basic ${Buffer.from(`user:${credentialsOf(served)}`).toString("base64")}`;
      const echo = { url: served.url, headers: served.headers, basic };
      const text = isJsonBody(behaviour.status)
        ? JSON.stringify({ ...okBody(served.url, body), echo })
        : JSON.stringify({ ...errorBody(behaviour.status), echo });
      return send(behaviour.status, text, {
        ...json,
        "x-echo-url": served.url,
        "x-echo-basic": basic,
      });
    }
    case "hang":
      return;
    case "stall":
      // Headers, the body's first pieces a few ms apart, then nothing.
      served.status = 200;
      res.writeHead(200, { ...CLOSE, ...json, "content-length": "400" });
      res.write('{"result": ');
      setTimeout(() => res.destroyed || res.write("[1, "), 5);
      return;
    case "cut":
      // Fewer bytes than announced, then the connection goes.
      served.status = 200;
      res.writeHead(200, { ...CLOSE, ...json, "content-length": "400" });
      res.write('{"result": [1, 2', () => res.destroy());
      return;
    case "reset":
      req.socket.destroy();
      return;
  }
}

/** The service's error body for a status: both services' shapes in one. */
function errorBody(status: number) {
  return { error: `the service says ${status}`, status };
}

/** The token a request carried: its bearer token, or its query's `svc_token`. */
function credentialsOf(served: Served): string {
  const bearer = /^Bearer (.*)$/.exec(String(served.headers.authorization ?? ""));
  if (bearer?.[1] !== undefined) return bearer[1];
  return new URL(served.url, "http://h").searchParams.get("svc_token") ?? "";
}
