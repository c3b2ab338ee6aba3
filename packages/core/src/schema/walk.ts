import type { Schema } from "./schema";

// The one walk of a value beside its schema, for the clients' request checks and the spec
// guard's answer checks. It builds nothing while the value fits. Where it does not, a finding
// is kept once per place (the same place in every element of an array is one place) and kind
// of value that came, up to a limit: so its work and memory are linear in the value and its
// findings bounded, whatever an answer holds. A client asks for one finding and stops there.

/** A step of a path: a property the spec names, an array index, or OTHER. */
export type Step = string | number | typeof OTHER;
/** A property the spec does not name: its name is data (a namespace), never shown. */
export const OTHER: unique symbol = Symbol("a property the spec does not name");

/** How a value missed its schema. */
export type FindingKind = "type" | "enum" | "bound" | "missing" | "other" | "depth";

/** One place where a value does not fit its schema. */
export interface Finding {
  /** The path of the first value found there (array indices as they came). */
  readonly steps: readonly Step[];
  readonly kind: FindingKind;
  /** The schema at the place; for `missing`, the missing property's. */
  readonly schema: Schema;
  /** The value there: for `missing`, the object; read for messages, never shown. */
  readonly value: unknown;
  /** The type that came (`string`, `missing`, ...): with the place, what makes it one finding. */
  readonly got: string;
  /** The object's required sets, for `missing`. */
  readonly sets?: readonly (readonly string[])[];
}

/** Deeper than this, a value is not walked: no spec the clients use nests so far. */
export const MAX_DEPTH = 32;

/** The findings of one walk: at most `limit`, once per place and type that came. */
export class Findings {
  readonly list: Finding[] = [];
  /** The fewest steps of any finding: a deeper one says the value matched more. */
  shallowest: number = Number.POSITIVE_INFINITY;
  readonly #keys = new Set<string>();
  constructor(readonly limit: number) {}

  get full(): boolean {
    return this.list.length >= this.limit;
  }

