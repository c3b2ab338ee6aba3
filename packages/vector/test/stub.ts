// An injected fetch that records every Request the client builds and answers from a
// script of replies, so tests observe the wire without a server.
import { checkRequest, formatViolations, loadSpec } from "@x/openapi-check";
import { VectorIndex, type VectorIndexOptions } from "@x/vector";
import { afterEach, expect } from "vitest";

export const URL_BASE = "https://my-index.vector.example.com";
export const TOKEN = "vec_tok_s3cret";

/** What the stub answers: a `result`, a JSON body, raw text, or nothing until aborted. */
export type Reply =
  | { result: unknown }
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | "hang";

export interface Seen {
  request: Request;
  method: string;
  url: URL;
  /** Path after the host, still percent-encoded. */
  path: string;
  headers: Headers;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

const spec = loadSpec("vector");
// Every request any test builds is checked against the spec operation it targets
// (method, path, headers, auth, body); a test fails if one of its requests does not fit.
let unchecked: Promise<string[]>[] = [];
afterEach(async () => {
  const found = (await Promise.all(unchecked)).flat();
  unchecked = [];
  expect(found).toEqual([]);
});

/** Replies are used in order; the last one repeats. */
export function stub(...replies: Reply[]): {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  seen: Seen[];
} {
  const seen: Seen[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    unchecked.push(
      checkRequest(spec, request.clone()).then(({ violations }) =>
        violations.length
          ? [`${request.method} ${request.url}: ${formatViolations(violations)}`]
          : [],
      ),
    );
    const text = await request.clone().text();
    const url = new URL(request.url);
    seen.push({
      request,
      method: request.method,
      url,
      path: request.url.slice(URL_BASE.length),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (reply === undefined) throw new Error("stub: no reply scripted");
    if (reply === "hang") {
      return new Promise((_, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
      });
    }
    if ("result" in reply) return Response.json({ result: reply.result });
    const body = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
    return new Response(body, {
      status: reply.status,
      headers: { "content-type": "application/json", ...reply.headers },
    });
  };
  return { fetch, seen };
}

/** A client over a stub; `maxRetries` is 0 unless a test is about retries. */
export function index<Meta = Record<string, unknown>>(
  replies: Reply[],
  options: Partial<VectorIndexOptions> = {},
): { client: VectorIndex<Meta>; seen: Seen[] } {
  const { fetch, seen } = stub(...replies);
  const client = new VectorIndex<Meta>({
    url: URL_BASE,
    token: TOKEN,
    maxRetries: 0,
    fetch,
    ...options,
  });
  return { client, seen };
}
