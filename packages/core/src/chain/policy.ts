// A policy is one step of a client's call chain, in the shape of Azure core's
// `sendRequest(request, next)`: it may change the request, call `next` zero or more times,
// and look at or replace the response. Every call of a client passes the chain once.

/** A request as the chain's policies see it: the token is not on it yet. */
export interface ChainRequest {
  /** HTTP method, in upper case. */
  method: string;
  /** Absolute URL, without the token. */
  url: string;
  headers: Headers;
  /** The serialized body: text or bytes, never a stream, so every attempt sends the same. */
  body: string | Uint8Array | undefined;
  /** The caller's signal, if any. */
  signal: AbortSignal | undefined;
  /** The operation's path as the spec writes it, such as `/query/{namespace}`. */
  readonly template: string;
}

/** The rest of the chain after a policy. */
export type Next = (request: ChainRequest) => Promise<Response>;

/** One step of the call chain: `(request, next) => Promise<Response>`. */
export type Policy = (request: ChainRequest, next: Next) => Promise<Response>;
