import { invalid } from "./errors/errors";
import { checkKnownKeys } from "./options/known-keys";

/**
 * What a spec says about one value, in the subset the clients check before sending: its
 * type, enum, bounds and pattern, an array's items, an object's fields. `pnpm gen` writes
 * these into each client's `src/generated/requests.ts` from the spec; the checks here read
 * them, so a field the spec adds, drops or bounds needs no hand edit.
 */
export interface SpecRule {
  readonly type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  readonly enum?: readonly (string | number | boolean)[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** A regular expression a string must match somewhere: the spec's `pattern`, as written. */
  readonly pattern?: string;
  /** The rule of each element of an array. */
  readonly items?: SpecRule;
  /** The rule of each field of an object, by name. */
  readonly fields?: Readonly<Record<string, SpecRule>>;
  /** Keys of which one set must all be present: one set, or one per `anyOf`/`oneOf` branch. */
  readonly required?: readonly (readonly string[])[];
  /** The object takes no field but `fields` (`additionalProperties: false`). */
  readonly closed?: boolean;
}

/**
 * Checks a request object against its rule: unknown keys (with a did-you-mean), required
 * keys, then each present field. `where` names the call for an unknown key (`range`,
 * `queryMany queries[1]`); `at` prefixes field names (`queries[1].`).
 */
export function checkFields(where: string, value: object, rule: SpecRule, at = ""): void {
  const fields = rule.fields ?? {};
  if (rule.closed) checkKnownKeys(where, value, fields, at);
  const given = value as Record<string, unknown>;
  const sets = rule.required ?? [];
  if (sets.length > 0 && !sets.some((set) => hasAll(given, set))) {
    const [first = []] = sets;
    const missing = first.find((key) => given[key] === undefined) ?? first[0] ?? "";
    const choices = sets.map((set) => set.join(" and "));
    invalid(`${at}${missing}`, sets.length === 1 ? "is required" : `give ${choices.join(", or ")}`);
  }
  // Runs on every call: a walk of the rule's own keys, without an array of entries.
  for (const key in fields) {
    const field = given[key];
    const fieldRule = fields[key];
    if (field !== undefined && fieldRule) checkValue(field, fieldRule, `${at}${key}`);
  }
}

/** Whether `given` has a value for each key of `set`: a plain loop, as it runs per call. */
function hasAll(given: Record<string, unknown>, set: readonly string[]): boolean {
  for (const key of set) if (given[key] === undefined) return false;
  return true;
}

/** Checks one value of any type against its rule; the error names `field`. */
function checkValue(value: unknown, rule: SpecRule, field: string): void {
  if (rule.enum === undefined && rule.type === "array") {
    checkArray(value, rule, field);
  } else if (rule.enum === undefined && rule.type === "object") {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      invalid(field, "must be an object");
    }
    checkFields(field, value, rule, `${field}.`);
  } else {
    checkScalar(value, rule, field);
  }
}

/**
 * Checks a string, number or boolean against its rule; the error names `field`, and says
 * what is wrong, followed by `hint` when given (`(Unix seconds) or a valid Date`). Apart from
 * `checkFields`, so a client that checks single values bundles no object or array walk.
 */
export function checkScalar(value: unknown, rule: SpecRule, field: string, hint?: string): void {
  const problem = scalarProblem(value, rule);
  if (problem !== undefined) invalid(field, hint === undefined ? problem : `${problem} ${hint}`);
}

/** What is wrong with a string, number or boolean by its rule; undefined when nothing. */
function scalarProblem(value: unknown, rule: SpecRule): string | undefined {
  if (rule.enum !== undefined) {
    return rule.enum.includes(value as string) ? undefined : `must be ${rule.enum.join(" or ")}`;
  }
  const { type } = rule;
  if (type === "string") return stringProblem(value, rule);
  if (type === "integer") return numberProblem(value, rule, Number.isSafeInteger(value), "integer");
  if (type === "number") return numberProblem(value, rule, Number.isFinite(value), "finite number");
  if (type === "boolean" && typeof value !== "boolean") return "must be a boolean";
  return undefined;
}

function stringProblem(value: unknown, rule: SpecRule): string | undefined {
  if (typeof value !== "string") return "must be a string";
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY } = rule;
  if (minLength === 1 && value === "") return "must be a non-empty string";
  if (value.length < minLength) return `must be at least ${minLength} characters long`;
  if (value.length > maxLength) return `must be at most ${maxLength} characters long`;
  const { pattern } = rule;
  if (pattern !== undefined && !patternOf(pattern).test(value)) return `must match ${pattern}`;
  return undefined;
}

/** Each pattern compiled once: a header's rule is read on every call. */
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

/** An integer or a finite number, within the rule's bounds, in one phrase: "a positive integer". */
function numberProblem(
  value: unknown,
  rule: SpecRule,
  ok: boolean,
  kind: string,
): string | undefined {
  const { minimum, maximum } = rule;
  const fits =
    ok &&
    (minimum === undefined || (value as number) >= minimum) &&
    (maximum === undefined || (value as number) <= maximum);
  if (fits) return undefined;
  let phrase = `a ${kind}`;
  if (kind === "integer" && minimum === 1) phrase = "a positive integer";
  else if (kind === "integer" && minimum === 0) phrase = "a non-negative integer";
  else if (minimum !== undefined) phrase += ` of at least ${minimum}`;
  return `must be ${phrase}${maximum === undefined ? "" : `, at most ${maximum}`}`;
}

function checkArray(value: unknown, rule: SpecRule, field: string): void {
  if (!Array.isArray(value)) invalid(field, "must be an array");
  const { minItems = 0, maxItems = Number.POSITIVE_INFINITY, items } = rule;
  if (value.length < minItems) invalid(field, `must hold at least ${minItems} items`);
  if (value.length > maxItems) invalid(field, `must hold at most ${maxItems} items`);
  if (items === undefined) return;
  if (isBareNumber(items)) {
    // A vector's floats: thousands per call, so each is asked only whether it is finite.
    for (let i = 0; i < value.length; i++) {
      if (!Number.isFinite(value[i])) invalid(`${field}[${i}]`, "must be a finite number");
    }
    return;
  }
  for (let i = 0; i < value.length; i++) {
    // A scalar item is named only when it fails: a 768-dimension vector would otherwise
    // build 768 names per call, which cost as much as sending it.
    const problem = scalarProblem(value[i], items);
    if (problem !== undefined) invalid(`${field}[${i}]`, problem);
    if (items.type === "array" || items.type === "object") {
      checkValue(value[i], items, `${field}[${i}]`);
    }
  }
}

/** A number rule with no enum and no bounds: any finite number fits it. */
function isBareNumber(rule: SpecRule): boolean {
  return (
    rule.type === "number" &&
    rule.enum === undefined &&
    rule.minimum === undefined &&
    rule.maximum === undefined
  );
}
