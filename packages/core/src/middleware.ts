import type { Middleware, MiddlewareCallbackParams } from "openapi-fetch";

// The one list of middleware of a client, run with openapi-fetch's own rules: `onRequest`
// in order, where a returned Request replaces the request and a returned Response ends the
// call unsent; `onError` and `onResponse` in reverse order. The client's methods run it
// around their call; `api` runs it as the first middleware openapi-fetch knows (a relay),
// so a call's own `middleware` option comes after it, as openapi-fetch orders them.

/** What one middleware callback sees of a call, apart from its request and response. */
export type CallContext = Omit<MiddlewareCallbackParams, "request">;

/** Where a callback's `request` comes from: a Request, or one built when first read. */
export interface RequestSource {
  readonly request: Request;
}

/**
 * The request of a method's call as middleware sees it, built on first access: most
 * middleware never reads it (a tracer, a logger of statuses), and a call whose request no
 * one read is sent as a call without middleware is, without a standard Request built to be
 * thrown away. Whether it was read is decided when the `onRequest` round ends: a callback
 * that keeps its parameters and reads `request` later gets a Request whose changes are not
 * sent, as openapi-fetch sends what `onRequest` left.
 */
export class LazyRequest implements RequestSource {
  readonly #build: () => Request;
  #request: Request | undefined;

  constructor(build: () => Request) {
    this.#build = build;
  }

  /** Whether anyone has read the request yet. */
  get built(): boolean {
    return this.#request !== undefined;
  }

  get request(): Request {
    this.#request ??= this.#build();
    return this.#request;
  }
}

/**
 * A callback's parameters: the call's context, and its `request` read from `source` only
 * when the callback reads it (destructuring or spreading the parameters reads it too).
 */
function paramsOf<Extra extends object>(
  context: CallContext,
  source: RequestSource,
  extra: Extra,
): MiddlewareCallbackParams & Extra {
  return {
    ...context,
    ...extra,
    get request() {
      return source.request;
    },
  };
}

/** The client's middleware list, with openapi-fetch's `use` and `eject`. */
export interface MiddlewareList {
  readonly items: readonly Middleware[];
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
}

export function createMiddlewareList(): MiddlewareList {
  const items: Middleware[] = [];
  return {
    items,
    // All are checked before any is added, so a bad one in the list leaves nothing half-added.
    use(...middleware) {
      const added = middleware.filter((one) => one);
      for (const one of added) {
        if (
          typeof one !== "object" ||
          !("onRequest" in one || "onResponse" in one || "onError" in one)
        ) {
          throw new Error(
            "Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`",
          );
        }
      }
      items.push(...added);
    },
    eject(...middleware) {
      for (const one of middleware) {
        const at = items.indexOf(one);
        if (at !== -1) items.splice(at, 1);
      }
    },
  };
}

/**
 * Runs each `onRequest`: the Request a middleware replaced the request with, the Response
 * one answered with, or undefined when the request of `source` goes on unreplaced.
 */
export async function runOnRequest(
  list: readonly Middleware[],
  source: RequestSource,
  context: CallContext,
): Promise<Request | Response | undefined> {
  let current: Request | undefined;
  for (const one of list) {
    if (typeof one.onRequest !== "function") continue;
    const replaced = current;
    const params = paramsOf(context, replaced ? { request: replaced } : source, {});
    const result = await one.onRequest(params);
    if (!result) continue;
    if (result instanceof Response) return result;
    if (!(result instanceof Request)) {
      throw new Error(
        "onRequest: must return new Request() or Response() when modifying the request",
      );
    }
    current = result;
  }
  return current;
}

/** Runs each `onResponse`, last added first: the response the call answers with. */
export async function runOnResponse(
  list: readonly Middleware[],
  source: RequestSource,
  response: Response,
  context: CallContext,
): Promise<Response> {
  let current = response;
  for (let i = list.length - 1; i >= 0; i--) {
    const one = list[i];
    if (typeof one?.onResponse !== "function") continue;
    const result = await one.onResponse(paramsOf(context, source, { response: current }));
    if (!result) continue;
    if (!(result instanceof Response)) {
      throw new Error("onResponse: must return new Response() when modifying the response");
    }
    current = result;
  }
  return current;
}

/**
 * Runs each `onError`, last added first: a Response that recovers the call, or the error it
 * fails with (a middleware may replace it).
 */
export async function runOnError(
  list: readonly Middleware[],
  source: RequestSource,
  error: unknown,
  context: CallContext,
): Promise<{ response: Response } | { error: unknown }> {
  let current = error;
  for (let i = list.length - 1; i >= 0; i--) {
    const one = list[i];
    if (typeof one?.onError !== "function") continue;
    const result = await one.onError(paramsOf(context, source, { error: current }));
    if (!result) continue;
    if (result instanceof Response) return { response: result };
    if (!(result instanceof Error)) {
      throw new Error("onError: must return new Response() or instance of Error");
    }
    current = result;
  }
  return { error: current };
}

/**
 * The middleware `api` registers in openapi-fetch: it runs the client's list inside
 * openapi-fetch's own loop, so `use`/`eject` change what `api` runs as they change what
 * the methods run. `answered` sees the response openapi-fetch is about to parse: after the
 * list and the call's own middleware had their turn, or the one an `onRequest` of the list
 * answered the call with.
 */
export function relayOf(
  list: MiddlewareList,
  answered: (response: Response, context: CallContext) => Promise<void>,
): Middleware {
  // The list as each call began, as openapi-fetch takes its own: `use` and `eject` during a
  // call change the next call, not this one. Kept by the call's `options`, which openapi-fetch
  // freezes anew for each call and hands every callback of it.
  const listOf = new WeakMap<object, readonly Middleware[]>();
  return {
    async onRequest({ request, ...context }) {
      const items = [...list.items];
      listOf.set(context.options, items);
      const result =
        items.length === 0 ? undefined : await runOnRequest(items, { request }, context);
      // A Response ends the call here: openapi-fetch parses it next, with no onResponse round.
      if (result instanceof Response) await answered(result, context);
      return result === request ? undefined : result;
    },
    async onResponse({ request, response, ...context }) {
      const items = listOf.get(context.options) ?? [];
      const result =
        items.length === 0 ? response : await runOnResponse(items, { request }, response, context);
      await answered(result, context);
      return result === response ? undefined : result;
    },
    async onError({ request, error, ...context }) {
      const items = listOf.get(context.options) ?? [];
      if (items.length === 0) return undefined;
      const result = await runOnError(items, { request }, error, context);
      if ("response" in result) return result.response;
      // A middleware may only replace the error with an Error; unchanged, openapi-fetch goes on with its own.
      return result.error !== error && result.error instanceof Error ? result.error : undefined;
    },
  };
}
