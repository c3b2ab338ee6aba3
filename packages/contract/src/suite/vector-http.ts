// A vector emulator on its own loopback socket for the model suites, with a clock the test
// moves, and one call helper that refuses a 5xx and checks every answer of a spec route
// against the spec.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createVectorService, type VectorService } from "@x/dev-server";
import { checkResponse, formatViolations, loadSpec } from "@x/openapi-check";

export const VECTOR_TOKEN = "props-vector-token";

export interface VectorOptions {
  dimension: number;
  metric: "COSINE" | "EUCLIDEAN";
  pendingMs: number;
}

/**
 * One socket whose service is replaced by `fresh()`: each generated sequence starts on an
 * empty emulator without paying for a new server.
 */
export interface VectorHost {
  base: string;
  /** The emulator's clock, in ms; moved by the test. */
  time: number;
  fresh(options: VectorOptions): void;
  close(): Promise<void>;
}

export async function startVectorHost(): Promise<VectorHost> {
  let service: VectorService | undefined;
  const server: Server = createServer((req, res) => {
    if (service === undefined) res.writeHead(503).end();
    else service.handle(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const host: VectorHost = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    time: 0,
    fresh(options) {
      void service?.close();
      host.time = 0;
      service = createVectorService({
        token: VECTOR_TOKEN,
        vector: { ...options, type: "DENSE" },
        now: () => host.time,
      });
    },
    async close() {
      await service?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return host;
}

const OPERATIONS: Record<string, string> = {
  range: "rangeVectors",
  query: "queryVectors",
  fetch: "fetchVectors",
  info: "getIndexInfo",
};

export interface Answer {
  status: number;
  body: unknown;
}

/** The path of an operation on a namespace: the default one has no segment. */
export function opPath(op: string, namespace: string): string {
  return namespace === "" ? `/${op}` : `/${op}/${encodeURIComponent(namespace)}`;
}

/**
 * Sends one call; throws on a 5xx, and on an answer of a spec route that breaks the spec.
 * `path` is `/op` or `/op/<namespace>` (with any query).
 */
export async function vectorCall(host: VectorHost, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(host.base + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${VECTOR_TOKEN}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.clone().text();
  if (response.status >= 500) throw new Error(`${path} answered ${response.status}: ${text}`);
  const op = OPERATIONS[path.split(/[/?]/)[1] ?? ""];
  if (op !== undefined) {
    const inNamespace = path.split("?")[0]?.split("/").length === 3 ? "InNamespace" : "";
    const violations = await checkResponse(loadSpec("vector"), op + inNamespace, response);
    if (violations.length > 0) {
      throw new Error(
        `${path}: the ${response.status} answer breaks the spec:\n${formatViolations(violations)}\n${text}`,
      );
    }
  }
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}
