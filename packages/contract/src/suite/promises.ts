// What each client's result type promises: the part of the operation's 200 response the
// call resolves to, read from the committed generated spec (the one the client's types are
// generated from). Always the committed spec, never a mutant under test, so a mutated
// response schema that would make the client's types lie is caught.
import { loadSpec, type Schema, type ServiceName } from "@x/openapi-check";

/** The schema of an operation's JSON 200 body, then down `path` (property names, indexes). */
function okSchema(service: ServiceName, operationId: string, path: string[] = []): Schema {
  const operation = loadSpec(service).operations.find((op) => op.operationId === operationId);
  let schema: unknown = operation?.responses["200"]?.content?.["application/json"]?.schema;
  for (const key of path) {
    schema = typeof schema === "object" && schema !== null ? Reflect.get(schema, key) : undefined;
  }
  if (typeof schema !== "object" || schema === null) {
    const where = ["200", ...path].join(".");
    throw new Error(`the ${service} spec declares no JSON schema at ${operationId} ${where}`);
  }
  return schema as Schema;
}

export const PROMISES = {
  trigger: okSchema("workflow", "triggerWorkflow"),
  range: okSchema("vector", "rangeVectors", ["properties", "result"]),
  // The query result is anyOf: one list of records, or one list per query of a batch.
  query: okSchema("vector", "queryVectors", ["properties", "result", "anyOf", "0"]),
  queryMany: okSchema("vector", "queryVectors", ["properties", "result", "anyOf", "1"]),
  fetch: okSchema("vector", "fetchVectors", ["properties", "result"]),
  info: okSchema("vector", "getIndexInfo", ["properties", "result"]),
} satisfies Record<string, Schema>;
