import { invalid } from "../errors/errors";
import { checkKnownKeys } from "../options/known-keys";
import { missOf } from "./fits";
import { ruleOf, scalarRule } from "./rule-words";
import type { Schema } from "./schema";
import { type Finding, Findings, OTHER, type Step, walk } from "./walk";

// A client's check of what it is about to send, against the schema `pnpm gen` wrote from
// the spec (`src/generated/schemas.ts`): the walk stops at the first finding, which becomes
// a ValidationError naming the field and the rule, so a field the spec adds, drops or bounds
// needs no hand edit.

/** A field's name as a caller writes it: `queries[1].vector[3]`, after `at`. */
function fieldOf(at: string, steps: readonly Step[]): string {
  let field = "";
  for (const step of steps) {
    if (typeof step === "number") field += `[${step}]`;
    else field += `${field === "" ? "" : "."}${step === OTHER ? "*" : step}`;
  }
  return at + field;
}

/** The first finding of `value` against `schema`, if any. */
function firstFinding(schema: Schema, value: unknown): Finding | undefined {
  const findings = new Findings(1);
  walk(schema, value, findings);
  return findings.list[0];
}

/**
 * Checks a request object against its schema: unknown keys (with a did-you-mean), required
 * keys, then each field given. `where` names the call for an unknown key (`range`,
 * `queryMany queries[1]`); `at` prefixes field names (`queries[1].`).
 */
export function checkFields(where: string, value: object, schema: Schema, at = ""): void {
  const finding = firstFinding(schema, value);
  if (finding === undefined) return;
  const field = fieldOf(at, finding.steps);
  if (finding.kind === "other") {
    // Said by the did-you-mean check, which names the key the caller most likely meant.
    const prefix = finding.steps.length === 0 ? at : `${field}.`;
    const call = finding.steps.length === 0 ? where : field;
    checkKnownKeys(call, finding.value as object, finding.schema.properties ?? {}, prefix);
  }
  invalid(field, ruleOf(finding));
}

/**
 * Checks one string, number or boolean against its schema (type, enum, bounds, pattern): the
 * walk's own test of one step, without the walk. The error names `field`, and says what is
 * wrong, followed by `hint` when given (`(Unix seconds) or a valid Date`).
 */
export function checkScalar(value: unknown, schema: Schema, field: string, hint?: string): void {
  const kind = missOf(schema, value);
  if (kind === undefined) return;
  const rule = scalarRule(schema, value);
  invalid(field, hint === undefined ? rule : `${rule} ${hint}`);
}
