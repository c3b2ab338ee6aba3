// Requests drawn from the schemas of the bundled spec itself (what @x/openapi-check loads):
// an operation, its path parameters, some of its header parameters and a body from its
// request body's schema. Most break a rule the schemas cannot say (patterns, a vector's
// dimension), so they reach the dev server's checks past the spec validator.
import { loadSpec, type Operation, type Schema, type ServiceName } from "@x/openapi-check";
import fc from "fast-check";
import type { Draft } from "./breakage.js";
import { arbitraryFor } from "./schema-arbitrary.js";

/** A value as a header can carry it: latin-1 only, no line breaks or other controls. */
function headerText(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.replace(/[^\t\x20-\x7e\xa0-\xff]/g, "?");
}

function pathOf(operation: Operation, values: Record<string, string>): string {
  return operation.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? "");
}

function operationRequest(
  operation: Operation,
  token: string,
  workflowUrl: (n: number) => string,
): fc.Arbitrary<Draft> {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const headerParams = operation.parameters.filter((p) => p.in === "header");
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        // The workflow URL is the run's destination: always this machine.
        p.greedy
          ? fc.nat({ max: 999 }).map(workflowUrl)
          : arbitraryFor(p.schema ?? true).map((v) => encodeURIComponent(headerText(v))),
      ]),
    ),
  );
  const headers = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [p.name, arbitraryFor(p.schema ?? true).map(headerText)]),
    ),
    { requiredKeys: [] },
  );
  const [type, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const body =
    media?.schema === undefined ? fc.constant(undefined) : arbitraryFor(media.schema as Schema);
  return fc.tuple(path, headers, body).map(([params, svc, json]) => ({
    method: operation.method === "GET" ? "GET" : "POST",
    path: pathOf(operation, params as Record<string, string>),
    headers: {
      authorization: `Bearer ${token}`,
      ...(type === undefined ? {} : { "content-type": type }),
      ...(svc as Record<string, string>),
    },
    ...(json === undefined ? {} : { body: { json } }),
  }));
}

/** A request for any operation of the service's spec, drawn from its schemas. */
export function schemaRequest(
  service: ServiceName,
  token: string,
  workflowUrl: (n: number) => string,
): fc.Arbitrary<Draft> {
  const operations = loadSpec(service).operations;
  return fc.oneof(...operations.map((op) => operationRequest(op, token, workflowUrl)));
}
