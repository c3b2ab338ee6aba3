import type { IncomingMessage, ServerResponse } from "node:http";
import { ValidationError } from "@x/core";

/**
 * Which browser origins may call a service: every one (`*`, the default: a local emulator
 * is called from whatever port the app's dev server picked), or a list of exact origins.
 */
export type CorsPolicy = { anyOrigin: true } | { anyOrigin: false; origins: Set<string> };

/** What the service does with a request after the CORS headers are set. */
export type CorsVerdict = "preflight" | "forbidden" | "continue";

// Headers the clients read from answers, beyond the ones every browser exposes.
const EXPOSED_HEADERS = "Retry-After, Allow, Content-Length";
const ALLOWED_METHODS = "GET, POST, OPTIONS";
// A preflight names the headers the page will send; these cover what the clients send.
const DEFAULT_ALLOWED_HEADERS = "Authorization, Content-Type";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/**
 * Reads the `corsOrigin` option: `*` or a comma-separated list of origins such as
 * `http://localhost:5173`. Throws a ValidationError naming the entry that is not an origin.
 */
export function corsPolicy(option: string | undefined, name = "corsOrigin"): CorsPolicy {
  const text = (option ?? "*").trim();
  if (text === "*") return { anyOrigin: true };
  const origins = new Set<string>();
  for (const entry of text.split(",")) {
    const origin = entry.trim();
    if (!isOrigin(origin)) {
      throw new ValidationError(
        name,
        `"${origin}" is not an origin; give "*" or origins like http://localhost:5173, comma-separated`,
      );
    }
    origins.add(origin);
  }
  return { anyOrigin: false, origins };
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * Sets the CORS headers of the answer (before anything else, so errors carry them too)
 * and says what to do next: answer a preflight (`OPTIONS`), refuse a page from an origin the
 * policy leaves out (so a "simple" request cannot act on its behalf), or go on. A preflight
 * grants `methods`: the services' own by default.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  policy: CorsPolicy,
  methods: string = ALLOWED_METHODS,
): CorsVerdict {
  const origin = req.headers.origin;
  if (policy.anyOrigin) {
    res.setHeader("access-control-allow-origin", "*");
  } else {
    res.setHeader("vary", "Origin");
    if (origin !== undefined && policy.origins.has(origin)) {
      res.setHeader("access-control-allow-origin", origin);
    } else if (origin !== undefined) {
      return "forbidden";
    }
  }
  res.setHeader("access-control-expose-headers", EXPOSED_HEADERS);
  if (req.method !== "OPTIONS") return "continue";
  const requested = req.headers["access-control-request-headers"];
  res.setHeader("access-control-allow-methods", methods);
  res.setHeader("access-control-allow-headers", requested ?? DEFAULT_ALLOWED_HEADERS);
  res.setHeader("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS);
  return "preflight";
}

// Requests whose CORS the dev server settled before any service saw them (the test kit's
// rule, kit/cors.ts): the service keeps what was set instead of applying its own policy.
const settled = new WeakSet<IncomingMessage>();

/** Marks `req`'s CORS as settled: its headers are set and its origin was let through. */
export function settleCors(req: IncomingMessage): void {
  settled.add(req);
}

export function isCorsSettled(req: IncomingMessage): boolean {
  return settled.has(req);
}

/** Answers a preflight: no body, the headers `applyCors` set. */
export function answerPreflight(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

export function forbiddenOriginMessage(req: IncomingMessage): string {
  return `origin ${req.headers.origin} is not allowed to call this service; add it with --cors-origin (corsOrigin)`;
}
