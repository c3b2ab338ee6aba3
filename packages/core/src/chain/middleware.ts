import type { MergedOptions, Middleware, MiddlewareCallbackParams } from "openapi-fetch";
import type { ChainRequest, Policy } from "./policy";

// An openapi-fetch middleware object as one policy of the chain, so middleware written for
// openapi-fetch works on every method. Policies nest, so the `onRequest` hooks of several
// run in the order they were added and the `onResponse` and `onError` hooks in reverse, as
// openapi-fetch runs them. openapi-fetch's other rules, kept here:
// - `onRequest` may return a Request, which replaces the request, or a Response, which
//   answers the call: nothing is sent and no `onResponse` or `onError` hook runs;
// - `onError` may return a Response, which recovers the call: the `onResponse` hooks of
//   every middleware then run, first those of the ones the error passed through (kept with
//   the error, below), or an Error, which replaces the error;
// - `onError` hears of what the request failed with, never of another hook's throw: an error
//   a hook throws (or its wrong return) ends the call as it is;
// - anything else returned is refused with openapi-fetch's own message.

/** Responses an `onRequest` answered with: no `onResponse` runs on them. */
const answeredEarly = new WeakSet<Response>();

/** Errors a hook threw, or the refusal of what it returned: they end the call as they are. */
const hookErrors = new WeakSet<object>();

/** Runs one hook; what it throws is marked as a hook's, so no `onError` hears of it. */
async function runHook<T>(hook: () => T | Promise<T>): Promise<T> {
  try {
    return await hook();
  } catch (error) {
    if (typeof error === "object" && error !== null) hookErrors.add(error);
    throw error;
  }
}

/** The refusal of what a hook returned, marked as a hook's error. */
function refused(message: string): Error {
  const error = new Error(message);
  hookErrors.add(error);
  return error;
}

/** A hook to run on the response a middleware further out recovers an error with. */
type PendingResponse = (response: Response) => Promise<Response>;

/**
 * The `onResponse` hooks of the middleware an error passed through unrecovered, innermost
 * first, by the error: openapi-fetch runs them too once a middleware recovers the call.
 */
const pendingByError = new WeakMap<object, PendingResponse[]>();

function pendingOf(error: unknown): PendingResponse[] {
  return (typeof error === "object" && error !== null && pendingByError.get(error)) || [];
}

/** Keeps `pending` with `error` (when it is an object: anything else cannot carry them). */
function keepPending(error: unknown, pending: PendingResponse[]): void {
  if (typeof error === "object" && error !== null) pendingByError.set(error, pending);
}

/** The policy that runs the hooks of `middleware`; `options` is what they see as `options`. */
export function middlewarePolicy(middleware: Middleware, options: MergedOptions): Policy {
  checkMiddleware(middleware);
  const { onRequest, onResponse, onError } = middleware;
  return async function middlewareHooks(request, next) {
    const context = {
      schemaPath: request.template,
      params: request.params,
      options,
      id: Math.random().toString(36).slice(2, 11),
    };
    const asked = onRequest ? await requestHook(onRequest, request, context) : { sent: request };
    if (asked.answer) return asked.answer;
    const { sent } = asked;
    // Built only when a hook reads it: most read the status or the error alone.
    let seen = asked.seen;
    const sentRequest = () => {
      seen ??= requestOf(sent);
      return seen;
    };
    const respond: PendingResponse = async (response) => {
      if (!onResponse || answeredEarly.has(response)) return response;
      const result = await runHook(() => onResponse(paramsOf(context, sentRequest, { response })));
      if (result !== undefined && !(result instanceof Response)) {
        throw refused("onResponse: must return new Response() when modifying the response");
      }
      return result ?? response;
    };
    let response: Response;
    try {
      response = await next(sent);
    } catch (error) {
      if (typeof error === "object" && error !== null && hookErrors.has(error)) throw error;
      const pending = pendingOf(error);
      const handled = onError
        ? await runHook(() => onError(paramsOf(context, sentRequest, { error })))
        : undefined;
      if (!(handled instanceof Response)) {
        const thrown = failureOf(handled, error);
        keepPending(thrown, [...pending, respond]);
        throw thrown;
      }
      response = handled;
      for (const run of pending) response = await run(response);
    }
    return respond(response);
  };
}

/** `use()` takes a policy or a middleware object: anything else is refused before it is added. */
function checkMiddleware(middleware: Middleware): void {
  if (
    typeof middleware !== "object" ||
    middleware === null ||
    !("onRequest" in middleware || "onResponse" in middleware || "onError" in middleware)
  ) {
    throw new TypeError(
      "use() takes a policy, (request, next) => Promise<Response>, or an openapi-fetch " +
        "middleware object with onRequest, onResponse or onError",
    );
  }
}

/**
 * Runs an `onRequest` hook: the Response it answered the call with, or the request to send
 * (with the Request the hook saw, which the other hooks see too).
 */
async function requestHook(
  onRequest: NonNullable<Middleware["onRequest"]>,
  request: ChainRequest,
  context: Omit<MiddlewareCallbackParams, "request">,
): Promise<{ answer?: Response; sent: ChainRequest; seen?: Request }> {
  const built = requestOf(request);
  const result = await runHook(() => onRequest({ ...context, request: built }));
  if (result instanceof Response) {
    answeredEarly.add(result);
    return { answer: result, sent: request };
  }
  if (result !== undefined && !(result instanceof Request)) {
    throw refused("onRequest: must return new Request() or Response() when modifying the request");
  }
  const seen = result ?? built;
  return { sent: await chainRequestOf(seen, built, request), seen };
}

/** A hook's parameters, its `request` built when the hook first reads it. */
function paramsOf<Extra extends object>(
  context: Omit<MiddlewareCallbackParams, "request">,
  request: () => Request,
  extra: Extra,
): MiddlewareCallbackParams & Extra {
  return {
    ...context,
    ...extra,
    get request() {
      return request();
    },
  };
}

/** The error a call goes on failing with, from what an `onError` hook returned (not a Response). */
function failureOf(result: unknown, error: unknown): unknown {
  if (result === undefined) return error;
  if (result instanceof Error) return result;
  return refused("onError: must return new Response() or instance of Error");
}

/** The standard Request middleware sees: without the token, which is added after it. */
function requestOf(request: ChainRequest): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body as BodyInit | undefined,
  });
}

/**
 * The request a hook left, as the chain sends it: the Request it was given, with the
 * headers the hook may have set on it, or a new one, whose body is read once.
 */
async function chainRequestOf(
  left: Request,
  built: Request,
  before: ChainRequest,
): Promise<ChainRequest> {
  const headers = new Headers(left.headers);
  if (left === built) return { ...before, headers };
  const body = left.body === null ? undefined : new Uint8Array(await left.arrayBuffer());
  return { ...before, method: left.method, url: left.url, headers, body };
}
