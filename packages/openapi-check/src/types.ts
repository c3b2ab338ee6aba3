export type ServiceName = "workflow" | "vector";

/** One broken rule. `where` names the part ("header Svc-Retries", "body/vectors/0"). */
export interface Violation {
  where: string;
  message: string;
}

export interface OperationMatch {
  operationId: string;
  method: string;
  pathTemplate: string;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
}

export interface RequestParts {
  method: string;
  url: string | URL;
  headers: Headers | Record<string, string>;
  /** undefined (none), a parsed JSON value, a string (text) or bytes (binary). */
  body?: unknown;
}

export interface RequestCheck {
  operation?: OperationMatch;
  violations: Violation[];
}

export interface ResponseParts {
  status: number;
  headers: Headers | Record<string, string>;
  body?: unknown;
}

/** A JSON Schema (2020-12) as it appears in an OpenAPI 3.1 document. */
export type Schema = { [keyword: string]: unknown } | boolean;
