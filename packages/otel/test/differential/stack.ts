// The middleware stacks of the differential test: what each hook of a middleware does,
// drawn by fast-check, and the middleware that does it while writing down what it was given.
// The same drawn stack is built once per way of calling, each time over that way's client, so
// `use` and `eject` during a call change the list of the client the call runs on.
import fc from "fast-check";
import type { Middleware, MiddlewareCallbackParams } from "openapi-fetch";

/** What an `onRequest` does. */
export type OnRequest =
  | "nothing" // returns nothing
  | "set-header" // sets a header on the request it was given, returns nothing
  | "new-header" // returns a new Request with one header more
  | "new-url" // returns a new Request with a query parameter added
  | "new-body" // returns a new Request with another body (the range's next page)
  | "respond-200" // answers the call itself with a 2xx
  | "respond-404" // answers the call itself with an error status
  | "respond-text" // answers the call itself with a 2xx that is no JSON
  | "throw"
  | "invalid" // returns what is neither a Request nor a Response
  | "use" // adds a middleware to the client
  | "eject-first"; // removes the stack's first middleware from the client

/** What an `onResponse` does. */
export type OnResponse = "nothing" | "respond-200" | "respond-400" | "throw" | "invalid";

/** What an `onError` does. */
export type OnError = "nothing" | "respond-200" | "error" | "throw" | "invalid";

/** One middleware of a stack: which hooks it has, and whether they read the request. */
export interface MiddlewareSpec {
  onRequest?: OnRequest;
  onResponse?: OnResponse;
  onError?: OnError;
  /**
   * Whether its hooks read `request`: one that does not leaves our methods' request unbuilt
   * (sent as a call without middleware), which is a path of its own.
   */
  reads: boolean;
}

export const middlewareSpec: fc.Arbitrary<MiddlewareSpec> = fc
  .record(
    {
      onRequest: fc.constantFrom<OnRequest>(
        "nothing",
        "set-header",
        "new-header",
        "new-url",
        "new-body",
        "respond-200",
        "respond-404",
        "respond-text",
        "throw",
        "invalid",
        "use",
        "eject-first",
      ),
      onResponse: fc.constantFrom<OnResponse>(
        "nothing",
        "respond-200",
        "respond-400",
        "throw",
        "invalid",
      ),
      onError: fc.constantFrom<OnError>("nothing", "respond-200", "error", "throw", "invalid"),
      reads: fc.boolean(),
    },
    { requiredKeys: ["reads"] },
  )
  // One without any hook is no middleware: `use` refuses it, the same on every side.
  .filter((spec) => Boolean(spec.onRequest ?? spec.onResponse ?? spec.onError));

/** What a hook saw of the request: method, URL, headers and body (`used` once sent). */
export interface SeenRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: string | { used: true };
}

/** One hook call, as the middleware that got it wrote it down. */
export interface HookRecord {
  /** `m0`, `m1`, `m2` for the stack's middleware; `extra` for the one `use` adds. */
  who: string;
  /** Which call of the scenario (from 1). */
  call: number;
  hook: "onRequest" | "onResponse" | "onError";
  schemaPath: string;
  params: string;
  baseUrl: string;
  parseAs: string;
  /** Only when the middleware reads the request. */
  request?: SeenRequest;
  response?: { status: number; headers: [string, string][]; body: string };
  error?: { name: string; message: string };
  /** What the hook returned, when it returned something. */
  returned?: "Request" | "Response" | "Error";
}

/** What a middleware throws, or makes an Error of: told apart from the clients' own errors. */
export class MiddlewareFailure extends Error {
  override name = "MiddlewareFailure";
}

/** The body a middleware answers with: a range page, and an info, in their envelope. */
export const ANSWERED = {
  result: {
    nextCursor: "",
    vectors: [{ id: "from-middleware" }],
    vectorCount: 1,
    pendingVectorCount: 0,
    indexSize: 1,
    dimension: 2,
    similarityFunction: "COSINE",
    namespaces: {},
  },
};

/**
 * What a hook that breaks the rules returns: neither a Request, a Response nor an Error,
 * which both engines refuse with the same message.
 */
const NOT_A_RESULT = { result: "neither a Request nor a Response" } as unknown as Response;

function answer(status: number): Response {
  const body = status < 300 ? ANSWERED : { error: `a middleware says ${status}`, status };
  return Response.json(body, { status });
}

/** Response headers less `date`, which changes from one second to the next. */
function headersOf(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => name !== "date");
}

async function seenRequest(request: Request): Promise<SeenRequest> {
  const { method, url, headers } = request;
  const body = request.bodyUsed ? ({ used: true } as const) : await request.clone().text();
  return { method, url, headers: [...headers], body };
}

/** A copy of `request` with `change` made, its body read as text. */
async function copyOf(
  request: Request,
  change: { url?: string; header?: string; body?: string },
): Promise<Request> {
  const headers = new Headers(request.headers);
  if (change.header) headers.set("x-added-by", change.header);
  const body = request.method === "GET" ? undefined : await request.clone().text();
  return new Request(change.url ?? request.url, {
    method: request.method,
    headers,
    body: change.body ?? body,
  });
}

