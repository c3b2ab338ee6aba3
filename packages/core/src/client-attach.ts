import type { Logger } from "./log";

// Some middleware works for the client it is added to: a spec guard logs its warnings
// through the client's logger. Such middleware has a method under `ATTACH`, which the
// client's `use` calls with what the client shares. A plain openapi-fetch middleware has
// no such method and is added as it is.

/** What a client shares with middleware that asks, when `use` adds it. */
export interface AttachedClient {
  /** The client's `logger` (`console` when it was given none). */
  readonly logger: Logger;
}

/** The key of a middleware's method that `use` calls with the client's {@link AttachedClient}. */
export const ATTACH: unique symbol = Symbol.for("@x/core/attach");

/** Middleware that wants to know the client it was added to. */
export interface Attachable {
  [ATTACH](client: AttachedClient): void;
}

/** Tells `middleware` of the client, when it asks. */
export function attach(middleware: object, client: AttachedClient): void {
  if (ATTACH in middleware) (middleware as Attachable)[ATTACH](client);
}
