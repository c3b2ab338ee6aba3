// Types of the typed operation layer: what a call of `paths[P][method]` sends and gets
// back, read from the `paths` that openapi-typescript generates for each spec. Nothing here
// exists at run time.

/** The HTTP methods an OpenAPI path item can declare, as sent. */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";

/** The methods `PathItem` declares an operation for (generated absent ones are `never`). */
export type MethodsOf<PathItem> = {
  [M in HttpMethod]: Lowercase<M> extends keyof PathItem
    ? [NonNullable<PathItem[Lowercase<M>]>] extends [never]
      ? never
      : M
    : never;
}[HttpMethod];

/** The operation object at `paths[P][method]`. */
export type OperationAt<Paths, P extends keyof Paths, M extends HttpMethod> =
  Lowercase<M> extends keyof Paths[P] ? NonNullable<Paths[P][Lowercase<M>]> : never;

type ParametersOf<Op> = Op extends { parameters: infer Parameters } ? Parameters : object;

/**
 * The `path`, `query` and `header` parameters an operation declares, each as required or
 * optional as the spec says; locations it does not use are left out.
 */
export type ParamsOf<Op> = {
  [K in keyof ParametersOf<Op> as K extends "path" | "query" | "header"
    ? [NonNullable<ParametersOf<Op>[K]>] extends [never]
      ? never
      : K
    : never]: ParametersOf<Op>[K];
};

/** The request body by media type, e.g. `{ "application/json": RangeRequest }`. */
export type ContentOf<Op> = Op extends {
  /** The operation's request body object, if it declares one. */
  requestBody?: infer Body;
}
  ? NonNullable<Body> extends {
      /** The body's schema by media type. */
      content: infer Content;
    }
    ? Content
    : never
  : never;

/** Bytes, sent as they are; the generated type of an `application/octet-stream` body is `string`. */
export type Bytes = Uint8Array | ArrayBuffer | Blob;

/** A request body of any media type the operation takes (bytes too, where it takes them). */
export type RequestBodyOf<Op> =
  | ContentOf<Op>[keyof ContentOf<Op>]
  | ("application/octet-stream" extends keyof ContentOf<Op> ? Bytes : never);

/** The media types the operation takes, alone or with parameters (`text/plain; charset=utf-8`). */
export type MediaTypeOf<Op> = keyof ContentOf<Op> & string;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type ResponsesOf<Op> = Op extends { responses: infer Responses } ? Responses : never;

/** The parsed JSON body of the operation's 2xx responses (`undefined` for one without). */
export type ResultOf<Op> = {
  [S in keyof ResponsesOf<Op>]: S extends SuccessStatus
    ? ResponsesOf<Op>[S] extends {
        /** The response's body schema by media type. */
        content: {
          /** The schema of a JSON body, the one this type reads. */
          "application/json": infer Json;
        };
      }
      ? Json
      : undefined
    : never;
}[keyof ResponsesOf<Op>];

/** True when every property of `T` is optional. */
type AllOptional<T> = Partial<T> extends T ? true : false;

type ParamsField<Op> = keyof ParamsOf<Op> extends never
  ? { params?: never }
  : AllOptional<ParamsOf<Op>> extends true
    ? { params?: ParamsOf<Op> }
    : { params: ParamsOf<Op> };

type BodyField<Op> = [ContentOf<Op>] extends [never]
  ? { body?: never; contentType?: never }
  : (Op extends { requestBody: unknown }
      ? { body: RequestBodyOf<Op> }
      : { body?: RequestBodyOf<Op> }) & {
      /** Media type of a text or bytes `body`; a body of another kind is sent as JSON. */
      contentType?: MediaTypeOf<Op> | `${MediaTypeOf<Op>};${string}`;
    };

/** What one call of the operation sends: its parameters and its body, typed by the spec. */
export type OperationInit<Op> = ParamsField<Op> & BodyField<Op>;
