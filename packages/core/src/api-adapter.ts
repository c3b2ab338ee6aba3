import createClient, {
  type Client,
  createQuerySerializer,
  type PathSerializer,
} from "openapi-fetch";
import type { Tracing } from "./client-options";
import { type CallContext, type MiddlewareList, relayOf } from "./middleware";
import { bodyOf, type Send } from "./send";
import { shownUrl } from "./shown-url";

// `api`: openapi-fetch's own client of the spec, sending through the client's send. A call
// of `api`, top to bottom: openapi-fetch builds the Request and runs its middleware, the
// client's list first (relayed, so `use` and `eject` reach it), then the call's own; its
// fetch is the one of the call's path template, which starts the call's trace and hands the
// Request to the send; after the middleware had the response, the relay checks a 2xx body
// for JSON; openapi-fetch parses it.

export interface ApiConfig {
  /** Absolute base URL, without a trailing slash. */
  baseUrl: string;
  pathSerializer: PathSerializer;
  /** The client's default headers, checked, without the token. */
  defaults: Record<string, string>;
  tracing: Tracing | undefined;
}

/** A fetch as openapi-fetch calls it, and as its middleware sees it in `options.fetch`. */
export type ApiFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface ApiAdapter<Paths extends {}> {
  api: Client<Paths>;
  /** The fetch of the calls of one path template: it names their trace after it. */
  fetchFor(template: string): ApiFetch;
}

/** The methods of openapi-fetch's client named after an HTTP method. */
const API_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/** What openapi-fetch's methods take after the path: the call's options, its own fetch among them. */
type ApiInit = { fetch?: unknown } | undefined;

/**
 * Gives each call of `api` the fetch of its path template, unless the call brings its own
 * fetch, as openapi-fetch lets it. The Request cannot say its template: a call's own
 * middleware runs after the client's and may have replaced it.
 */
function withFetchOfTemplate(api: object, fetchFor: (template: string) => ApiFetch): void {
  const withFetch = (path: string, init: ApiInit) => ({
    ...init,
    fetch: init?.fetch ?? fetchFor(path),
  });
  type Method = (path: string, init?: ApiInit) => unknown;
  const methods = api as Record<(typeof API_METHODS)[number], Method>;
  for (const name of API_METHODS) {
    const call = methods[name];
    methods[name] = (path, init) => call(path, withFetch(path, init));
  }
  const general = api as { request: (method: string, path: string, init?: ApiInit) => unknown };
  const { request } = general;
  general.request = (method, path, init) => request(method, path, withFetch(path, init));
}

/** `api` over `send`, running `middleware`, the list the client's methods run. */
export function createApi<Paths extends {}>(
  send: Send,
  middleware: MiddlewareList,
  config: ApiConfig,
): ApiAdapter<Paths> {
  const { tracing } = config;
  // The body text each of the send's answers was read as, so it is not read again to be
  // checked.
  const textOf = new WeakMap<Response, string>();

  /** openapi-fetch built the request and ran the middleware; this sends what they left. */
  const fetchFor =
    (template: string): ApiFetch =>
    async (input, init) => {
      const request =
        input instanceof Request && init === undefined ? input : new Request(input, init);
      const trace = tracing?.startCall({
        name: `${request.method} ${template}`,
        method: request.method,
        template,
        url: shownUrl(request.url),
      });
      try {
        const body = await bodyOf(request);
        // Readable: openapi-fetch and `onResponse` read the answer after the send.
        const answer = await send.request(request, body, { signal: request.signal }, trace, {
          readable: true,
        });
        if (answer.text !== undefined) textOf.set(answer.response, answer.text);
        trace?.end(answer.response.status, answer.error);
        return answer.response;
      } catch (error) {
        trace?.end(undefined, error);
        throw error;
      }
    };

  /**
   * openapi-fetch's JSON.parse would throw a bare SyntaxError for a 2xx body that is not
   * JSON (a proxy's page, a body cut off): checked as the relay's last word on the response,
   * after a call's own middleware (which may have replaced the request or the response), it
   * is an ApiError. That check is the one second parse left, on `api` only.
   */
  async function checkJson(response: Response, context: CallContext): Promise<void> {
    if (!response.ok || (context.options.parseAs ?? "json") !== "json") return;
    const text = textOf.get(response) ?? (await response.clone().text());
    send.dataOf(text, response);
  }

  // No fetch of its own: every call is given the fetch of its template below.
  const api = createClient<Paths>({
    baseUrl: config.baseUrl,
    headers: config.defaults,
    querySerializer: createQuerySerializer(),
    pathSerializer: config.pathSerializer,
  });
  api.use(relayOf(middleware, checkJson));
  api.use = middleware.use;
  api.eject = middleware.eject;
  withFetchOfTemplate(api, fetchFor);
  return { api, fetchFor };
}
