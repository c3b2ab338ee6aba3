// The facts of a spec that the clients check at run time beside the request bodies' schemas
// (which are in `schemas.ts`, see schemas.mjs): the header parameters' schemas, each request
// body's media types and the values of the server variables. Read from the spec's bundled
// form; written as `src/generated/requests.ts` beside the generated types.
import { createCompactor } from "./schemas.mjs";

/** The tables of one bundled spec, each left out when the spec has none. */
export function requestRules(bundle) {
  const { requestBodies = {}, parameters = {}, schemas = {} } = bundle.components ?? {};
  const { compact, resolve } = createCompactor(schemas);
  const tables = {};
  // Only the bodies an operation takes (by reference, or as a copy of the component): a
  // webhook's body is sent by the service, not to it.
  const taken = new Set();
  for (const item of Object.values(bundle.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const body = operation?.requestBody;
      if (body !== undefined) taken.add(body.$ref?.split("/").at(-1) ?? JSON.stringify(body));
    }
  }
  const mediaTypes = {};
  for (const [name, body] of Object.entries(requestBodies)) {
    if (taken.has(name) || taken.has(JSON.stringify(body))) {
      mediaTypes[name] = Object.keys(body.content ?? {});
    }
  }
  const headers = {};
  for (const parameter of Object.values(parameters)) {
    const schema = compact(resolve(parameter.schema ?? {}));
    // A header is a string whatever its schema says: only a rule beyond that is worth a line.
    const checked = Object.keys(schema).some((key) => key !== "type") || schema.type !== "string";
    if (parameter.in === "header" && checked) headers[parameter.name] = schema;
  }
  const variables = {};
  for (const server of bundle.servers ?? []) {
    for (const [name, variable] of Object.entries(server.variables ?? {})) {
      if (Array.isArray(variable.enum)) variables[name] = variable.enum;
    }
  }
  if (Object.keys(headers).length > 0) tables.headerParameters = headers;
  tables.mediaTypes = mediaTypes;
  if (Object.keys(variables).length > 0) tables.serverVariables = variables;
  return tables;
}

const DOCS = {
  headerParameters:
    "The header parameters of the spec's components with a rule beyond being a string, by name.",
  mediaTypes:
    "The media types of each request body an operation takes, by its name under components.",
  serverVariables: "The values each server variable of the spec may take, by variable name.",
};

const TYPED = {
  headerParameters: "Record<string, Schema>",
  mediaTypes: "Record<string, readonly string[]>",
  serverVariables: "Record<string, readonly string[]>",
};

/**
 * The type TypeScript gives `value` (JSON) written `as const`: readonly tuples and objects of
 * literals. Each table is annotated with it, so its declaration can be written from the
 * module alone (the packages build with `isolatedDeclarations`) and the clients still see
 * the spec's keys and values (e.g. a region's union).
 */
export function constType(value, indent = "") {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== "object")) {
      return `readonly [${value.map((item) => JSON.stringify(item)).join(", ")}]`;
    }
    const items = value.map((item) => `${inner}${constType(item, inner)}`);
    return `readonly [\n${items.join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const fields = entries.map(
      ([key, field]) => `${inner}readonly ${propertyName(key)}: ${constType(field, inner)};`,
    );
    return `{\n${fields.join("\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** A property name as TypeScript prints it: bare when it is an identifier, else quoted. */
function propertyName(key) {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

/** The module text of the tables, after `header`. */
export function requestRulesModule(header, bundle) {
  const tables = requestRules(bundle);
  const parts = [header];
  if ("headerParameters" in tables) parts.push(`import type { Schema } from "@x/core/internal";\n`);
  for (const [name, table] of Object.entries(tables)) {
    const json = JSON.stringify(table, null, 2);
    parts.push(
      `/** ${DOCS[name]} */\nexport const ${name}: ${constType(table)} = ${json} as const satisfies ${TYPED[name]};\n`,
    );
  }
  return parts.join("\n");
}
