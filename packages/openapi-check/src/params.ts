import { schemaViolations } from "./ajv.js";
import { shortValue } from "./format.js";
import type { ContractSpec } from "./spec.js";
import type { Schema, Violation } from "./types.js";

type Json = { [key: string]: unknown };

function types(schema: Schema | undefined): string[] {
  if (typeof schema !== "object") return [];
  const t = schema.type;
  return Array.isArray(t) ? t.map(String) : typeof t === "string" ? [t] : [];
}

export function isArraySchema(schema: Schema | undefined): boolean {
  return types(schema).includes("array");
}

// Path, query and header values arrive as strings; turn them into the schema's type
// first so `Svc-Retries: 3` passes `type: integer` and `Svc-Retries: abc` does not.
function coerce(value: string | string[], schema: Schema | undefined): unknown {
  const allowed = types(schema);
  if (allowed.includes("array")) {
    const items = (schema as Json).items as Schema | undefined;
    const list = Array.isArray(value) ? value : value === "" ? [] : value.split(",");
    return list.map((v) => coerce(v, items));
  }
  const text = Array.isArray(value) ? (value[0] ?? "") : value;
  if ((allowed.includes("integer") || allowed.includes("number")) && /^\s*-?\d/.test(text)) {
    const n = Number(text.trim());
    if (Number.isFinite(n)) return n;
  }
  if (allowed.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (allowed.includes("null") && text === "null") return null;
  return text;
}

/** "integer >= 0", "one of "a", "b"", "string matching /^x/": what a scalar must be. */
function describe(schema: Schema | undefined): string {
  if (typeof schema !== "object") return "";
  const parts: string[] = [];
  const t = types(schema);
  if (Array.isArray(schema.enum)) {
    parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  } else if ("const" in schema) {
    parts.push(`exactly ${JSON.stringify(schema.const)}`);
  } else if (t.length > 0) {
    parts.push(t.join(" or "));
  }
  const bounds: [string, string][] = [
    ["minimum", ">="],
    ["maximum", "<="],
    ["exclusiveMinimum", ">"],
    ["exclusiveMaximum", "<"],
  ];
  for (const [key, op] of bounds) {
    if (typeof schema[key] === "number") parts.push(`${op} ${schema[key]}`);
  }
  if (typeof schema.minLength === "number") parts.push(`of at least ${schema.minLength} chars`);
  if (typeof schema.maxLength === "number") parts.push(`of at most ${schema.maxLength} chars`);
  if (typeof schema.pattern === "string") parts.push(`matching /${schema.pattern}/`);
  if (typeof schema.format === "string") parts.push(`in format ${schema.format}`);
  const [kind, ...rules] = parts;
  return [kind, rules.join(" and ")].filter((p) => p !== undefined && p !== "").join(" ");
}

/** Validates one parameter value; a scalar failure reads "must be integer >= 0 (got "abc")". */
export function paramViolations(
  spec: ContractSpec,
  where: string,
  raw: string | string[],
  schema: Schema | undefined,
): Violation[] {
  if (schema === undefined) return [];
  const value = coerce(raw, schema);
  const found = schemaViolations(spec.schemas, schema, value, where);
  if (found.length === 0) return found;
  const what = describe(schema);
  if (what === "" || Array.isArray(value)) return found;
  return [{ where, message: `must be ${what} (got ${shortValue(raw)})` }];
}
