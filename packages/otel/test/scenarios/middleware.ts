// The middleware vocabulary of the issue, each one recording what its hooks were given so
// that the invariants can check it was a standard Request / Response and held no token.
import type { Middleware } from "@x/core";
import { okBody } from "./behaviours";

export const MIDDLEWARE_KINDS = [
  "pass",
  "add-header",
  "replace-request",
  "cached-response",
  "throw",
  "replace-response",
  "error-response",
] as const;

export type MiddlewareKind = (typeof MIDDLEWARE_KINDS)[number];

/** One hook call as a middleware saw it. */
export interface HookRecord {
  kind: MiddlewareKind;
  hook: "onRequest" | "onResponse" | "onError";
  standardRequest: boolean;
  /** For onResponse: whether the response was a standard Response. */
  standardResponse?: boolean;
  /** What the hook could read: the request's URL and headers, the response's. */
  seen: string[];
  /** The body of the Response this hook answered the call with, if it did. */
  answered?: Record<string, unknown>;
}

/** What `throw` throws, so the scenario can tell it from the client's own failures. */
export class RefusedByMiddleware extends Error {
  override name = "RefusedByMiddleware";
}

/**
 * The body a middleware answers with: the last range page (so `rangeAll` stops), a one-id
 * fetch, a one-list query, a run id. One body for every middleware, so the result of a
 * call a middleware answered is known whichever of them did.
 */
export function middlewareBody(url: string): Record<string, unknown> {
  return okBody(new URL(url).pathname, JSON.stringify({ cursor: "1", ids: ["m"] }));
}

function answer(body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

function seenOf(request: Request | undefined, response?: Response): string[] {
  const seen: string[] = [];
  if (request) seen.push(String(request.url), ...textsOfHeaders(request.headers));
  if (response) seen.push(String(response.url), ...textsOfHeaders(response.headers));
  return seen;
}

function textsOfHeaders(headers: unknown): string[] {
  return headers instanceof Headers ? [...headers].flat() : [String(headers)];
}

/** A middleware of `kind` that appends what its hooks saw to `records`. */
export function makeMiddleware(kind: MiddlewareKind, records: HookRecord[]): Middleware {
  /** Records the hook call; returns the Response to answer with when `answers`. */
  const record = (
    hook: HookRecord["hook"],
    request: Request,
    response: Response | undefined,
    answers: boolean,
  ): Response | undefined => {
    const body = answers ? middlewareBody(request.url) : undefined;
    records.push({
      kind,
      hook,
      standardRequest: request instanceof Request,
      ...(hook === "onResponse" ? { standardResponse: response instanceof Response } : {}),
      seen: seenOf(request, response),
      ...(body ? { answered: body } : {}),
    });
    return body && answer(body);
  };
  return {
    onRequest({ request }) {
      const cached = record("onRequest", request, undefined, kind === "cached-response");
      switch (kind) {
        case "add-header":
          request.headers.set("x-scenario", "added");
          return undefined;
        case "replace-request": {
          const replaced = new Request(request);
          replaced.headers.set("x-scenario", "replaced");
          return replaced;
        }
        case "cached-response":
          return cached;
        case "throw":
          throw new RefusedByMiddleware("a middleware refused the request");
        default:
          return undefined;
      }
    },
    async onResponse({ request, response }) {
      const replacement = record("onResponse", request, response, kind === "replace-response");
      // A careful middleware lets go of the body it replaces: one left unread (asResponse
      // gives it so) would hold its socket open until garbage collection.
      if (replacement && response instanceof Response && !response.bodyUsed) {
        await response.body?.cancel().catch(() => {});
      }
      return replacement;
    },
    onError({ request }) {
      return record("onError", request, undefined, kind === "error-response");
    },
  };
}
