import type { Attributes } from "@opentelemetry/api";

// Attribute names of the stable HTTP client semantic conventions, written out rather than
// imported from `@opentelemetry/semantic-conventions`: that package is large, and these
// names are stable (https://opentelemetry.io/docs/specs/semconv/http/http-spans/).
export const HTTP_REQUEST_METHOD = "http.request.method";
export const URL_TEMPLATE = "url.template";
export const URL_FULL = "url.full";
export const SERVER_ADDRESS = "server.address";
export const SERVER_PORT = "server.port";
export const HTTP_RESPONSE_STATUS_CODE = "http.response.status_code";
export const HTTP_REQUEST_RESEND_COUNT = "http.request.resend_count";
export const ERROR_TYPE = "error.type";

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * The URL a span may show: no query or fragment (a query may carry the token, as the
 * workflow client's `tokenIn: "query"` does on the wire) and no user or password.
 */
export function safeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** The attributes a call's span starts with, read from the request openapi-fetch built. */
export function requestAttributes(request: Request, schemaPath: string): Attributes {
  const url = new URL(request.url);
  return {
    [HTTP_REQUEST_METHOD]: request.method,
    [URL_TEMPLATE]: schemaPath,
    [URL_FULL]: safeUrl(url),
    // `hostname` keeps an IPv6 address's brackets; the convention wants the bare address.
    [SERVER_ADDRESS]: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    [SERVER_PORT]: url.port === "" ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port),
  };
}
