import type { MergedOptions, MiddlewareRequestParams, PathSerializer } from "openapi-fetch";
import type { RequestBodyJSON, SuccessResponseJSON } from "openapi-typescript-helpers";
import type { CallTarget } from "./connection-error";
import type { TracedCallInfo } from "./tracing-hook";

// What the method path (method-path.ts) calls: an operation of a spec, its URL built once,
// typed by the generated `paths`.

/** The JSON body an operation `Op` of `paths` takes. */
export type JsonOf<Op> = RequestBodyJSON<Op>;
/** The JSON data of the 2xx answers of an operation `Op` of `paths`. */
export type DataOf<Op> =
  Op extends Record<string | number, unknown> ? SuccessResponseJSON<Op> : never;

/**
 * One operation of the spec, with its URL built; `Json` and `Data` are its
 * body and 2xx data as the generated `paths` type them.
 */
export interface Operation<Json, Data> {
  /** What a span of the call is named: the method (`VectorIndex.query`). */
  name: string;
  /** HTTP method, in upper case. */
  method: string;
  /** The path as the spec writes it, such as `/query/{namespace}`. */
  template: string;
  /** The path parameters, as middleware sees them. */
  params: MiddlewareRequestParams;
  /** Without the token. */
  url: string;
  /** What errors and log lines name the call by (the URL as they show it); built once. */
  target: CallTarget;
  /** What a trace of the call starts from; built once, not per call. */
  traced: Readonly<TracedCallInfo>;
  /** What its middleware sees as openapi-fetch's `options`; built once, not per call. */
  options: Readonly<MergedOptions>;
  /** Never set: it carries the operation's body and data types. */
  readonly spec?: { json: Json; data: Data };
}

/** One call of an operation: its body and its own headers. */
export interface CallInit<Json> {
  /** A JSON body, serialized once by the pipeline. */
  json?: Json;
  /** A body already serialized, text or bytes, sent under `headers["content-type"]`. */
  body?: string | Uint8Array | ArrayBuffer | Blob;
  /** The request's own headers (such as `Svc-*`): they win over the call options' headers. */
  headers?: Record<string, string | number>;
}

/** Percent-encodes each path parameter, as openapi-fetch's default does. */
export const encodedPath: PathSerializer = (template, params) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
