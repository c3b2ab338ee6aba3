import type { Schema } from "../schema/schema";

/** What the spec declares for one status (or `4XX`, or `default`) of an operation. */
export interface StatusRules {
  /** The media types the answer may come as; none for an answer without a body. */
  readonly contentTypes: readonly string[];
  /** Response headers the spec marks required, in lower case. */
  readonly headers: readonly string[];
  /** The JSON body's schema, when the answer has a JSON body. */
  readonly body?: Schema;
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
