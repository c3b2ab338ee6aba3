import createClient, {
  type Client,
  createQuerySerializer,
  type MergedOptions,
  type Middleware,
  type PathSerializer,
} from "openapi-fetch";
import type { HttpMethod } from "openapi-typescript-helpers";
import { ApiPromise, type WithResponse } from "./api-promise";
import type { RequestOptions } from "./client-options";
import type { CallTarget } from "./connection-error";
import { checkHeaderRecord, mergeHeaders, recordOf } from "./headers";
import {
  type CallContext,
  createMiddlewareList,
  LazyRequest,
  type RequestSource,
  relayOf,
  runOnError,
  runOnRequest,
  runOnResponse,
} from "./middleware";
import { type CallInit, type DataOf, encodedPath, type JsonOf, type Operation } from "./operation";
import { shownUrl } from "./shown-url";
import type { CallTrace } from "./tracing-hook";
import { type Answer, createTransport, type Outgoing, type TransportConfig } from "./transport";

// One call pipeline per client. A method's call, read top to bottom in `run`: the URL of its
// operation was built once, and the default headers with the token when the client was; the
// call's own headers are merged once and its body serialized once; then, without
// middleware, the transport sends those to fetch as they are, and the body read is parsed
// once. With middleware, openapi-fetch's middleware rules apply, and the standard Request
// they see is built only when one reads it: a call whose request no middleware read or
// replaced is sent as a call without middleware is. Tracing is a hook of the same path.
// `api` is openapi-fetch's own client over the same transport, middleware list and tracing.

export interface ClientCoreConfig extends TransportConfig {
  /** Absolute base URL, without a trailing slash; each operation's path is appended. */
  baseUrl: string;
  /** How path parameters go into the path; default: percent-encoded, as openapi-fetch does. */
  pathSerializer?: PathSerializer;
  /**
   * Whether a request with these headers (names in lower case) may be sent again after a
   * failure; default: always.
   */
  isRepeatable?: (headers: Record<string, string>) => boolean;
}

export interface ClientCore<Paths extends {}> {
  /** openapi-fetch's client of the spec, over the same transport, middleware and tracing. */
  api: Client<Paths>;
  /** Adds middleware to every call, the methods' and `api`'s (openapi-fetch's `use`). */
  use(...middleware: Middleware[]): void;
  /** Removes middleware `use` added. */
  eject(...middleware: Middleware[]): void;
  /** Builds an operation's URL: once per client (or namespace), not per call. */
  operation<Path extends keyof Paths & string, Method extends HttpMethod & keyof Paths[Path]>(
    name: string,
    method: Method,
    path: Path,
    params?: { path?: Record<string, string> },
  ): Operation<JsonOf<Paths[Path][Method]>, DataOf<Paths[Path][Method]>>;
  /** One call: the 2xx data, or the typed error of anything else. */
  call<Json, Data>(
    operation: Operation<Json, Data>,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
  ): ApiPromise<Data>;
}

/** A standard Request's body, read once, to send on every attempt. */
async function bodyOf(request: Request): Promise<BodyInit | undefined> {
  return request.body === null ? undefined : await request.arrayBuffer();
}

/** The methods of openapi-fetch's client named after an HTTP method. */
const API_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/** What openapi-fetch's methods take after the path: the call's options, its own fetch among them. */
type ApiInit = { fetch?: unknown } | undefined;

/**
 * Gives each call of `api` the fetch of its path template (`fetchOf(path)`), unless the call
 * brings its own fetch, as openapi-fetch lets it.
 */
function withTemplates(api: object, fetchOf: (template: string) => unknown): void {
  const withFetch = (path: string, init: ApiInit) => ({
    ...init,
    fetch: init?.fetch ?? fetchOf(path),
  });
  type Send = (path: string, init?: ApiInit) => unknown;
  const methods = api as Record<(typeof API_METHODS)[number], Send>;
  for (const name of API_METHODS) {
    const send = methods[name];
    methods[name] = (path, init) => send(path, withFetch(path, init));
  }
  const general = api as { request: (method: string, path: string, init?: ApiInit) => unknown };
  const { request } = general;
  general.request = (method, path, init) => request(method, path, withFetch(path, init));
}

