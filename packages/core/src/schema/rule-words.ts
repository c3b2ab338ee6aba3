import type { Schema } from "./schema";
import type { Finding } from "./walk";

// What a finding of the walk means, in words: as a client's ValidationError says it
// (`must be a positive integer`) and as the spec guard reports it (`expected integer`).

/** What a schema's type expects, in words: `string`, `object or null`, `one of "A", "B"`. */
export function describe(schema: Schema): string {
  if (schema.anyOf !== undefined) {
    return [...new Set(schema.anyOf.map(describe))].join(" or ");
  }
  if (schema.enum !== undefined) {
    return `one of ${schema.enum.map((item) => JSON.stringify(item)).join(", ")}`;
  }
  return schema.type ?? "any value";
}

/** The required sets of an object, in words: `vector, or sparseVector`. */
function choices(sets: readonly (readonly string[])[]): string {
  return sets.map((set) => set.join(" and ")).join(", or ");
}

/** What a client says of a finding, after the field's name: `must be a string`. */
export function ruleOf(finding: Finding): string {
  const { kind, schema, value, sets = [] } = finding;
  if (kind === "missing") return sets.length > 1 ? `give ${choices(sets)}` : "is required";
  if (kind === "depth") return "is nested too deep";
  if (schema.enum !== undefined) return `must be ${schema.enum.join(" or ")}`;
  switch (schema.type) {
    case "integer":
    case "number":
      return `must be ${numberPhrase(schema)}`;
    case "string":
      return typeof value === "string" ? stringRule(schema, value) : "must be a string";
    case "array":
      return Array.isArray(value) ? itemsRule(schema, value) : "must be an array";
    case "object":
      return "must be an object";
    case "boolean":
      return "must be a boolean";
    default:
      return `must be ${describe(schema)}`;
  }
}

/** An integer or a finite number within its bounds, in one phrase: `a positive integer`. */
function numberPhrase(schema: Schema): string {
  const { type, minimum, maximum } = schema;
  let phrase = type === "integer" ? "an integer" : "a finite number";
  if (type === "integer" && minimum === 1) phrase = "a positive integer";
  else if (type === "integer" && minimum === 0) phrase = "a non-negative integer";
  else if (minimum !== undefined) phrase += ` of at least ${minimum}`;
  return maximum === undefined ? phrase : `${phrase}, at most ${maximum}`;
}

function stringRule(schema: Schema, value: string): string {
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY, pattern } = schema;
  if (minLength === 1 && value === "") return "must be a non-empty string";
  if (value.length < minLength) return `must be at least ${minLength} characters long`;
  if (value.length > maxLength) return `must be at most ${maxLength} characters long`;
  return `must match ${pattern}`;
}

function itemsRule(schema: Schema, value: unknown[]): string {
  const { minItems = 0, maxItems } = schema;
  if (value.length < minItems) return `must hold at least ${minItems} items`;
  return `must hold at most ${maxItems} items`;
}

/** What the spec guard says was expected at a finding: `number`, `string, required`. */
export function expectedOf(finding: Finding): string {
  const { kind, schema, sets = [] } = finding;
  if (kind === "missing") {
    return sets.length > 1 ? choices(sets) : `${describe(schema)}, required`;
  }
  if (kind === "other") return `no property but ${Object.keys(schema.properties ?? {}).join(", ")}`;
  if (kind === "depth") return "a value nested less deep";
  // A bound or pattern reads as the client says it, without its "must".
  if (kind === "bound") return ruleOf(finding).replace(/^must (be )?/, "");
  return describe(schema);
}
