// The facts of a spec that the clients check at run time, read from its bundled,
// dereferenced form: each JSON request body's (of an operation) (types, enums, bounds,
// patterns, required keys, whether other keys are refused), the header parameters, each request body's media types
// and the enums of the server variables. Written as `src/generated/requests.ts` beside the
// generated types; the shape is core's `SpecRule` (packages/core/src/spec-rules.ts).

/** The bounds a rule carries over from a schema as they are. */
const BOUNDS = ["minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"];
const TYPES = new Set(["string", "integer", "number", "boolean", "array", "object"]);

/** The rule of one value: only what a client can check without a schema validator. */
function ruleOf(schema) {
  const rule = {};
  if (TYPES.has(schema.type)) rule.type = schema.type;
  if (Array.isArray(schema.enum)) rule.enum = schema.enum;
  for (const bound of BOUNDS) if (typeof schema[bound] === "number") rule[bound] = schema[bound];
  if (typeof schema.pattern === "string") rule.pattern = schema.pattern;
  if (schema.type === "array" && schema.items) {
    const items = ruleOf(schema.items);
    if (Object.keys(items).length > 0) rule.items = items;
  }
  if (schema.type === "object" && schema.properties) Object.assign(rule, objectRule([schema]));
  return rule;
}

/**
 * One rule for objects that are alternatives of each other (the branches of an `anyOf` or
 * `oneOf`): every branch's fields, and each branch's required keys as one set.
 */
function objectRule(branches) {
  const fields = {};
  for (const branch of branches) {
    for (const [name, schema] of Object.entries(branch.properties ?? {})) {
      fields[name] ??= ruleOf(schema);
    }
  }
  const rule = { type: "object", fields };
  // A batch repeats the single form's branches: each set of keys is listed once.
  const sets = new Map(branches.map((branch) => [JSON.stringify(branch.required ?? []), branch]));
  const required = [...sets.values()].map((branch) => branch.required ?? []);
  if (required.some((set) => set.length > 0)) rule.required = required;
  if (branches.every((branch) => branch.additionalProperties === false)) rule.closed = true;
  return rule;
}

/** The object schemas a body can be: through `anyOf`/`oneOf`, and inside a batch's array. */
function objectBranches(schema) {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(objectBranches);
  if (schema.type === "array" && schema.items) return objectBranches(schema.items);
  return schema.type === "object" && schema.properties ? [schema] : [];
}

/** The tables of one bundled spec, each left out when the spec has none. */
export function requestRules(bundle) {
  const { requestBodies = {}, parameters = {} } = bundle.components ?? {};
  const tables = {};
  const bodies = {};
  const mediaTypes = {};
  // Only the bodies an operation takes: a webhook's body is sent by the service, not to it.
  const taken = new Set();
  for (const item of Object.values(bundle.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation?.requestBody) taken.add(JSON.stringify(operation.requestBody));
    }
  }
  for (const [name, body] of Object.entries(requestBodies)) {
    if (!taken.has(JSON.stringify(body))) continue;
    mediaTypes[name] = Object.keys(body.content ?? {});
    const schema = body.content?.["application/json"]?.schema;
    const branches = schema ? objectBranches(schema) : [];
    if (branches.length > 0) bodies[name] = objectRule(branches);
  }
  const headers = {};
  for (const parameter of Object.values(parameters)) {
    const rule = ruleOf(parameter.schema ?? {});
    // A header is a string whatever its schema says: only a rule beyond that is worth a line.
    const checked = Object.keys(rule).some((key) => key !== "type") || rule.type !== "string";
    if (parameter.in === "header" && checked) headers[parameter.name] = rule;
  }
  const variables = {};
  for (const server of bundle.servers ?? []) {
    for (const [name, variable] of Object.entries(server.variables ?? {})) {
      if (Array.isArray(variable.enum)) variables[name] = variable.enum;
    }
  }
  if (Object.keys(bodies).length > 0) tables.requestBodies = bodies;
  if (Object.keys(headers).length > 0) tables.headerParameters = headers;
  tables.mediaTypes = mediaTypes;
  if (Object.keys(variables).length > 0) tables.serverVariables = variables;
  return tables;
}

const DOCS = {
  requestBodies:
    "Each JSON request body an operation of the spec takes, by its name under components: its fields and their rules.",
  headerParameters:
    "The header parameters of the spec's components with a rule beyond being a string, by name.",
  mediaTypes:
    "The media types of each request body an operation takes, by its name under components.",
  serverVariables: "The values each server variable of the spec may take, by variable name.",
};

const TYPED = {
  requestBodies: "Record<string, SpecRule>",
  headerParameters: "Record<string, SpecRule>",
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
  const needsRule = "requestBodies" in tables || "headerParameters" in tables;
  const parts = [header];
  if (needsRule) parts.push(`import type { SpecRule } from "@x/core/internal";\n`);
  for (const [name, table] of Object.entries(tables)) {
    const json = JSON.stringify(table, null, 2);
    parts.push(
      `/** ${DOCS[name]} */\nexport const ${name}: ${constType(table)} = ${json} as const satisfies ${TYPED[name]};\n`,
    );
  }
  return parts.join("\n");
}