/** The pipeline and `api` of one client of a spec's `Paths`. */
export function createClientCore<Paths extends {}>(config: ClientCoreConfig): ClientCore<Paths> {
  const transport = createTransport(config);
  const { tracing, isRepeatable } = config;
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const pathSerializer = config.pathSerializer ?? encodedPath;
  const defaults = config.defaultHeaders
    ? mergeHeaders({}, checkHeaderRecord("defaultHeaders", config.defaultHeaders))
    : {};
  // Built once: what every call sends before its own headers, without a body and with a
  // JSON one. Middleware never sees the token: its request is built from `seen`, and the
  // token is added as the request is sent.
  const jsonType = { "content-type": "application/json" };
  const seen = { plain: defaults, json: { ...defaults, ...jsonType } };
  const sent = {
    plain: { ...defaults, ...transport.authHeaders },
    json: { ...defaults, ...jsonType, ...transport.authHeaders },
  };
  const middleware = createMiddlewareList();

  /** Whether `outgoing` may be sent again, by the client's rule. */
  const repeatable = (headers: Record<string, string>) => isRepeatable?.(headers) ?? true;

  /**
   * Sends a request that middleware saw (or `api` built): token added, body read once. The
   * answer is `readable` again for whoever reads it after the transport (openapi-fetch, an
   * `onResponse`).
   */
  async function sendRequest(
    request: Request,
    body: BodyInit | undefined,
    options: RequestOptions | undefined,
    trace: CallTrace | undefined,
    readable: boolean,
    unread?: () => boolean,
  ) {
    const headers = { ...recordOf(request.headers), ...transport.authHeaders };
    const outgoing: Outgoing = {
      method: request.method,
      url: request.url,
      headers,
      body,
      repeatable: repeatable(headers),
    };
    const target: CallTarget = { method: request.method, url: shownUrl(request.url) };
    return transport.send(outgoing, target, options, { readable, unread }, trace);
  }

  /**
   * `api`'s fetch: openapi-fetch built the request and ran the middleware. Each call of
   * `api` gives the `template` of its path (see `withTemplates`): the request cannot say it,
   * as a call's own middleware runs after ours and may have replaced it.
   */
  const apiFetch = async (
    input: RequestInfo | URL,
    init?: RequestInit,
    template?: string,
  ): Promise<Response> => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    const name = template ? `${request.method} ${template}` : request.method;
    const trace = tracing?.startCall({
      name,
      method: request.method,
      template,
      url: shownUrl(request.url),
    });
    try {
      const answer = await sendRequest(
        request,
        await bodyOf(request),
        { signal: request.signal },
        trace,
        true,
      );
      if (answer.text !== undefined) textOf.set(answer.response, answer.text);
      trace?.end(answer.response.status, answer.error);
      return answer.response;
    } catch (error) {
      trace?.end(undefined, error);
      throw error;
    }
  };
  const api = createClient<Paths>({
    baseUrl,
    fetch: apiFetch,
    headers: defaults,
    querySerializer: createQuerySerializer(),
    pathSerializer,
  });
  // The body text each of `api`'s answers was read as, so it is not read again to be checked.
  const textOf = new WeakMap<Response, string>();
  /**
   * openapi-fetch's JSON.parse would throw a bare SyntaxError for a 2xx body that is not
   * JSON (a proxy's page, a body cut off): checked as the relay's last word on the response,
   * after a call's own middleware (which may have replaced the request or the response), it
   * is an ApiError. That check is the one second parse left, on `api` only.
   */
  async function checkJson(response: Response, context: CallContext): Promise<void> {
    if (!response.ok || (context.options.parseAs ?? "json") !== "json") return;
    const text = textOf.get(response) ?? (await response.clone().text());
    parseData(text, response);
  }
  api.use(relayOf(middleware, checkJson));
  api.use = middleware.use;
  api.eject = middleware.eject;
  withTemplates(
    api,
    (template) => (input: RequestInfo | URL, init?: RequestInit) => apiFetch(input, init, template),
  );

  /** What middleware of a method's call sees as openapi-fetch's options. */
  const mergedOptions: MergedOptions = Object.freeze({
    baseUrl,
    parseAs: "json",
    querySerializer: createQuerySerializer(),
    bodySerializer: JSON.stringify,
    pathSerializer,
    fetch: apiFetch,
  });

  function operation<Json, Data>(
    name: string,
    method: string,
    template: string,
    params: { path?: Record<string, string> } = {},
  ): Operation<Json, Data> {
    const url = baseUrl + pathSerializer(template, params.path ?? {});
    const upper = method.toUpperCase();
    const shown = shownUrl(url);
    // Frozen: a Tracing gets the same object on every call of the operation.
    const traced = Object.freeze({ name, method: upper, template, url: shown });
    const target = { method: upper, url: shown };
    return { name, method: upper, template, params, url, target, traced };
  }

  /** A method's call, top to bottom. */
  async function run<Json, Data>(
    op: Operation<Json, Data>,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
    unread: () => boolean,
  ): Promise<WithResponse<unknown>> {
    const direct = middleware.items.length === 0;
    // Bytes are typed over any ArrayBufferLike, which fetch's own typing narrows.
    const body =
      init.json === undefined ? (init.body as BodyInit | undefined) : JSON.stringify(init.json);
    const trace = tracing?.startCall(op.traced);
    try {
      let response: Response;
      let text: string | undefined;
      if (direct) {
        const headers = headersOf(sent, init, options);
        const answer = await sendDirect(op, headers, body, options, trace, false, unread);
        if (answer.error) throw answer.error;
        ({ response, text } = answer);
      } else {
        ({ response, text } = await withMiddleware(op, init, body, options, trace, unread));
      }
      const data = text === undefined ? undefined : parseData(text, response);
      trace?.end(response.status, undefined);
      return { data, response };
    } catch (error) {
      trace?.end(undefined, error);
      throw error;
    }
  }

  /**
   * A call's headers over `bases` (`sent` or `seen`): a call without a body sends no content
   * type; a raw body names its own.
   */
  function headersOf<Json>(
    bases: typeof sent,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
  ): Record<string, string> {
    const base = init.json === undefined ? bases.plain : bases.json;
    return mergeHeaders(base, options?.headers, init.headers);
  }

  /** A method's request sent as built: `headers` are the sent ones, the token's included. */
  function sendDirect<Json, Data>(
    op: Operation<Json, Data>,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    options: RequestOptions | undefined,
    trace: CallTrace | undefined,
    readable: boolean,
    unread: () => boolean,
  ): Promise<Answer> {
    const outgoing = {
      method: op.method,
      url: op.url,
      headers,
      body,
      repeatable: repeatable(headers),
    };
    return transport.send(outgoing, op.target, options, { readable, unread }, trace);
  }

  /**
   * The call as middleware sees it, by openapi-fetch's rules: one standard Request without
   * the token, built when a callback first reads it; the answer a readable copy when an
   * `onResponse` will read it. The text is undefined for a body left unread.
   */
  async function withMiddleware<Json, Data>(
    op: Operation<Json, Data>,
    init: CallInit<Json>,
    body: BodyInit | undefined,
    options: RequestOptions | undefined,
    trace: CallTrace | undefined,
    unread: () => boolean,
  ): Promise<{ response: Response; text: string | undefined }> {
    // A snapshot, as openapi-fetch takes one: `use` during a call changes the next call.
    const list = [...middleware.items];
    const context: CallContext = {
      schemaPath: op.template,
      params: op.params,
      id: Math.random().toString(36).slice(2, 11),
      options: mergedOptions,
    };
    // Without the token: it is added as the request is sent.
    const seenRequest = new LazyRequest(
      () =>
        new Request(op.url, { method: op.method, headers: headersOf(seen, init, options), body }),
    );
    const result = await runOnRequest(list, seenRequest, context);
    if (result instanceof Response) return finalOf(result, unread);
    // A middleware may hand back the very request it was given: that is no replacement.
    const replaced = result !== undefined && !(seenRequest.built && result === seenRequest.request);
    // What onResponse and onError see: the request that was sent.
    const sentRequest: RequestSource = replaced ? { request: result } : seenRequest;
    // Only an `onResponse` reads the answer again: without one, no readable copy is made,
    // and no onResponse round is run.
    const readable = list.some((one) => typeof one.onResponse === "function");
    let response: Response;
    let answer: Answer | undefined;
    try {
      if (!seenRequest.built && !replaced) {
        // No middleware read the request: nothing of it can have changed, so it goes as a
        // call without middleware does, the prebuilt headers with the token.
        const headers = headersOf(sent, init, options);
        answer = await sendDirect(op, headers, body, options, trace, readable, unread);
      } else {
        // The request's body is the one serialized above unless a middleware replaced it.
        const request = replaced ? result : seenRequest.request;
        answer = await sendRequest(
          request,
          replaced ? await bodyOf(request) : body,
          options,
          trace,
          readable,
          unread,
        );
      }
      response = answer.response;
    } catch (error) {
      const recovered = await runOnError(list, sentRequest, error, context);
      if ("error" in recovered) throw recovered.error;
      response = recovered.response;
    }
    if (readable) response = await runOnResponse(list, sentRequest, response, context);
    if (answer?.response === response) {
      // The transport's own answer, unchanged by middleware.
      if (answer.error) throw answer.error;
      return answer;
    }
    return finalOf(response, unread);
  }

  /** The call's final response and text, when a middleware gave it. */
  async function finalOf(
    response: Response,
    unread: () => boolean,
  ): Promise<{ response: Response; text: string | undefined }> {
    if (response.ok && unread()) return { response, text: undefined };
    const text = await response.text();
    if (!response.ok) throw transport.errorFor(response.status, response.headers, text);
    return { response, text };
  }

  /** A 2xx body's data: undefined when there is none; an ApiError for one that is not JSON. */
  function parseData(text: string, response: Response): unknown {
    if (text === "") return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw transport.errorFor(response.status, response.headers, text);
    }
  }

  function call<Json, Data>(
    op: Operation<Json, Data>,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
  ): ApiPromise<Data> {
    let leaveUnread = false;
    const result = run(op, init, options, () => leaveUnread);
    // The data is what the spec types it as: the answer's JSON, as openapi-fetch takes it.
    return new ApiPromise(result as Promise<WithResponse<Data>>, () => {
      leaveUnread = true;
      return result.then(({ response }) => response);
    });
  }

  return { api, use: middleware.use, eject: middleware.eject, operation, call };
}
