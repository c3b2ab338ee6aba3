import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { ApiError } from "../src/index";

/** What a hostile server saw: requests, connections and the closing of each. */
export interface Hostile {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: IncomingMessage[];
  /** Resolves when the socket that carried request number `request` (from 0) has closed. */
  closed: (request: number) => Promise<void>;
  /** Connections opened so far. */
  connections: () => number;
  close: () => Promise<void>;
}

/**
 * A node:http server on 127.0.0.1 playing a broken service with `handle`. It never times
 * anything out itself, so any connection that closes was closed by the client.
 */
export async function hostileServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Hostile> {
  const requests: IncomingMessage[] = [];
  const sockets: Socket[] = [];
  const closings: Promise<void>[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    closings.push(new Promise((resolve) => request.socket.once("close", () => resolve())));
    handle(request, response);
  });
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.on("connection", (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connections: () => sockets.length,
    closed: (request) => {
      const closing = closings[request];
      if (!closing) throw new Error(`no request number ${request}`);
      return closing;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * What `promise` rejects with, typed as the error the test expects (the test asserts the
 * class); a promise that resolves fails the test.
 */
export async function rejection<E extends Error = ApiError>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error("expected the call to fail, and it succeeded");
}
