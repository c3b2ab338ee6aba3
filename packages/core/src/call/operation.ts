import type { RequestBodyJSON, SuccessResponseJSON } from "openapi-typescript-helpers";
import { shownUrl } from "../errors/shown-url";
import type { CoreClient } from "./client";
import type { TracedCallInfo } from "./tracing";

// An operation of a spec, its URL built once per client (or namespace), typed by the
// generated `paths`: what the standalone functions call (call.ts).

/** The JSON body an operation `Op` of `paths` takes. */
export type JsonOf<Op> = RequestBodyJSON<Op>;
/** The JSON data of the 2xx answers of an operation `Op` of `paths`. */
export type DataOf<Op> =
  Op extends Record<string | number, unknown> ? SuccessResponseJSON<Op> : never;

/** One operation, with its URL built; `Json` and `Data` are its body and 2xx data. */
export interface Operation<Json, Data> {
  /** HTTP method, in upper case. */
  readonly method: string;
  /** The path as the spec writes it, such as `/query/{namespace}`. */
  readonly template: string;
  /** The path parameters. */
  readonly params: { readonly path?: Readonly<Record<string, string>> };
  /** Without the token. */
  readonly url: string;
  /** What a trace of the call starts from; the same object on every call. */
  readonly traced: Readonly<TracedCallInfo>;
  /** Never set: it carries the operation's body and data types. */
  readonly spec?: { json: Json; data: Data };
}

/** One call of an operation: its body and its own headers. */
export interface CallInit<Json> {
  /** A JSON body, serialized once. */
  json?: Json;
  /** A body already serialized, text or bytes, sent under `headers["content-type"]`. */
  body?: string | Uint8Array | Blob;
  /** The request's own headers (such as `Svc-*`): they win over the call options' headers. */
  headers?: Record<string, string | number>;
}

/**
 * The operation `method` `template` of `client`, named `name` in traces (the method a
 * user called, such as `VectorIndex.query`), with its path parameters.
 */
export function operationOf<Json, Data>(
  client: CoreClient,
  name: string,
  method: string,
  template: string,
  path?: Record<string, string>,
): Operation<Json, Data> {
  const url = client.baseUrl + client.pathSerializer(template, path ?? {});
  const upper = method.toUpperCase();
  const traced = Object.freeze({ name, method: upper, template, url: shownUrl(url) });
  return { method: upper, template, params: path ? { path } : {}, url, traced };
}
