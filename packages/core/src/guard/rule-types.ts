/**
 * What a spec says about one value of an answer's body, compacted by `pnpm gen` from the
 * spec's schema: its type (or its enum), an array's items, an object's properties, which of
 * them are required and what other properties may hold, and alternatives (`anyOf`, `oneOf`,
 * a `null` type or `nullable`). Bounds and formats are not part of it: the guard checks that
 * an answer has the shape the client's types promise, not every rule of the spec.
 */
export type BodySchema =
  | { readonly type: "string" | "number" | "integer" | "boolean" | "null" }
  | { readonly enum: readonly (string | number | boolean | null)[] }
  | { readonly type: "array"; readonly items?: BodySchema }
  | {
      readonly type: "object";
      readonly properties?: Readonly<Record<string, BodySchema>>;
      readonly required?: readonly string[];
      /**
       * What a property the spec does not name may hold: a schema, or `false` when the spec
       * closes the object (`additionalProperties: false`). Anything, when absent.
       */
      readonly additional?: BodySchema | false;
    }
  | { readonly anyOf: readonly BodySchema[] }
  /** Anything at all: a schema of `true`, or one with no type. */
  | { readonly any: true };

/** What the spec declares for one status (or `4XX`, or `default`) of an operation. */
export interface StatusRules {
  /** The media types the answer may come as; none for an answer without a body. */
  readonly contentTypes: readonly string[];
  /** Response headers the spec marks required, in lower case. */
  readonly headers: readonly string[];
  /** The JSON body's schema, when the answer has a JSON body. */
  readonly body?: BodySchema;
}

/** One operation of a spec, as the guard checks its answers. */
export interface OperationRules {
  /** `POST /query/{namespace}`: how reports name the operation. */
  readonly operation: string;
  /** By status code, `1XX` to `5XX` ranges, or `default`, as the spec writes them. */
  readonly responses: Readonly<Record<string, StatusRules>>;
}

/** Every operation of a spec: by path template, then by method in upper case. */
export type ResponseRules = Readonly<Record<string, Readonly<Record<string, OperationRules>>>>;
