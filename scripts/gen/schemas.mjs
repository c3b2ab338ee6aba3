// The spec's schemas in the one form core's checker walks (packages/core/src/schema/
// schema.ts), read from the spec's bundled form with its `$ref`s kept: each component schema
// becomes one exported const, which other schemas and the tables refer to by name, so no
// schema is written twice. The clients' request checks import the consts of their own
// operations' bodies; the guard's table (response-rules.mjs) imports those of the answers.

const SCALARS = new Set(["string", "number", "integer", "boolean", "null"]);
const BOUNDS = ["minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"];
const SCHEMA_REF = "#/components/schemas/";

/** A reference to a component schema, written as the name of its const. */
export class Ref {
  constructor(name) {
    this.name = name;
  }
}

/** The const a component schema is written as: `QueryRequest` -> `QueryRequestSchema`. */
export function constName(component) {
  return `${component}Schema`;
}

/** The compacting of one spec's schemas, whose component schemas are `components`, by name. */
class Compactor {
  constructor(components) {
    this.components = components;
  }

  /** The schema a `$ref` points at, followed through refs to refs. */
  resolve(schema) {
    let current = schema;
    while (current?.$ref !== undefined) current = this.components[refName(current.$ref)];
    return current;
  }

  /** The schemas of an `allOf` as one: every branch's properties and required keys. */
  merged(schema) {
    const { allOf, ...rest } = schema;
    const branches = allOf.map((branch) => {
      const resolved = this.resolve(branch);
      return resolved.allOf ? this.merged(resolved) : resolved;
    });
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
   * Alternatives that are all objects, alike but for which keys they require and declare
   * (a query gives `vector` or `sparseVector`; a fetch `ids` or `prefix`), as one object:
   * every branch's properties, and each branch's required keys as one set. Undefined when
   * they are not. For a fetch, this object also takes `ids` and `prefix` together, which
   * the client refuses by hand with a message of its own.
   */
  mergedObjects(alternatives) {
    const branches = alternatives.map((branch) => this.resolve(branch));
    const objects = branches.every((b) => b?.type === "object" && !b.anyOf && !b.oneOf);
    if (!objects) return undefined;
    const closed = branches.map((branch) => branch.additionalProperties === false);
    if (closed.some((one) => one !== closed[0])) return undefined;
    const properties = {};
    for (const branch of branches) {
      for (const [name, property] of Object.entries(branch.properties ?? {})) {
        const known = properties[name];
        if (known !== undefined && JSON.stringify(known) !== JSON.stringify(property)) {
          return undefined;
        }
        properties[name] = property;
      }
    }
    const sets = new Map(branches.map((b) => [JSON.stringify(b.required ?? []), b.required]));
    const rule = { type: "object", properties: this.compactProperties(properties) };
    const required = [...sets.values()].map((set) => set ?? []);
    if (required.some((set) => set.length > 0)) rule.required = required;
    if (closed[0]) rule.additional = false;
    return rule;
  }

  compactProperties(properties) {
    return Object.fromEntries(Object.entries(properties).map(([n, s]) => [n, this.compact(s)]));
  }

  /** The compact form of a JSON Schema (the subset the specs use). */
  compact(schema) {
    if (schema === true || schema === undefined) return {};
    if (typeof schema.$ref === "string" && schema.$ref.startsWith(SCHEMA_REF)) {
      return new Ref(refName(schema.$ref));
    }
    if (schema.allOf) return this.compact(this.merged(schema));
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) {
      const { anyOf: _a, oneOf: _o, ...siblings } = schema;
      const branches = alternatives.map((branch) => ({ ...siblings, ...branch }));
      return (
        this.mergedObjects(branches) ?? { anyOf: branches.map((branch) => this.compact(branch)) }
      );
    }
    if (schema.nullable === true) {
      const { nullable: _, ...rest } = schema;
      return { anyOf: [this.compact(rest), { type: "null" }] };
    }
    if ("const" in schema) return { enum: [schema.const] };
    if (Array.isArray(schema.enum)) return { enum: schema.enum };
    if (Array.isArray(schema.type)) {
      return { anyOf: schema.type.map((type) => this.compact({ ...schema, type })) };
    }
    return this.typed(schema);
  }

