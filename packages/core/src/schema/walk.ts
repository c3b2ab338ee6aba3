import { fitsType, missOf, typeOf } from "./fits";
import type { Schema } from "./schema";

// The one walk of a value beside its schema, for the clients' request checks and the spec
// guard's answer checks. It builds nothing while the value fits. Where it does not, a finding
// is kept once per place (every element of an array is one place) and type that came, up to
// a limit: so its work is linear in the value and what it keeps bounded, whatever an answer
// holds. A client asks for one finding and stops there.

/** A step of a path: a property the spec names, an array index, or OTHER. */
export type Step = string | number | typeof OTHER;
/** A property the spec does not name: its name is data (a namespace), never shown. */
export const OTHER: unique symbol = Symbol("a property the spec does not name");

/** One place where a value does not fit its schema. */
export interface Finding {
  /** The path of the first value found there (array indices as they came). */
  readonly steps: readonly Step[];
  /** `missing`: a required key (the last step) of the object `value` of `schema`. */
  readonly kind: "type" | "enum" | "bound" | "missing" | "other" | "depth";
  readonly schema: Schema;
  /** Read for a client's messages, never shown. */
  readonly value: unknown;
  /** The type that came (`string`, `missing`, ...): with the place, what makes it one finding. */
  readonly got: string;
}

/** Deeper than this, a value is not walked: no spec the clients use nests so far. */
export const MAX_DEPTH = 32;

/** The findings of one walk: at most `limit`, once per place, kind and type that came. */
export class Findings {
  readonly list: Finding[] = [];
  /** By place, the kinds and types found there, in pairs. */
  readonly #places = new Map<string, string[]>();
  /**
   * The place of the last finding, and its path: every element of a bad array has the same
   * one, so a repeated finding is known without naming its place again.
   */
  #at: { path: readonly Step[]; found: string[] } = { path: [], found: [] };
  constructor(readonly limit: number) {}

  get full(): boolean {
    return this.list.length >= this.limit;
  }

  /** Keeps a finding, unless one of its place, kind and type is kept already. */
  add(
    path: readonly Step[],
    kind: Finding["kind"],
    schema: Schema,
    value: unknown,
    got: string,
  ): void {
    if (this.full) return;
    if (!samePlace(path, this.#at.path)) {
      const place = placeOf(path);
      const found = this.#places.get(place) ?? [];
      this.#places.set(place, found);
      this.#at = { path: [...path], found };
    }
    const { found } = this.#at;
    for (let i = 0; i < found.length; i += 2) {
      if (found[i] === kind && found[i + 1] === got) return;
    }
    found.push(kind, got);
    this.list.push({ steps: [...path], kind, schema, value, got });
  }
}

/** Whether two paths are one place: the same steps, any array index for any other. */
function samePlace(a: readonly Step[], b: readonly Step[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && (typeof a[i] !== "number" || typeof b[i] !== "number")) return false;
  }
  return true;
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

/** Walks `value` beside `schema`, into `out`; `path` is where `value` is. */
export function walk(schema: Schema, value: unknown, out: Findings, path: Step[] = []): void {
  if (path.length > MAX_DEPTH) {
    out.add(path, "depth", schema, value, typeOf(value));
  } else if (schema.anyOf !== undefined) {
    walkAlternatives(schema, schema.anyOf, value, out, path);
  } else {
    const miss = missOf(schema, value);
    if (miss !== undefined) out.add(path, miss, schema, value, typeOf(value));
    if (miss === "type" || miss === "enum") return;
    if (schema.items !== undefined && Array.isArray(value)) {
      walkItems(schema.items, value, out, path);
    } else if (schema.type === "object") {
      walkObject(schema, value as Record<string, unknown>, out, path);
    }
  }
}

/** Walks a value one step down `path`, unless `out` is full. */
function walkStep(schema: Schema, value: unknown, step: Step, out: Findings, path: Step[]): void {
  if (out.full) return;
  path.push(step);
  walk(schema, value, out, path);
  path.pop();
}

function walkItems(items: Schema, value: unknown[], out: Findings, path: Step[]): void {
  // A vector's floats (thousands a call) are skipped over by a loop of their own; only an
  // element that does not fit is walked, and named.
  const numbers = (items.type === "number" || items.type === "integer") && !items.enum;
  for (let index = numbers ? nextMisfit(items, value, 0) : 0; index < value.length; ) {
    if (out.full) return;
    walkStep(items, value[index], index, out, path);
    index = numbers ? nextMisfit(items, value, index + 1) : index + 1;
  }
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

function walkObject(schema: Schema, value: Record<string, unknown>, out: Findings, path: Step[]) {
  const { properties = {}, additional, required = [] } = schema;
  if (additional !== undefined) {
    let others = 0;
    for (const name in value) {
      if (Object.hasOwn(properties, name) || value[name] === undefined) continue;
      if (additional === false) others++;
      else walkStep(additional, value[name], OTHER, out, path);
    }
    if (others > 0) out.add(path, "other", schema, value, "other properties");
  }
  if (
    required.length > 0 &&
    !required.some((set) => set.every((key) => value[key] !== undefined))
  ) {
    // Each missing key of the one set; of several, the first set's first one.
    for (const key of required[0]?.filter((key) => value[key] === undefined) ?? []) {
      path.push(key);
      out.add(path, "missing", schema, value, "missing");
      path.pop();
      if (required.length > 1) break;
    }
  }
  for (const name in properties) {
    const property = properties[name];
    if (value[name] !== undefined && property) walkStep(property, value[name], name, out, path);
  }
}

/**
 * Fits when one alternative fits. When none does, the findings of the alternative that got
 * deepest into the value (then, the fewest) are the ones kept, as they say what to fix; with
 * no alternative of the value's type, the type is the finding.
 */
function walkAlternatives(
  schema: Schema,
  alternatives: readonly Schema[],
  value: unknown,
  out: Findings,
  path: Step[],
): void {
  const typed = alternatives.filter((alternative) => fitsType(alternative, value));
  if (typed.length === 0) {
    out.add(path, "type", schema, value, typeOf(value));
    return;
  }
  let closest: Findings | undefined;
  for (const alternative of typed) {
    // One of the value's type (a nullable field's value) is walked straight into `out`.
    const trial = typed.length === 1 ? out : new Findings(out.limit);
    walk(alternative, value, trial, path);
    if (trial === out || trial.list.length === 0) return;
    if (closest === undefined || closer(trial, closest)) closest = trial;
  }
  for (const { steps, kind, schema: at, value: there, got } of closest?.list ?? []) {
    out.add(steps, kind, at, there, got);
  }
}

/** Whether `a` got further into the value than `b`: a deeper first finding, then fewer. */
function closer(a: Findings, b: Findings): boolean {
  const depthOf = (findings: Findings) => Math.min(...findings.list.map((f) => f.steps.length));
  const [depthA, depthB] = [depthOf(a), depthOf(b)];
  return depthA !== depthB ? depthA > depthB : a.list.length < b.list.length;
}
