import type { BodySchema } from "./rule-types";

// The check of an answer's body against its compact schema (rule-types.ts): a walk of
// the parsed JSON beside the schema, which builds nothing while the body fits. Where it
// does not fit, a drift says where (a JSON pointer), what the spec expected and what type
// came: never the value itself, and never a property name the spec does not declare (such
// a name is data, like a namespace in `info`), which the pointer writes as `*`.

/** One place where a body does not fit its schema. */
export interface BodyDrift {
  /** JSON pointer of the place, such as `/result/0/score`; `""` for the whole body. */
  pointer: string;
  /** The pointer with each array index as `*`: the place in the schema, whatever the element. */
  location: string;
  /** What the spec expects there, such as `number` or `one of "DENSE", "SPARSE"`. */
  expected: string;
  /** The type that came (`string`, `null`, `missing`, ...), never the value. */
  got: string;
}

/** A step of a pointer: a declared property, an array index, or a property the spec does not name. */
type Segment = string | number | typeof UNNAMED;
const UNNAMED = Symbol("a property the spec does not name");

/** Every place where `value` does not fit `schema`; empty when it fits. */
export function checkBody(schema: BodySchema, value: unknown): BodyDrift[] {
  const drifts: BodyDrift[] = [];
  checkValue(schema, value, [], drifts);
  return drifts;
}

/** The type of a JSON value as a drift names it: `integer` for a whole number. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** What a schema expects, in words: `string`, `object or null`, `one of "A", "B"`. */
export function describe(schema: BodySchema | undefined): string {
  if (schema === undefined || "any" in schema) return "any value";
  if ("enum" in schema)
    return `one of ${schema.enum.map((item) => JSON.stringify(item)).join(", ")}`;
  if ("anyOf" in schema) return schema.anyOf.map(describe).join(" or ");
  return schema.type;
}

function checkValue(schema: BodySchema, value: unknown, path: Segment[], out: BodyDrift[]): void {
  if ("any" in schema) return;
  if ("enum" in schema) {
    if (!schema.enum.includes(value as string)) {
      const sameType = schema.enum.some((item) => typeOf(item) === typeOf(value));
      out.push(
        driftAt(path, describe(schema), sameType ? `another ${typeOf(value)}` : typeOf(value)),
      );
    }
    return;
  }
  if ("anyOf" in schema) {
    checkAlternatives(schema.anyOf, value, path, out);
    return;
  }
  if (!fitsType(schema, value)) {
    out.push(driftAt(path, schema.type, typeOf(value)));
    return;
  }
  if (schema.type === "array" && schema.items) {
    const items = value as unknown[];
    for (let index = 0; index < items.length; index++) {
      path.push(index);
      checkValue(schema.items, items[index], path, out);
      path.pop();
    }
  } else if (schema.type === "object") {
    checkObject(schema, value as Record<string, unknown>, path, out);
  }
}

type ObjectSchema = Extract<BodySchema, { type: "object" }>;

function checkObject(
  schema: ObjectSchema,
  value: Record<string, unknown>,
  path: Segment[],
  out: BodyDrift[],
): void {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(value, name)) {
      path.push(name);
      out.push(driftAt(path, `${describe(properties[name])}, required`, "missing"));
      path.pop();
    }
  }
  let undeclared = 0;
  for (const name in value) {
    const declared = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (declared) {
      path.push(name);
      checkValue(declared, value[name], path, out);
      path.pop();
    } else if (schema.additional === false) {
      undeclared++;
    } else if (schema.additional) {
      path.push(UNNAMED);
      checkValue(schema.additional, value[name], path, out);
      path.pop();
    }
  }
  if (undeclared > 0) {
    const names = Object.keys(properties).join(", ");
    const other = undeclared === 1 ? "1 other property" : `${undeclared} other properties`;
    out.push(driftAt(path, `no property but ${names}`, other));
  }
}

/**
 * `anyOf` (and `oneOf`, which the generator writes as `anyOf`): fine when one alternative
 * fits. When none does, the drifts of the alternative of the value's type that comes
 * closest (fewest drifts) are the ones reported, as they say what to fix; with none of its
 * type, the value's type is the drift.
 */
function checkAlternatives(
  alternatives: readonly BodySchema[],
  value: unknown,
  path: Segment[],
  out: BodyDrift[],
): void {
  let closest: BodyDrift[] | undefined;
  for (const alternative of alternatives) {
    if (!fitsType(alternative, value)) continue;
    const drifts: BodyDrift[] = [];
    checkValue(alternative, value, path, drifts);
    if (drifts.length === 0) return;
    if (closest === undefined || drifts.length < closest.length) closest = drifts;
  }
  if (closest) out.push(...closest);
  else out.push(driftAt(path, alternatives.map(describe).join(" or "), typeOf(value)));
}

/** Whether `value` has the type of `schema` (its contents unchecked). */
function fitsType(schema: BodySchema, value: unknown): boolean {
  if ("any" in schema) return true;
  if ("enum" in schema) return schema.enum.some((item) => typeOf(item) === typeOf(value));
  if ("anyOf" in schema) return schema.anyOf.some((alternative) => fitsType(alternative, value));
  switch (schema.type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

function driftAt(path: readonly Segment[], expected: string, got: string): BodyDrift {
  let pointer = "";
  let location = "";
  for (const segment of path) {
    const step = segment === UNNAMED ? "*" : escapeStep(String(segment));
    pointer += `/${step}`;
    location += typeof segment === "number" ? "/*" : `/${step}`;
  }
  return { pointer, location, expected, got };
}

/** A pointer step as RFC 6901 writes it: `~` as `~0`, `/` as `~1`. */
function escapeStep(step: string): string {
  return step.replaceAll("~", "~0").replaceAll("/", "~1");
}
