import { SchemaCache } from "./ajv.js";
import { compileTemplate, type PathMatcher } from "./path-template.js";
import type { Schema } from "./types.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
// OpenAPI ignores header parameters with these names; they are never "custom".
const RESERVED_HEADERS = new Set(["accept", "content-type", "authorization"]);

type Json = { [key: string]: unknown };

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Schema | undefined;
  greedy: boolean;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, { required?: boolean; schema?: Schema }>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  method: string;
  pathTemplate: string;
  matcher: PathMatcher;
  parameters: Parameter[];
  headerPrefixes: string[];
  /** Resolved: the operation's own, else the document's; empty means none required. */
  security: SecurityRequirement[];
  requestBody: { required: boolean; content: Record<string, MediaType> } | undefined;
  responses: Record<string, ResponseObject>;
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

export interface ContractSpec {
  service: string;
  document: unknown;
  operations: Operation[];
  securitySchemes: Record<string, SecurityScheme>;
  /** Header names starting with this (e.g. "Svc-") must be declared or under a prefix. */
  headerFamily: string | undefined;
  /** Path prefixes of the servers (e.g. "/v1"), stripped before matching. */
  basePaths: string[];
  schemas: SchemaCache;
}

export interface SpecOptions {
  /** Overrides the custom header family derived from the declared headers; null turns it off. */
  headerFamily?: string | null;
}

/**
 * Indexes an OpenAPI 3.1 document that is already dereferenced (no `$ref`), as
 * `pnpm gen` writes it. Schemas compile lazily, each once.
 */
export function createSpec(
  service: string,
  document: object,
  options: SpecOptions = {},
): ContractSpec {
  const doc = document as Json;
  const operations: Operation[] = [];
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const globalSecurity = (doc.security as SecurityRequirement[] | undefined) ?? [];
  for (const [template, item] of Object.entries(paths)) {
    const shared = (item.parameters as Json[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (op === undefined) continue;
      const parameters = mergeParameters(shared, (op.parameters as Json[] | undefined) ?? []);
      const body = op.requestBody as Json | undefined;
      operations.push({
        operationId: String(op.operationId ?? `${method.toUpperCase()} ${template}`),
        method: method.toUpperCase(),
        pathTemplate: template,
        matcher: compileTemplate(
          template,
          parameters.filter((p) => p.greedy).map((p) => p.name),
        ),
        parameters,
        headerPrefixes: stringList(op["x-header-prefixes"] ?? item["x-header-prefixes"]),
        security: (op.security as SecurityRequirement[] | undefined) ?? globalSecurity,
        requestBody:
          body === undefined
            ? undefined
            : {
                required: body.required === true,
                content: (body.content ?? {}) as Record<string, MediaType>,
              },
        responses: (op.responses ?? {}) as Record<string, ResponseObject>,
      });
    }
  }
  const components = (doc.components ?? {}) as Json;
  return {
    service,
    document,
    operations,
    securitySchemes: (components.securitySchemes ?? {}) as Record<string, SecurityScheme>,
    headerFamily:
      options.headerFamily === null
        ? undefined
        : (options.headerFamily ??
          stringOrUndefined(doc["x-header-family"]) ??
          deriveFamily(operations)),
    basePaths: serverBasePaths((doc.servers ?? []) as Json[]),
    schemas: new SchemaCache(),
  };
}

function mergeParameters(shared: Json[], own: Json[]): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const raw of [...shared, ...own]) {
    const p: Parameter = {
      name: String(raw.name),
      in: raw.in as Parameter["in"],
      required: raw.required === true || raw.in === "path",
      schema: raw.schema as Schema | undefined,
      greedy: raw["x-greedy"] === true,
    };
    if (p.in === "header" && RESERVED_HEADERS.has(p.name.toLowerCase())) continue;
    byKey.set(`${p.in}:${p.in === "header" ? p.name.toLowerCase() : p.name}`, p);
  }
  return [...byKey.values()];
}

// The family is the longest common prefix of every declared custom header and header
// prefix, cut after its last "-": "Svc-Retries" + "Svc-Forward-" -> "Svc-".
function deriveFamily(operations: Operation[]): string | undefined {
  const names = operations.flatMap((op) => [
    ...op.parameters.filter((p) => p.in === "header").map((p) => p.name),
    ...op.headerPrefixes,
  ]);
  const first = names[0];
  if (first === undefined) return undefined;
  let common = first.toLowerCase();
  for (const name of names) {
    const lower = name.toLowerCase();
    let i = 0;
    while (i < common.length && common[i] === lower[i]) i++;
    common = common.slice(0, i);
  }
  const cut = common.lastIndexOf("-");
  return cut > 0 ? first.slice(0, cut + 1) : undefined;
}

function serverBasePaths(servers: Json[]): string[] {
  const bases = new Set<string>();
  for (const server of servers) {
    const vars = (server.variables ?? {}) as Record<string, { default?: string }>;
    const url = String(server.url ?? "/").replace(/\{([^}]+)\}/g, (_, name: string) =>
      String(vars[name]?.default ?? "x"),
    );
    const path = new URL(url, "http://localhost").pathname.replace(/\/+$/, "");
    if (path !== "") bases.add(path);
  }
  return [...bases];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
