import type { CallTarget } from "./connection-error";
import type { ApiError } from "./errors";
import { recordOf } from "./headers";
import { shownUrl } from "./shown-url";
import type { CallTrace } from "./tracing-hook";
import {
  type Answer,
  type CallOptions,
  createTransport,
  type Taking,
  type TransportConfig,
} from "./transport";

// The one send under both ways a client calls: a method's request as its operation built
// it (method-path.ts), or a standard Request, one a method's middleware read or replaced or
// one `api` built (api-adapter.ts). Here the token goes on and the request becomes what the
// transport sends; the transport then makes the attempts (per-attempt timeouts, retries,
// redaction, each attempt's trace). A 2xx body's data is parsed here, the same for both.

export interface SendConfig extends TransportConfig {
  /**
   * Whether a request with these headers (names in lower case) may be sent again after a
   * failure; default: always.
   */
  isRepeatable?: (headers: Record<string, string>) => boolean;
}

/** Where a built request goes: an operation's method and URL, and the target errors name. */
export interface Destination {
  method: string;
  /** Without the token. */
  url: string;
  target: CallTarget;
}

/** What both of a client's ways send their calls with. */
export interface Send {
  /** The auth header every request carries: none when the token goes in the query. */
  readonly authHeaders: Record<string, string>;
  /** Sends a request as built: `headers` are the sent ones, the token's included. */
  built(
    to: Destination,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    options: CallOptions | undefined,
    trace: CallTrace | undefined,
    taking: Taking,
  ): Promise<Answer>;
  /** Sends a standard Request, with the token added, and `body` as read from it once. */
  request(
    request: Request,
    body: BodyInit | undefined,
    options: CallOptions | undefined,
    trace: CallTrace | undefined,
    taking: Taking,
  ): Promise<Answer>;
  /** The typed error for a response the transport did not judge itself (a middleware's). */
  errorFor(response: Response, text: string): ApiError;
  /** A 2xx body's data: undefined when there is none; an ApiError for one that is not JSON. */
  dataOf(text: string, response: Response): unknown;
}

/** A standard Request's body, read once, to send on every attempt. */
export async function bodyOf(request: Request): Promise<BodyInit | undefined> {
  return request.body === null ? undefined : await request.arrayBuffer();
}

/** Makes the send of one client; every option is checked here, by the transport. */
export function createSend(config: SendConfig): Send {
  const transport = createTransport(config);
  const { authHeaders } = transport;
  const { isRepeatable } = config;
  const repeatable = (headers: Record<string, string>) => isRepeatable?.(headers) ?? true;

  const errorFor = (response: Response, text: string) =>
    transport.errorFor(response.status, response.headers, text);

  const built: Send["built"] = (to, headers, body, options, trace, taking) => {
    const outgoing = {
      method: to.method,
      url: to.url,
      headers,
      body,
      repeatable: repeatable(headers),
    };
    return transport.send(outgoing, to.target, options, taking, trace);
  };

  return {
    authHeaders,
    built,
    request(request, body, options, trace, taking) {
      const { method, url } = request;
      const to = { method, url, target: { method, url: shownUrl(url) } };
      return built(
        to,
        { ...recordOf(request.headers), ...authHeaders },
        body,
        options,
        trace,
        taking,
      );
    },
    errorFor,
    dataOf(text, response) {
      if (text === "") return undefined;
      try {
        return JSON.parse(text);
      } catch {
        throw errorFor(response, text);
      }
    },
  };
}
