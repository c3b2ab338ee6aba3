// Starts a vector service on an ephemeral loopback port and calls it over a real socket.
// Every answer to a spec operation is checked against the spec before a test sees it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  formatViolations,
  loadSpec,
  validateRequestParts,
  validateResponseParts,
} from "@x/openapi-check";
import { expect } from "vitest";
import {
  createVectorService,
  type VectorService,
  type VectorServiceOptions,
} from "../src/vector/service.js";

const spec = loadSpec("vector");
export const TOKEN = "test-token-123";

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  body: any;
}

export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: string;
}

export interface VectorHarness {
  url: string;
  /** The service itself, for what only its code API does (dropping a namespace). */
  service: VectorService;
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Answer>;
  post(path: string, body: unknown): Promise<Answer>;
  upsert(records: unknown, namespace?: string): Promise<void>;
  close(): Promise<void>;
}

/** Asserts an answer against the spec when the request names a spec operation. */
export function expectValidAgainstSpec(
  method: string,
  url: string,
  headers: Record<string, string>,
  reqBody: unknown,
  answer: Answer,
  contentType: string | null,
): void {
  const operation = validateRequestParts(spec, { method, url, headers, body: reqBody }).operation;
  // A 413 (a body over the size cap, the dev server's own) is held to the spec's `default`
  // answer, the error object, as every status the operation does not list.
  if (!operation) return;
  const violations = validateResponseParts(spec, operation.operationId, {
    status: answer.status,
    headers: contentType ? { "content-type": contentType } : {},
    body: answer.body,
  });
  expect(formatViolations(violations), `${method} ${url} -> ${answer.status}`).toBe("");
}

export async function startVector(
  options: Partial<VectorServiceOptions> = {},
): Promise<VectorHarness> {
  const service = createVectorService({ token: TOKEN, ...options });
  const server: Server = createServer(service.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const call = async (method: string, path: string, body?: unknown, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== null) headers.authorization = `Bearer ${opts.token ?? TOKEN}`;
    let text: string | undefined = opts.raw;
    if (text === undefined && body !== undefined) text = JSON.stringify(body);
    if (text !== undefined && !("content-type" in headers))
      headers["content-type"] = "application/json";
    const res = await fetch(url + path, { method, headers, body: text });
    const answerText = await res.text();
    const answer: Answer = { status: res.status, body: JSON.parse(answerText) };
    expect(res.headers.get("content-type")).toBe("application/json");
    if (answer.status >= 400) {
      expect(answer.body).toEqual({ error: expect.any(String), status: answer.status });
    }
    expectValidAgainstSpec(method, path, headers, body, answer, res.headers.get("content-type"));
    return answer;
  };

  return {
    url,
    service,
    call,
    post: (path, body) => call("POST", path, body),
    async upsert(records, namespace) {
      const answer = await call(
        "POST",
        namespace === undefined ? "/upsert" : `/upsert/${encodeURIComponent(namespace)}`,
        records,
      );
      expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 });
    },
    async close() {
      await service.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
