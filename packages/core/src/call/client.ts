import type { MergedOptions, PathSerializer } from "openapi-fetch";
import type { AttemptConfig } from "../chain/attempt";
import { auth } from "../chain/auth";
import { createPolicyList, type PolicyList } from "../chain/chain";
import type { Policy } from "../chain/policy";
import { DEFAULT_MAX_RESPONSE_BYTES, readTextOf } from "../chain/read-body";
import { redaction } from "../chain/redaction";
import { refuseRedirects } from "../chain/redirect";
import type { RetryConfig } from "../chain/retry";
import type { ApiError } from "../errors/errors";
import { errorFromResponse, type StatusHints } from "../errors/from-response";
import { createRedactor } from "../errors/redact";
import {
  checkFetchOptions,
  checkMaxResponseBytes,
  checkMaxRetries,
  checkTimeoutMs,
  checkToken,
  checkTokenIn,
} from "../options/check";
import type { ClientOptions, Fetch } from "../options/client-options";
import { checkHeaderRecord, mergeHeaders } from "../options/headers";
import { type AttemptLog, attemptLog } from "../options/log";
import type { Tracing } from "./tracing";

// A client of one service, made once from its options (each checked here): what every call
// of the client shares. The calls themselves are in call.ts.

export interface CoreClientConfig extends ClientOptions {
  /** Absolute base URL, without a trailing slash; each operation's path is appended. */
  baseUrl: string;
  /** Where the token goes: `Authorization: Bearer` (default) or a query parameter. */
  tokenIn?: "header" | "query" | undefined;
  /** Name of the query parameter when `tokenIn` is `"query"`. */
  tokenQueryParam?: string;
  /** What error messages advise, by status, where the defaults do not fit the service. */
  hints?: StatusHints;
  /** How path parameters go into the path; default: percent-encoded. */
  pathSerializer?: PathSerializer;
  /** Whether a request with these headers may be sent again after a failure; default: always. */
  isRepeatable?: (headers: Headers) => boolean;
}

export interface CoreClient {
  readonly baseUrl: string;
  readonly pathSerializer: PathSerializer;
  /** The default headers, checked, names in lower case; without the token. */
  readonly defaultHeaders: Record<string, string>;
  /** The user's policies (`use`, `eject`). */
  readonly policies: PolicyList;
  /** The client's own policies, outermost first: redirect refusal, redaction, auth. */
  readonly own: readonly Policy[];
  readonly defaults: { timeoutMs: number; maxRetries: number; maxResponseBytes: number };
  readonly tracing: Tracing | undefined;
  readonly attempt: AttemptConfig;
  readonly retry: RetryConfig;
  /** Where each attempt is logged, when the client logs. */
  readonly log: AttemptLog | undefined;
  /** The typed error of a non-2xx answer (already redacted) or of a 2xx that is not JSON. */
  errorFor(response: Response, text: string): ApiError;
}

/** Percent-encodes each path parameter, as openapi-fetch's default does. */
const encodedPath: PathSerializer = (template, params) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** Makes a client from `config`; a bad option throws a ValidationError. */
export function createCoreClient(config: CoreClientConfig): CoreClient {
  const { token, maxRetries = 2, timeoutMs = 30_000 } = config;
  const { maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES } = config;
  checkToken(token);
  checkTokenIn(config.tokenIn);
  checkMaxRetries(maxRetries);
  checkTimeoutMs(timeoutMs);
  checkMaxResponseBytes(maxResponseBytes);
  const fetchOptions = checkFetchOptions(config.fetchOptions);
  const redact = createRedactor(token);
  const errorFor = (response: Response, text: string) =>
    errorFromResponse(response.status, response.headers, text, redact, config.hints);
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const pathSerializer = config.pathSerializer ?? encodedPath;
  const send: Fetch = config.fetch ?? ((url, init) => fetch(url, init));
  const inQuery = config.tokenIn === "query";
  return {
    baseUrl,
    pathSerializer,
    defaultHeaders: config.defaultHeaders
      ? mergeHeaders({}, checkHeaderRecord("defaultHeaders", config.defaultHeaders))
      : {},
    policies: createPolicyList(middlewareOptions(baseUrl, pathSerializer, send)),
    own: [
      refuseRedirects(redact),
      redaction(token, inQuery),
      auth(
        token,
        inQuery ? { in: "query", param: config.tokenQueryParam ?? "token" } : { in: "header" },
      ),
    ],
    defaults: { timeoutMs, maxRetries, maxResponseBytes },
    tracing: config.tracing,
    attempt: { fetch: send, fetchOptions, redact },
    retry: {
      isRepeatable: config.isRepeatable,
      errorFor: (response) => errorFor(response, readTextOf(response) ?? ""),
    },
    log: attemptLog(config.logger, config.logLevel),
    errorFor,
  };
}

/**
 * What an openapi-fetch middleware sees as `options` on a method's call: the client's base
 * URL and path serializer, JSON both ways, and its fetch. The services' operations take no
 * query parameters, so the query serializer writes flat ones only.
 */
function middlewareOptions(
  baseUrl: string,
  pathSerializer: PathSerializer,
  send: Fetch,
): MergedOptions {
  return Object.freeze({
    baseUrl,
    parseAs: "json",
    querySerializer: (query: Record<string, unknown>) =>
      new URLSearchParams(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      ).toString(),
    bodySerializer: (body: unknown) => JSON.stringify(body),
    pathSerializer,
    // The client's `fetch`, as openapi-fetch gives its own: a request a middleware sends
    // through it goes outside the chain (no token, no retries), to the same network.
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = request.body === null ? undefined : await request.arrayBuffer();
      const { method, headers, signal } = request;
      return send(request.url, { method, headers, body, signal, redirect: "manual" });
    },
  });
}
