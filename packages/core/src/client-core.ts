import type { Client, Middleware, PathSerializer } from "openapi-fetch";
import { createApi } from "./api-adapter";
import { checkHeaderRecord, mergeHeaders } from "./headers";
import { createMethodPath, type MethodPath } from "./method-path";
import { createMiddlewareList } from "./middleware";
import { encodedPath } from "./operation";
import { createSend, type SendConfig } from "./send";

// One client's two ways to call, over one send and one middleware list: the methods'
// (method-path.ts) and `api`, openapi-fetch's own client (api-adapter.ts). The send
// (send.ts) puts the token on and hands each request to the transport (transport.ts), which
// makes its attempts.

export interface ClientCoreConfig extends SendConfig {
  /** Absolute base URL, without a trailing slash; each operation's path is appended. */
  baseUrl: string;
  /** How path parameters go into the path; default: percent-encoded, as openapi-fetch does. */
  pathSerializer?: PathSerializer;
}

export interface ClientCore<Paths extends {}> extends MethodPath<Paths> {
  /** openapi-fetch's client of the spec, over the same transport, middleware and tracing. */
  api: Client<Paths>;
  /** Adds middleware to every call, the methods' and `api`'s (openapi-fetch's `use`). */
  use(...middleware: Middleware[]): void;
  /** Removes middleware `use` added. */
  eject(...middleware: Middleware[]): void;
}

/** The two ways to call of one client of a spec's `Paths`. */
export function createClientCore<Paths extends {}>(config: ClientCoreConfig): ClientCore<Paths> {
  const send = createSend(config);
  const middleware = createMiddlewareList();
  const common = {
    baseUrl: config.baseUrl.replace(/\/+$/, ""),
    pathSerializer: config.pathSerializer ?? encodedPath,
    defaults: config.defaultHeaders
      ? mergeHeaders({}, checkHeaderRecord("defaultHeaders", config.defaultHeaders))
      : {},
    tracing: config.tracing,
  };
  const { api, fetchFor } = createApi<Paths>(send, middleware, common);
  const { operation, call } = createMethodPath<Paths>(send, middleware, { ...common, fetchFor });
  return { api, use: middleware.use, eject: middleware.eject, operation, call };
}
