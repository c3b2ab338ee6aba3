// What a spec declares for the answers of each operation, read from its bundled,
// dereferenced form: per operation and status, the media types, the response headers it
// marks required, and a compact schema of the JSON body. Written as
// `src/generated/responses.ts`, which only the client's `/guard` entry point imports (so a
// client bundle without the guard carries none of it); the shape is core's `ResponseRules`
// (packages/core/src/guard/rule-types.ts).

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const SCALARS = new Set(["string", "number", "integer", "boolean", "null"]);

/** Whether a media type is JSON: `application/json` or a `+json` type. */
function isJson(type) {
  const media = type.split(";")[0].trim().toLowerCase();
  return media === "application/json" || media.endsWith("+json");
}

/** The schemas of an `allOf` as one: every branch's properties and required keys. */
function merged(schema) {
  const { allOf, ...rest } = schema;
  const branches = allOf.map((branch) => (branch.allOf ? merged(branch) : branch));
  const result = { ...rest, type: rest.type ?? "object", properties: { ...rest.properties } };
  const required = new Set(rest.required ?? []);
  for (const branch of branches) {
    Object.assign(result.properties, branch.properties);
    for (const key of branch.required ?? []) required.add(key);
  }
  if (required.size > 0) result.required = [...required];
  // Closed only when every branch is: one closed branch alone would refuse the others' fields.
  const closed = [rest, ...branches].every((part) => part.additionalProperties === false);
  if (closed) result.additionalProperties = false;
  else delete result.additionalProperties;
  return result;
}

/**
 * The compact form of a JSON Schema (the subset the specs use): its type or enum, an
 * array's items, an object's properties, required keys and other properties, and its
 * alternatives. `oneOf` is written as `anyOf`: the guard asks that one alternative fits.
 */
export function compactSchema(schema) {
  if (schema === true || schema === undefined) return { any: true };
  if (schema.allOf) return compactSchema(merged(schema));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...siblings } = schema;
    return { anyOf: alternatives.map((branch) => compactSchema({ ...siblings, ...branch })) };
  }
  if (schema.nullable === true) {
    const { nullable: _, ...rest } = schema;
    return { anyOf: [compactSchema(rest), { type: "null" }] };
  }
  if ("const" in schema) return { enum: [schema.const] };
  if (Array.isArray(schema.enum)) return { enum: schema.enum };
  if (Array.isArray(schema.type)) {
    return { anyOf: schema.type.map((type) => compactSchema({ ...schema, type })) };
  }
  const type = schema.type ?? (schema.properties ? "object" : undefined);
  if (SCALARS.has(type)) return { type };
  if (type === "array") {
    const items = compactSchema(schema.items);
    return "any" in items ? { type } : { type, items };
  }
  if (type === "object") return compactObject(schema);
  return { any: true };
}

function compactObject(schema) {
  const rule = { type: "object" };
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length > 0) {
    rule.properties = Object.fromEntries(properties.map(([name, s]) => [name, compactSchema(s)]));
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) {
    rule.required = schema.required;
  }
  const other = schema.additionalProperties;
  if (other === false) rule.additional = false;
  else if (other !== undefined && other !== true) {
    const additional = compactSchema(other);
    if (!("any" in additional)) rule.additional = additional;
  }
  return rule;
}

/** What one status of an operation declares. */
function statusRules(response) {
  const content = response.content ?? {};
  const rules = { contentTypes: Object.keys(content).map((type) => type.toLowerCase()) };
  rules.headers = Object.entries(response.headers ?? {})
    .filter(([, header]) => header.required === true)
    .map(([name]) => name.toLowerCase());
  const json = Object.keys(content).find(isJson);
  if (json !== undefined) rules.body = compactSchema(content[json].schema);
  return rules;
}

/** The table of one bundled spec: by path template, then by method in upper case. */
export function responseRules(bundle) {
  const table = {};
  for (const [path, item] of Object.entries(bundle.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation?.responses === undefined) continue;
      const responses = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        responses[status] = statusRules(response);
      }
      table[path] ??= {};
      table[path][method.toUpperCase()] = {
        operation: `${method.toUpperCase()} ${path}`,
        responses,
      };
    }
  }
  return table;
}

/** The module text of the table, after `header`. */
export function responseRulesModule(header, bundle) {
  const json = JSON.stringify(responseRules(bundle), null, 2);
  return [
    header,
    `import type { ResponseRules } from "@x/core/internal/guard";\n`,
    "/**\n * What the spec declares for the answers of each operation, by path template and method:\n * per status, the media types, the required response headers and a compact schema of the\n * JSON body. Imported only by the `/guard` entry point.\n */",
    `export const responseRules: ResponseRules = ${json};\n`,
  ].join("\n");
}
