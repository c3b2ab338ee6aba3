// Shared by the test-kit tests: a dev server on the manual clock, a workflow endpoint that
// records each call, and a fetch of the dev routes with the token.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type DevServer, type DevServerOptions, startDevServer } from "../src/index.js";

export interface Call {
  path: string;
  headers: IncomingMessage["headers"];
  /** The dev server's clock when the call arrived. */
  at: number;
}

export interface Endpoint {
  url: string;
  calls: Call[];
  close(): Promise<void>;
}

/** A workflow endpoint answering each call with `status(call number)` (200 by default). */
export async function startEndpoint(
  dev: DevServer,
  status: (n: number) => number = () => 200,
): Promise<Endpoint> {
  const calls: Call[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    calls.push({ path: req.url ?? "", headers: req.headers, at: dev.clock.now() });
    res.statusCode = status(calls.length);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startManual(options: DevServerOptions = {}): Promise<DevServer> {
  return startDevServer({ clock: "manual", vector: { dimension: 2 }, ...options });
}

/** A dev route of the workflow port, with the token unless `token` is false. */
export async function devCall(
  dev: DevServer,
  path: string,
  init: { method?: string; body?: unknown; token?: boolean } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${dev.workflowUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.token === false ? {} : { authorization: `Bearer ${dev.token}` }),
      "content-type": "application/json",
    },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Triggers a run of `url` with raw `Svc-*` headers; resolves with its id and creation time. */
export async function trigger(
  dev: DevServer,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ workflowRunId: string; workflowCreatedAt: number }> {
  const response = await fetch(`${dev.workflowUrl}/v2/trigger/${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${dev.token}`, ...headers },
    body: "{}",
  });
  if (response.status !== 200)
    throw new Error(`trigger answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { workflowRunId: string; workflowCreatedAt: number };
}
