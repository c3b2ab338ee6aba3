import { createQuerySerializer, type MergedOptions, type PathSerializer } from "openapi-fetch";
import type { HttpMethod } from "openapi-typescript-helpers";
import { ApiPromise, type WithResponse } from "./api-promise";
import type { RequestOptions, Tracing } from "./client-options";
import { mergeHeaders } from "./headers";
import {
  type CallContext,
  LazyRequest,
  type MiddlewareList,
  type RequestSource,
  runOnError,
  runOnRequest,
  runOnResponse,
} from "./middleware";
import type { CallInit, DataOf, JsonOf, Operation } from "./operation";
import { bodyOf, type Send } from "./send";
import { shownUrl } from "./shown-url";
import type { CallTrace } from "./tracing-hook";
import type { Answer } from "./transport";

// What a client's methods call (`VectorIndex.query`, `WorkflowClient.trigger`). A method's
// call, read top to bottom in `run`: the URL of its operation was built once, and the
// default headers with the token when the client was; the call's own headers are merged
// once and its body serialized once; then, without middleware, the send sends those as they
// are, and the body read is parsed once. With middleware, openapi-fetch's middleware rules
// apply (middleware.ts), and the standard Request they see is built only when one reads it:
// a call whose request no middleware read or replaced is sent as a call without middleware
// is. The call's trace spans all of it.

export interface MethodPathConfig {
  /** Absolute base URL, without a trailing slash; each operation's path is appended. */
  baseUrl: string;
  pathSerializer: PathSerializer;
  /** The client's default headers, checked, without the token. */
  defaults: Record<string, string>;
  tracing: Tracing | undefined;
  /** What a method's middleware sees as `options.fetch` for a path template (`api`'s). */
  fetchFor(template: string): MergedOptions["fetch"];
}

export interface MethodPath<Paths extends {}> {
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

/** The final response of a call and its body's text, undefined for a body left unread. */
type Final = { response: Response; text: string | undefined };

/** A call's headers before its own: without a body, and with a JSON one. */
type HeaderBases = { plain: Record<string, string>; json: Record<string, string> };

/** The method path of one client, sending through `send` and running `middleware`. */
export function createMethodPath<Paths extends {}>(
  send: Send,
  middleware: MiddlewareList,
  config: MethodPathConfig,
): MethodPath<Paths> {
  const { baseUrl, pathSerializer, defaults, tracing } = config;
  // Built once: what every call sends before its own headers, without a body and with a
  // JSON one. Middleware never sees the token: its request is built from `seen`, and the
  // token is added as the request is sent.
  const jsonType = { "content-type": "application/json" };
  const seen: HeaderBases = { plain: defaults, json: { ...defaults, ...jsonType } };
  const sent: HeaderBases = {
    plain: { ...defaults, ...send.authHeaders },
    json: { ...defaults, ...jsonType, ...send.authHeaders },
  };
  const querySerializer = createQuerySerializer();

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
    // What its middleware sees as openapi-fetch's options, the same on every call.
    const options: MergedOptions = Object.freeze({
      baseUrl,
      parseAs: "json",
      querySerializer,
      bodySerializer: JSON.stringify,
      pathSerializer,
      fetch: config.fetchFor(template),
    });
    return { name, method: upper, template, params, url, target, traced, options };
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

  /** A method's call, top to bottom. */
  async function run<Json, Data>(
    op: Operation<Json, Data>,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
    unread: () => boolean,
  ): Promise<WithResponse<unknown>> {
    // The list as the call began: `use` and `eject` replace the list, never change it.
    const list = middleware.items;
    // Bytes are typed over any ArrayBufferLike, which fetch's own typing narrows.
    const body =
      init.json === undefined ? (init.body as BodyInit | undefined) : JSON.stringify(init.json);
    const trace = tracing?.startCall(op.traced);
    try {
      let final: Final;
      if (list.length === 0) {
        const headers = headersOf(sent, init, options);
        const answer = await send.built(op, headers, body, options, trace, {
          readable: false,
          unread,
        });
        if (answer.error) throw answer.error;
        final = answer;
      } else {
        final = await withMiddleware(list, op, init, body, options, trace, unread);
      }
      const { response, text } = final;
      const data = text === undefined ? undefined : send.dataOf(text, response);
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
    bases: HeaderBases,
    init: CallInit<Json>,
    options: RequestOptions | undefined,
  ): Record<string, string> {
    const base = init.json === undefined ? bases.plain : bases.json;
    return mergeHeaders(base, options?.headers, init.headers);
  }

  /**
   * The call as middleware sees it, by openapi-fetch's rules: one standard Request without
   * the token, built when a callback first reads it; the answer a readable copy when an
   * `onResponse` will read it.
   */
  async function withMiddleware<Json, Data>(
    list: MiddlewareList["items"],
    op: Operation<Json, Data>,
    init: CallInit<Json>,
    body: BodyInit | undefined,
    options: RequestOptions | undefined,
    trace: CallTrace | undefined,
    unread: () => boolean,
  ): Promise<Final> {
    const context: CallContext = {
      schemaPath: op.template,
      params: op.params,
      id: Math.random().toString(36).slice(2, 11),
      options: op.options,
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
    const taking = { readable: list.some((one) => typeof one.onResponse === "function"), unread };
    let response: Response;
    let answer: Answer | undefined;
    try {
      if (!seenRequest.built && !replaced) {
        // No middleware read the request: nothing of it can have changed, so it goes as a
        // call without middleware does, the prebuilt headers with the token.
        answer = await send.built(op, headersOf(sent, init, options), body, options, trace, taking);
      } else {
        // The request's body is the one serialized above unless a middleware replaced it.
        const request = replaced ? result : seenRequest.request;
        const sentBody = replaced ? await bodyOf(request) : body;
        answer = await send.request(request, sentBody, options, trace, taking);
      }
      response = answer.response;
    } catch (error) {
      const recovered = await runOnError(list, sentRequest, error, context);
      if ("error" in recovered) throw recovered.error;
      response = recovered.response;
    }
    if (taking.readable) response = await runOnResponse(list, sentRequest, response, context);
    if (answer?.response === response) {
      // The transport's own answer, unchanged by middleware.
      if (answer.error) throw answer.error;
      return answer;
    }
    return finalOf(response, unread);
  }

  /** The call's final response and text, when a middleware gave it. */
  async function finalOf(response: Response, unread: () => boolean): Promise<Final> {
    if (response.ok && unread()) return { response, text: undefined };
    const text = await response.text();
    if (!response.ok) throw send.errorFor(response, text);
    return { response, text };
  }

  return { operation, call };
}
