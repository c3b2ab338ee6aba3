import type { Schema } from "./schema";

// A value against its schema at the schema's own level: its type, enum, bounds and pattern,
// not what it holds. The walk (walk.ts) asks this at every step; a client's check of one
// header value asks only this, so it bundles no walk.

/** The type of a JSON value as a finding names it: `integer` for a safe whole number. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isSafeInteger(value) ? "integer" : "number";
  return typeof value;
}

/** How a value misses a schema (not `anyOf`) at its own level, if it does. */
export function missOf(schema: Schema, value: unknown): "type" | "enum" | "bound" | undefined {
  if (schema.enum !== undefined) return schema.enum.includes(value as string) ? undefined : "enum";
  if (!fitsType(schema, value)) return "type";
  return fitsBounds(schema, value) ? undefined : "bound";
}

/** Whether `value` has the type of `schema`, its contents and bounds unchecked. */
export function fitsType(schema: Schema, value: unknown): boolean {
  if (schema.anyOf !== undefined) return schema.anyOf.some((item) => fitsType(item, value));
  if (schema.enum !== undefined) return schema.enum.some((item) => typeOf(item) === typeOf(value));
  switch (schema.type) {
    case undefined:
      return true;
    case "number":
      return Number.isFinite(value);
    case "integer":
      return Number.isSafeInteger(value);
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return typeof value === schema.type;
  }
}

/** Whether a string, number or array is within its schema's bounds and pattern. */
function fitsBounds(schema: Schema, value: unknown): boolean {
  const { minimum = -Infinity, maximum = Infinity, minItems = 0, maxItems = Infinity } = schema;
  if (typeof value === "number") return value >= minimum && value <= maximum;
  if (Array.isArray(value)) return value.length >= minItems && value.length <= maxItems;
  if (typeof value !== "string") return true;
  const { minLength = 0, maxLength = Infinity, pattern } = schema;
  if (value.length < minLength || value.length > maxLength) return false;
  return pattern === undefined || patternOf(pattern).test(value);
}

/** Each pattern compiled once: a header's schema is read on every call. */
const PATTERNS = new Map<string, RegExp>();

/** The spec's pattern: an ECMA-262 expression matched anywhere, with Unicode semantics. */
function patternOf(pattern: string): RegExp {
  let compiled = PATTERNS.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(pattern, "u");
    PATTERNS.set(pattern, compiled);
  }
  return compiled;
}
