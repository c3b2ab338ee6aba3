import { invalid } from "./errors";
import { checkKnownKeys } from "./known-keys";

/**
 * What a spec says about one value, in the subset the clients check before sending: its
 * type, enum and bounds, an array's items, an object's fields. `pnpm gen` writes these into
 * each client's `src/generated/requests.ts` from the spec; the checks here read them, so a
 * field the spec adds, drops or bounds needs no hand edit.
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
  const present = (key: string) => given[key] !== undefined;
  if (sets.length > 0 && !sets.some((set) => set.every(present))) {
    const [first = []] = sets;
    const missing = first.find((key) => !present(key)) ?? first[0] ?? "";
    const choices = sets.map((set) => set.join(" and "));
    invalid(`${at}${missing}`, sets.length === 1 ? "is required" : `give ${choices.join(", or ")}`);
  }
  for (const [key, fieldRule] of Object.entries(fields)) {
    if (given[key] !== undefined) checkValue(given[key], fieldRule, `${at}${key}`);
  }
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
 * Checks a string, number or boolean against its rule; the error names `field`. Apart from
 * `checkFields`, so a client that checks single values bundles no object or array walk.
 */
export function checkScalar(value: unknown, rule: SpecRule, field: string): void {
  if (rule.enum !== undefined) {
    if (!rule.enum.includes(value as string)) invalid(field, `must be ${rule.enum.join(" or ")}`);
    return;
  }
  const { type } = rule;
  if (type === "string") checkString(value, rule, field);
  if (type === "integer") checkNumber(value, rule, field, Number.isSafeInteger(value), "integer");
  if (type === "number") checkNumber(value, rule, field, Number.isFinite(value), "finite number");
  if (type === "boolean" && typeof value !== "boolean") invalid(field, "must be a boolean");
}

function checkString(value: unknown, rule: SpecRule, field: string): void {
  if (typeof value !== "string") invalid(field, "must be a string");
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY } = rule;
  if (minLength === 1 && value === "") invalid(field, "must be a non-empty string");
  if (value.length < minLength) invalid(field, `must be at least ${minLength} characters long`);
  if (value.length > maxLength) invalid(field, `must be at most ${maxLength} characters long`);
}

/** An integer or a finite number, within the rule's bounds, in one phrase: "a positive integer". */
function checkNumber(
  value: unknown,
  rule: SpecRule,
  field: string,
  ok: boolean,
  kind: string,
): void {
  const { minimum, maximum } = rule;
  const fits =
    ok &&
    (minimum === undefined || (value as number) >= minimum) &&
    (maximum === undefined || (value as number) <= maximum);
  if (fits) return;
  let phrase = `a ${kind}`;
  if (kind === "integer" && minimum === 1) phrase = "a positive integer";
  else if (kind === "integer" && minimum === 0) phrase = "a non-negative integer";
  else if (minimum !== undefined) phrase += ` of at least ${minimum}`;
  invalid(field, `must be ${phrase}${maximum === undefined ? "" : `, at most ${maximum}`}`);
}

function checkArray(value: unknown, rule: SpecRule, field: string): void {
  if (!Array.isArray(value)) invalid(field, "must be an array");
  const { minItems = 0, maxItems = Number.POSITIVE_INFINITY, items } = rule;
  if (value.length < minItems) invalid(field, `must hold at least ${minItems} items`);
  if (value.length > maxItems) invalid(field, `must hold at most ${maxItems} items`);
  if (items !== undefined) {
    for (const [i, item] of value.entries()) checkValue(item, items, `${field}[${i}]`);
  }
}
