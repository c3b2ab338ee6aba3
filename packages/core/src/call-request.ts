// What openapi-fetch builds each request as, through its `Request` option. A standard
// `Request` turns the body into a stream, which the transport would have to read back
// before every attempt, and then `fetch(url, init)` builds a second `Request`: about half
// the cost of a call. So, while no middleware is registered, a call's request is a
// `CallRequest` that keeps the URL and the init fields as given. Middleware must see a
// standard `Request`, so with any registered, the class builds one instead.

/** A request as the transport reads it: a standard `Request` or a `CallRequest`. */
export interface OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  /** A `CallRequest`'s body as serialized; a standard `Request`'s body stream. */
  readonly body?: BodyInit | null;
  readonly signal?: AbortSignal | null;
}

const callRequests = new WeakSet<object>();

/** Whether `request` is a `CallRequest` (its body is as given, not a stream). */
export function isCallRequest(request: OutgoingRequest): boolean {
  return callRequests.has(request);
}

/**
 * The `Request` class for one client's openapi-fetch: `CallRequest`s while `standard()` is
 * false, standard `Request`s while it is true. `instanceof` accepts both, as openapi-fetch
 * checks what a middleware returns against this class.
 */
export function requestClass(standard: () => boolean): typeof Request {
  class CallRequest implements OutgoingRequest {
    // Set by the constructor from openapi-fetch's init, which always holds method and headers.
    declare readonly url: string;
    declare readonly method: string;
    declare readonly headers: Headers;

    constructor(url: string, init: RequestInit = {}) {
      // biome-ignore lint/correctness/noConstructorReturn: openapi-fetch calls `new Request(url, init)`; with middleware registered, the answer must be a standard Request.
      if (standard()) return new Request(url, init) as unknown as CallRequest;
      Object.assign(this, init, { url });
      callRequests.add(this);
    }

    static [Symbol.hasInstance](value: unknown): boolean {
      if (value instanceof Request) return true;
      return typeof value === "object" && value !== null && callRequests.has(value);
    }
  }
  return CallRequest as unknown as typeof Request;
}
