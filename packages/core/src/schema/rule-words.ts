import { typeOf } from "./fits";
import type { Schema } from "./schema";
import type { Finding } from "./walk";

// What a finding of the walk means, in words: as a client's ValidationError says it
// (`must be a positive integer`) and as the spec guard reports it (`expected integer`).

/** What a schema's type expects, in words: `string`, `object or null`, `one of "A", "B"`. */
export function describe(schema: Schema): string {
  if (schema.anyOf !== undefined) return [...new Set(schema.anyOf.map(describe))].join(" or ");
  if (schema.enum !== undefined) {
    return `one of ${schema.enum.map((item) => JSON.stringify(item)).join(", ")}`;
  }
  return schema.type ?? "any value";
}

/** A missing key's schema, and the object's required sets in words: `vector, or sparseVector`. */
function missing({ schema, steps }: Finding): { property: Schema; sets: number; choices: string } {
  const sets = schema.required ?? [];
  const property = schema.properties?.[steps.at(-1) as string] ?? {};
  const choices = sets.map((set) => set.join(" and ")).join(", or ");
  return { property, sets: sets.length, choices };
}

/** What a client says of a finding, after the field's name: `must be a string`. */
export function ruleOf(finding: Finding): string {
  const { kind, schema, value } = finding;
  if (kind === "missing") {
    const { sets, choices } = missing(finding);
    return sets > 1 ? `give ${choices}` : "is required";
  }
  if (kind === "depth") return "is nested too deep";
  if (schema.anyOf !== undefined) return `must be ${describe(schema)}`;
  const { type, minItems = 0, maxItems } = schema;
  if (type === "array" && Array.isArray(value)) {
    if (value.length < minItems) return `must hold at least ${minItems} items`;
    return `must hold at most ${maxItems} items`;
  }
  return scalarRule(schema, value);
}

/** What a client says of a value that misses its schema's type, enum or bounds. */
export function scalarRule(schema: Schema, value: unknown): string {
  const { type, minLength = 0, maxLength = Infinity } = schema;
  if (schema.enum !== undefined) return `must be ${schema.enum.join(" or ")}`;
  if (type === "integer" || type === "number") return `must be ${numberPhrase(schema)}`;
  if (type === "string" && typeof value === "string") {
    if (minLength === 1 && value === "") return "must be a non-empty string";
    if (value.length < minLength) return `must be at least ${minLength} characters long`;
    if (value.length > maxLength) return `must be at most ${maxLength} characters long`;
    return `must match ${schema.pattern}`;
  }
  return `must be ${type === "array" || type === "object" ? "an" : "a"} ${type}`;
}

/** An integer or a finite number within its bounds, in one phrase: `a positive integer`. */
function numberPhrase({ type, minimum, maximum }: Schema): string {
  let phrase = type === "integer" ? "an integer" : "a finite number";
  if (type === "integer" && minimum === 1) phrase = "a positive integer";
  else if (type === "integer" && minimum === 0) phrase = "a non-negative integer";
  else if (minimum !== undefined) phrase += ` of at least ${minimum}`;
  return maximum === undefined ? phrase : `${phrase}, at most ${maximum}`;
}

/** What the spec guard says was expected at a finding: `number`, `string, required`. */
export function expectedOf(finding: Finding): string {
  const { kind, schema } = finding;
  if (kind === "missing") {
    const { property, sets, choices } = missing(finding);
    return sets > 1 ? choices : `${describe(property)}, required`;
  }
  if (kind === "other") return `no property but ${Object.keys(schema.properties ?? {}).join(", ")}`;
  if (kind === "depth") return `a value at most ${finding.steps.length - 1} levels deep`;
  // A bound or pattern reads as a client says it, without its "must".
  if (kind === "bound") return ruleOf(finding).replace(/^must (be )?/, "");
  return describe(schema);
}

/** What the guard says came: the type, or `another string` where the type was right. */
export function gotOf({ kind, schema, got }: Finding): string {
  const sameType = schema.enum?.some((item) => typeOf(item) === got);
  return kind === "bound" || (kind === "enum" && sameType) ? `another ${got}` : got;
}
