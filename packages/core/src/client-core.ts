import createClient, {
  type Client,
  createQuerySerializer,
  type Middleware,
  type PathSerializer,
} from "openapi-fetch";
import { ApiPromise, type WithResponse } from "./api-promise";
import { requestClass } from "./call-request";
import type { RequestOptions } from "./client-options";
import { checkHeaderRecord } from "./headers";
import { type Answer, createTransport, type Transport, type TransportConfig } from "./transport";

// Each client is openapi-fetch's `createClient<paths>()` over our transport: openapi-fetch
// types and builds every call and runs the middleware once per call; the transport sends
// it. The client's own methods call the same openapi-fetch client as `api` does, with the
// call's options bound into a `fetch` of their own.

export interface ClientCoreConfig extends TransportConfig {
  /** Absolute base URL, without a trailing slash; each operation's path is appended. */
  baseUrl: string;
  /** How path parameters go into the path; default: openapi-fetch's (percent-encoded). */
  pathSerializer?: PathSerializer;
}

/**
 * What a method spreads into openapi-fetch's options beside the operation's own parameters
 * and body. At run time it also holds `parseAs: "stream"`, left out of the type so that
 * openapi-fetch still types the call's data from the spec: openapi-fetch then leaves the
 * body alone, and `send` parses the text the transport read.
 */
export type CallInit = {
  fetch: (request: Request) => Promise<Response>;
  headers?: Record<string, string>;
};

/** What an openapi-fetch call resolves to, as `send` reads it. */
interface Fetched<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

export interface ClientCore<Paths extends {}> {
  /** openapi-fetch's client of the spec, over the transport; `use`/`eject` apply to `send` too. */
  api: Client<Paths>;
  /**
   * One call by a client method: `run` makes it with openapi-fetch, spreading `init` into
   * its options. Resolves to the 2xx data; rejects with the typed error of anything else.
   */
  send<Data>(
    options: RequestOptions | undefined,
    run: (init: CallInit) => Promise<Fetched<Data>>,
  ): ApiPromise<Data>;
}

/** Text and bytes go as they are; anything else as JSON. */
function serializeBody(body: unknown): BodyInit {
  if (
    typeof body === "string" ||
    body instanceof Uint8Array ||
    body instanceof ArrayBuffer ||
    body instanceof Blob
  ) {
    return body as BodyInit;
  }
  return JSON.stringify(body);
}

/** The openapi-fetch client and the transport of one client of a spec's `Paths`. */
export function createClientCore<Paths extends {}>(config: ClientCoreConfig): ClientCore<Paths> {
  const transport = createTransport(config);
  // Middleware must see standard Requests; without any, calls skip building one.
  const middleware: Middleware[] = [];
  const api = createClient<Paths>({
    baseUrl: config.baseUrl.replace(/\/+$/, ""),
    fetch: async (request) => {
      const { response, text } = await transport.send(request, {}, true);
      // A body that is not JSON is an ApiError here, where the response is known: openapi-fetch's
      // own JSON.parse would throw a bare SyntaxError. The escape hatch pays a second parse.
      if (response.ok) parseData(text, response, transport);
      return response;
    },
    Request: requestClass(() => middleware.length > 0),
    // openapi-fetch merges them under each call's own, whatever the case of their names.
    headers:
      config.defaultHeaders === undefined
        ? undefined
        : checkHeaderRecord("defaultHeaders", config.defaultHeaders),
    bodySerializer: serializeBody,
    querySerializer: createQuerySerializer(),
    ...(config.pathSerializer ? { pathSerializer: config.pathSerializer } : {}),
  });
  const use = api.use;
  const eject = api.eject;
  api.use = (...added) => {
    use(...added);
    for (const one of added) if (one) middleware.push(one);
  };
  api.eject = (...removed) => {
    eject(...removed);
    for (const one of removed) {
      const at = middleware.indexOf(one);
      if (at !== -1) middleware.splice(at, 1);
    }
  };
  if (config.tracing) api.use(config.tracing.middleware);

  function send<Data>(
    options: RequestOptions | undefined,
    run: (init: CallInit) => Promise<Fetched<Data>>,
  ): ApiPromise<Data> {
    // The answer the transport gave, to tell it from a response a middleware made.
    let answer: Answer | undefined;
    // Middleware may read the response, so it gets one whose body can be read again.
    const readable = middleware.length > 0;
    const init = {
      fetch: async (request: Request) => {
        answer = await transport.send(request, options, readable);
        return answer.response;
      },
      parseAs: "stream",
    } as CallInit;
    if (options?.headers) init.headers = options.headers;
    const called = async (): Promise<WithResponse<Data>> => {
      const fetched = await run(init);
      const { response } = fetched;
      const own = answer?.response === response ? answer : undefined;
      if (!response.ok) {
        if (own?.error) throw own.error;
        const { error } = fetched;
        const text = typeof error === "string" ? error : JSON.stringify(error ?? "");
        throw transport.errorFor(response.status, response.headers, text);
      }
      const text = own ? own.text : await response.text();
      return { data: parseData<Data>(text, response, transport), response };
    };
    return new ApiPromise(called());
  }

  return { api, send };
}

/**
 * A 2xx body's data: undefined when there is none (204, HEAD, an empty body), as
 * openapi-fetch gives it; an ApiError saying so for a body that is not JSON (a proxy's
 * HTML page, a body cut off), never a bare SyntaxError.
 */
function parseData<Data>(text: string, response: Response, transport: Transport): Data {
  if (text === "") return undefined as Data;
  try {
    return JSON.parse(text) as Data;
  } catch {
    throw transport.errorFor(response.status, response.headers, text);
  }
}