  /** A schema of one type, with its bounds, pattern, items or properties. */
  typed(schema) {
    const type = schema.type ?? (schema.properties ? "object" : undefined);
    if (!SCALARS.has(type) && type !== "array" && type !== "object") return {};
    const rule = { type };
    for (const bound of BOUNDS) if (typeof schema[bound] === "number") rule[bound] = schema[bound];
    if (typeof schema.pattern === "string") rule.pattern = schema.pattern;
    if (type === "array" && schema.items !== undefined) {
      const items = this.compact(schema.items);
      if (items instanceof Ref || Object.keys(items).length > 0) rule.items = items;
    }
    if (type !== "object") return rule;
    if (schema.properties) rule.properties = this.compactProperties(schema.properties);
    if (Array.isArray(schema.required) && schema.required.length > 0) {
      rule.required = [schema.required];
    }
    const other = schema.additionalProperties;
    if (other === false) rule.additional = false;
    else if (other !== undefined && other !== true) {
      const additional = this.compact(other);
      if (additional instanceof Ref || Object.keys(additional).length > 0) {
        rule.additional = additional;
      }
    }
    return rule;
  }
}

/** The compacting of one spec's schemas: `compact` a schema, `resolve` a `$ref`. */
export function createCompactor(components) {
  const compactor = new Compactor(components);
  return {
    compact: (schema) => compactor.compact(schema),
    resolve: (schema) => compactor.resolve(schema),
  };
}

function refName(ref) {
  if (!ref.startsWith(SCHEMA_REF)) throw new Error(`gen: a $ref gen does not follow: ${ref}`);
  return ref.slice(SCHEMA_REF.length);
}

/** The component names `value` (compacted) refers to. */
function refsOf(value, found = new Set()) {
  if (value instanceof Ref) found.add(value.name);
  else if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) refsOf(item, found);
  }
  return found;
}

/** The component schemas compacted, each after those it refers to (a const needs them first). */
export function compactComponents(components) {
  const { compact } = createCompactor(components);
  const compacted = new Map(Object.entries(components).map(([n, s]) => [n, compact(s)]));
  const ordered = new Map();
  const visiting = new Set();
  function place(name) {
    if (ordered.has(name)) return;
    if (visiting.has(name)) throw new Error(`gen: schema ${name} refers to itself`);
    visiting.add(name);
    for (const ref of refsOf(compacted.get(name))) place(ref);
    visiting.delete(name);
    ordered.set(name, compacted.get(name));
  }
  for (const name of compacted.keys()) place(name);
  return ordered;
}

/**
 * `value` as TypeScript source: JSON, with each Ref written as its const's name, which is
 * added to `used` when given.
 */
export function toSource(value, indent = "", used = new Set()) {
  if (value instanceof Ref) {
    used.add(constName(value.name));
    return constName(value.name);
  }
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== "object")) {
      return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
    }
    return `[\n${value.map((item) => inner + toSource(item, inner, used)).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  const fields = entries.map(
    ([key, field]) => `${inner}${JSON.stringify(key)}: ${toSource(field, inner, used)}`,
  );
  return `{\n${fields.join(",\n")}\n${indent}}`;
}

/** The module of every component schema of `bundle`, after `header`. */
export function schemasModule(header, bundle) {
  const parts = [header, `import type { Schema } from "@x/core/internal";\n`];
  for (const [name, schema] of compactComponents(bundle.components?.schemas ?? {})) {
    parts.push(
      `/** The spec's \`${name}\` schema. */\nexport const ${constName(name)}: Schema = ${toSource(schema)};\n`,
    );
  }
  return parts.join("\n");
}