/** Where a stack's `use` and `eject` go: the client its call runs on. */
export interface MiddlewareTarget {
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
}

/** The middleware of each spec, which write down their hook calls in `records`. */
export function buildStack(
  specs: MiddlewareSpec[],
  target: MiddlewareTarget,
  records: HookRecord[],
  call: { current: number },
): Middleware[] {
  const stack: Middleware[] = [];
  specs.forEach((spec, at) => {
    stack.push(makeMiddleware(`m${at}`, spec, target, stack, records, call));
  });
  return stack;
}

const EXTRA: MiddlewareSpec = {
  onRequest: "nothing",
  onResponse: "nothing",
  onError: "nothing",
  reads: true,
};

/** A middleware as it is put together, one hook at a time. */
interface Hooks {
  onRequest?: Middleware["onRequest"];
  onResponse?: Middleware["onResponse"];
  onError?: Middleware["onError"];
}

function makeMiddleware(
  who: string,
  spec: MiddlewareSpec,
  target: MiddlewareTarget,
  stack: Middleware[],
  records: HookRecord[],
  call: { current: number },
): Middleware {
  /** Writes the hook call down; `params.request` is read only when the spec reads. */
  async function record(
    hook: HookRecord["hook"],
    params: MiddlewareCallbackParams,
    more: Pick<HookRecord, "response" | "error"> = {},
  ): Promise<HookRecord> {
    const { schemaPath, options } = params;
    const entry: HookRecord = {
      who,
      call: call.current,
      hook,
      schemaPath,
      params: JSON.stringify(params.params),
      baseUrl: options.baseUrl,
      parseAs: options.parseAs,
      ...more,
    };
    if (spec.reads) entry.request = await seenRequest(params.request);
    records.push(entry);
    return entry;
  }

  /** Notes on the hook's record what it returns, and returns it. */
  function returning<Result>(entry: HookRecord, result: Result): Result {
    if (result instanceof Request) entry.returned = "Request";
    if (result instanceof Response) entry.returned = "Response";
    if (result instanceof Error) entry.returned = "Error";
    return result;
  }

  /** What `onRequest` does with the request, by its spec. */
  async function requestResult(
    action: OnRequest,
    params: MiddlewareCallbackParams,
  ): Promise<Request | Response | undefined> {
    switch (action) {
      case "set-header":
        params.request.headers.set("x-set-by", who);
        return undefined;
      case "new-header":
        return copyOf(params.request, { header: who });
      case "new-url": {
        const url = new URL(params.request.url);
        url.searchParams.set("via", who);
        return copyOf(params.request, { url: String(url) });
      }
      case "new-body":
        return copyOf(params.request, { body: JSON.stringify({ cursor: "1", limit: 2 }) });
      case "respond-200":
        return answer(200);
      case "respond-text":
        return new Response("<html>a middleware's page</html>");
      case "respond-404":
        return answer(404);
      case "throw":
        throw new MiddlewareFailure(`${who} refused the request`);
      case "invalid":
        return NOT_A_RESULT;
      case "use":
        target.use(makeMiddleware("extra", EXTRA, target, stack, records, call));
        return undefined;
      case "eject-first":
        if (stack[0]) target.eject(stack[0]);
        return undefined;
      default:
        return undefined;
    }
  }

  const middleware: Hooks = {};
  const onRequest = spec.onRequest;
  if (onRequest) {
    middleware.onRequest = async (params) => {
      const entry = await record("onRequest", params);
      return returning(entry, await requestResult(onRequest, params));
    };
  }
  const onResponse = spec.onResponse;
  if (onResponse) {
    middleware.onResponse = async (params) => {
      const { response } = params;
      const body = await response.clone().text();
      const seen = { status: response.status, headers: headersOf(response.headers), body };
      const entry = await record("onResponse", params, { response: seen });
      if (onResponse === "throw") throw new MiddlewareFailure(`${who} refused the response`);
      if (onResponse === "respond-200") return returning(entry, answer(200));
      if (onResponse === "respond-400") return returning(entry, answer(400));
      if (onResponse === "invalid") return NOT_A_RESULT;
      return undefined;
    };
  }
  const onError = spec.onError;
  if (onError) {
    middleware.onError = async (params) => {
      const { error } = params;
      const seen =
        error instanceof Error
          ? { name: error.name, message: error.message }
          : { name: typeof error, message: String(error) };
      const entry = await record("onError", params, { error: seen });
      if (onError === "respond-200") return returning(entry, answer(200));
      if (onError === "throw") throw new MiddlewareFailure(`${who} failed on the error`);
      if (onError === "invalid") return NOT_A_RESULT;
      if (onError === "error") {
        return returning(entry, new MiddlewareFailure(`${who} replaced the error`));
      }
      return undefined;
    };
  }
  // A spec has one hook at least (`middlewareSpec` draws no other), so this is a Middleware.
  return middleware as Middleware;
}