  /**
   * Keeps a finding, unless one of its place and type is kept already. Its parts come one by
   * one, so a finding already kept (each element of a bad array after the first) costs no
   * object.
   */
  add(
    path: readonly Step[],
    kind: FindingKind,
    schema: Schema,
    value: unknown,
    got: string,
    sets?: Finding["sets"],
  ): void {
    if (this.full || this.#sameAsLast(path, kind, got)) return;
    const key = `${placeOf(path)} ${kind} ${got}`;
    if (this.#keys.has(key)) return;
    this.#keys.add(key);
    const steps = [...path];
    this.list.push(
      sets === undefined
        ? { steps, kind, schema, value, got }
        : { steps, kind, schema, value, got, sets },
    );
    this.shallowest = Math.min(this.shallowest, path.length);
  }

  /** The common case of a bad array, each element like the last, decided without a key. */
  #sameAsLast(path: readonly Step[], kind: FindingKind, got: string): boolean {
    const last = this.list.at(-1);
    if (last?.kind !== kind || last.got !== got || last.steps.length !== path.length) return false;
    for (let i = 0; i < path.length; i++) {
      const step = path[i];
      const before = last.steps[i];
      if (step !== before && (typeof step !== "number" || typeof before !== "number")) return false;
    }
    return true;
  }
}

/** The place of a path, as a JSON pointer with each array index and OTHER as `*`. */
export function placeOf(path: readonly Step[]): string {
  let place = "";
  for (const step of path) {
    place +=
      typeof step === "string" ? `/${step.replaceAll("~", "~0").replaceAll("/", "~1")}` : "/*";
  }
  return place;
}

/** The type of a JSON value as a finding names it: `integer` for a safe whole number. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isSafeInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Walks `value` beside `schema`, into `out`. */
export function walk(schema: Schema, value: unknown, out: Findings): void {
  visit(schema, value, [], out);
}

function visit(schema: Schema, value: unknown, path: Step[], out: Findings): void {
  if (path.length > MAX_DEPTH) {
    out.add(path, "depth", schema, value, typeOf(value));
  } else if (schema.anyOf !== undefined) {
    visitAlternatives(schema, schema.anyOf, value, path, out);
  } else if (schema.enum !== undefined) {
    if (!schema.enum.includes(value as string)) {
      const sameType = schema.enum.some((item) => typeOf(item) === typeOf(value));
      const got = sameType ? `another ${typeOf(value)}` : typeOf(value);
      out.add(path, "enum", schema, value, got);
    }
  } else if (!fitsType(schema, value)) {
    out.add(path, "type", schema, value, typeOf(value));
  } else if (schema.type === "array") {
    visitArray(schema, value as unknown[], path, out);
  } else if (schema.type === "object") {
    visitObject(schema, value as Record<string, unknown>, path, out);
  } else if (!fitsBounds(schema, value)) {
    out.add(path, "bound", schema, value, `another ${typeOf(value)}`);
  }
}

function visitArray(schema: Schema, value: unknown[], path: Step[], out: Findings): void {
  if (!fitsBounds(schema, value)) {
    out.add(path, "bound", schema, value, "another array");
  }
  const { items } = schema;
  if (items === undefined) return;
  // A vector's floats (thousands a call) are skipped over by a loop of their own; only an
  // element that does not fit is walked, and named.
  const numbers = isNumbers(items);
  let index = numbers ? nextMisfit(items, value, 0) : 0;
  while (index < value.length) {
    path.push(index);
    visit(items, value[index], path, out);
    path.pop();
    if (out.full) return;
    index = numbers ? nextMisfit(items, value, index + 1) : index + 1;
  }
}

/** A number or integer schema, without enum or alternatives. */
function isNumbers(schema: Schema): boolean {
  const { type, anyOf, enum: values } = schema;
  return (type === "number" || type === "integer") && anyOf === undefined && values === undefined;
}

/** The index of the first element from `start` that does not fit a number schema. */
function nextMisfit(schema: Schema, items: unknown[], start: number): number {
  const { minimum = -Infinity, maximum = Infinity } = schema;
  const typed = schema.type === "integer" ? Number.isSafeInteger : Number.isFinite;
  for (let index = start; index < items.length; index++) {
    const item = items[index] as number;
    if (!typed(item) || item < minimum || item > maximum) return index;
  }
  return items.length;
}

function visitObject(
  schema: Schema,
  value: Record<string, unknown>,
  path: Step[],
  out: Findings,
): void {
  const properties = schema.properties ?? {};
  const { additional } = schema;
  if (additional !== undefined) {
    let others = 0;
    for (const name in value) {
      if (Object.hasOwn(properties, name) || value[name] === undefined) continue;
      if (additional === false) others++;
      else visitStep(additional, value[name], OTHER, path, out);
    }
    if (others > 0) out.add(path, "other", schema, value, "other properties");
  }
  const sets = schema.required ?? [];
  if (sets.length > 0 && !sets.some((set) => set.every((key) => value[key] !== undefined))) {
    // Each missing key of the one set; of several, the first set's first is enough to say.
    const [first = []] = sets;
    for (const key of first) {
      if (value[key] !== undefined) continue;
      path.push(key);
      out.add(path, "missing", properties[key] ?? {}, value, "missing", sets);
      path.pop();
      if (sets.length > 1) break;
    }
  }
  for (const name in properties) {
    const property = properties[name];
    if (value[name] !== undefined && property) visitStep(property, value[name], name, path, out);
  }
}

function visitStep(schema: Schema, value: unknown, step: Step, path: Step[], out: Findings): void {
  if (out.full) return;
  path.push(step);
  visit(schema, value, path, out);
  path.pop();
}

/**
 * Fits when one alternative fits. When none does, the findings of the alternative that
 * got deepest into the value (then, the fewest) are the ones kept, as they say what to fix;
 * with no alternative of the value's type, the type is the finding.
 */
function visitAlternatives(
  schema: Schema,
  alternatives: readonly Schema[],
  value: unknown,
  path: Step[],
  out: Findings,
): void {
  const typed = alternatives.filter((alternative) => fitsType(alternative, value));
  if (typed.length === 0) {
    out.add(path, "type", schema, value, typeOf(value));
    return;
  }
  // One of the value's type (a nullable field's value): checked as that one, straight into `out`.
  if (typed.length === 1 && typed[0]) {
    visit(typed[0], value, path, out);
    return;
  }
  let closest: Findings | undefined;
  for (const alternative of typed) {
    const trial = new Findings(out.limit);
    visit(alternative, value, path, trial);
    if (trial.list.length === 0) return;
    if (closest === undefined || closer(trial, closest)) closest = trial;
  }
  for (const { steps, kind, schema: at, value: there, got, sets } of closest?.list ?? []) {
    out.add(steps, kind, at, there, got, sets);
  }
}

function closer(a: Findings, b: Findings): boolean {
  if (a.shallowest !== b.shallowest) return a.shallowest > b.shallowest;
  return a.list.length < b.list.length;
}

/** Whether `value` has the type of `schema`, its contents and bounds unchecked. */
export function fitsType(schema: Schema, value: unknown): boolean {
  if (schema.anyOf !== undefined) return schema.anyOf.some((item) => fitsType(item, value));
  if (schema.enum !== undefined) return schema.enum.some((item) => typeOf(item) === typeOf(value));
  switch (schema.type) {
    case undefined:
      return true;
    case "string":
      return typeof value === "string";
    case "number":
      return Number.isFinite(value);
    case "integer":
      return Number.isSafeInteger(value);
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

/** Whether a string, number or array is within its schema's bounds and pattern. */
function fitsBounds(schema: Schema, value: unknown): boolean {
  if (typeof value === "number") {
    const { minimum = -Infinity, maximum = Infinity } = schema;
    return value >= minimum && value <= maximum;
  }
  if (Array.isArray(value)) {
    const { minItems = 0, maxItems = Infinity } = schema;
    return value.length >= minItems && value.length <= maxItems;
  }
  if (typeof value !== "string") return true;
  const { minLength = 0, maxLength = Infinity, pattern } = schema;
  if (value.length < minLength || value.length > maxLength) return false;
  return pattern === undefined || patternOf(pattern).test(value);
}

/** Each pattern compiled once: a header's schema is read on every call. */
const PATTERNS = new Map<string, RegExp>();

/**
 * The spec's pattern as a RegExp. A JSON Schema pattern is an ECMA-262 expression matched
 * anywhere in the string (anchors are written in it), read with Unicode semantics.
 */
function patternOf(pattern: string): RegExp {
  let compiled = PATTERNS.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(pattern, "u");
    PATTERNS.set(pattern, compiled);
  }
  return compiled;
}
