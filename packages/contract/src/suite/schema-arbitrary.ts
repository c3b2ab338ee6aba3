import type { Schema } from "@x/openapi-check";
import fc from "fast-check";

type Json = { [keyword: string]: unknown };

export interface SampleOptions {
  /** Only required properties, arrays at their minimum length: the least a response may hold. */
  minimal?: boolean;
}

/**
 * Values a JSON Schema (the subset our specs use: type, enum, const, properties,
 * required, additionalProperties, items, minItems, maxItems, minimum, maximum,
 * minLength, anyOf, oneOf, allOf) accepts. Numbers avoid -0 and non-finite values, so a
 * JSON round trip gives the same value back.
 */
export function arbitraryFor(schema: Schema, options: SampleOptions = {}): fc.Arbitrary<unknown> {
  if (schema === true) return anyJson();
  if (schema === false) throw new Error("a schema of false accepts nothing");
  const s = schema as Json;
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.allOf)) return arbitraryFor(mergeAll(s), options);
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) {
      return fc.oneof(...branches.map((b) => arbitraryFor(withSiblings(s, key, b), options)));
    }
  }
  const type = s.type;
  if (Array.isArray(type)) {
    return fc.oneof(...type.map((t) => arbitraryFor({ ...s, type: t }, options)));
  }
  switch (type) {
    case "object":
      return objectOf(s, options);
    case "array": {
      const min = Number(s.minItems ?? 0);
      const items = arbitraryFor((s.items ?? true) as Schema, options);
      const max = Math.max(min, Math.min(Number(s.maxItems ?? min + 3), min + 3));
      return fc.array(items, { minLength: min, maxLength: options.minimal ? min : max });
    }
    case "string":
      return fc.string({ minLength: Number(s.minLength ?? 0), maxLength: 12 });
    case "integer":
      return fc.integer({
        min: typeof s.minimum === "number" ? s.minimum : -1_000_000,
        max: typeof s.maximum === "number" ? s.maximum : 1_000_000_000_000,
      });
    case "number":
      return fc
        .double({
          min: typeof s.minimum === "number" ? s.minimum : -1e9,
          max: typeof s.maximum === "number" ? s.maximum : 1e9,
          noNaN: true,
          noDefaultInfinity: true,
        })
        .map((n) => (n === 0 ? 0 : n));
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      // No type: the properties, if any, say it is an object.
      return s.properties ? objectOf(s, options) : anyJson();
  }
}

function objectOf(s: Json, options: SampleOptions): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (names.length === 0 && !options.minimal) {
    // A map (metadata, namespaces): keys are data, values follow additionalProperties.
    const values =
      s.additionalProperties === undefined || s.additionalProperties === true
        ? anyJson()
        : arbitraryFor(s.additionalProperties as Schema, options);
    return fc.dictionary(fc.string({ maxLength: 8 }), values, { maxKeys: 3 });
  }
  const kept = options.minimal ? names.filter((n) => required.has(n)) : names;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of kept) model[name] = arbitraryFor(properties[name] as Schema, options);
  // A required name with no property schema still has to be present.
  for (const name of required) model[name] ??= anyJson();
  return fc.record(model, { requiredKeys: [...required].filter((n) => n in model) });
}

// `{ type: object, anyOf: [...] }`: each branch also carries what sits beside anyOf.
function withSiblings(s: Json, key: string, branch: unknown): Schema {
  const { [key]: _, description: __, ...rest } = s;
  return Object.keys(rest).length === 0 ? (branch as Schema) : mergeAll({ allOf: [rest, branch] });
}

/** allOf of object schemas as one schema: properties and required lists united. */
function mergeAll(s: Json): Json {
  const { allOf, ...rest } = s;
  const merged: Json = { ...rest };
  const properties: Record<string, unknown> = { ...((rest.properties ?? {}) as Json) };
  const required = new Set((rest.required ?? []) as string[]);
  for (const part of allOf as Json[]) {
    const flat = Array.isArray(part.allOf) ? mergeAll(part) : part;
    Object.assign(properties, flat.properties ?? {});
    for (const r of (flat.required ?? []) as string[]) required.add(r);
    if (flat.type !== undefined) merged.type = flat.type;
    if (flat.additionalProperties !== undefined) {
      merged.additionalProperties = flat.additionalProperties;
    }
  }
  merged.properties = properties;
  merged.required = [...required];
  return merged;
}

function anyJson(): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)));
}
