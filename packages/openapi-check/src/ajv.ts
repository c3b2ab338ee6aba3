import type { ErrorObject, ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { shortValue } from "./format.js";
import type { Schema, Violation } from "./types.js";

// strict: false lets OpenAPI-only keywords (example, discriminator, xml, x-*) pass
// compilation; verbose gives each error the offending value for the message.
function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true, logger: false });
  addFormats(ajv);
  return ajv;
}

/** Compiles each schema object once per Ajv instance. */
export class SchemaCache {
  #ajv: Ajv2020 | undefined;
  #compiled = new WeakMap<object, ValidateFunction>();

  validator(schema: Schema): ValidateFunction {
    const key = typeof schema === "boolean" ? (schema ? TRUE : FALSE) : schema;
    let fn = this.#compiled.get(key);
    if (fn === undefined) {
      this.#ajv ??= createAjv();
      fn = this.#ajv.compile(schema);
      this.#compiled.set(key, fn);
    }
    return fn;
  }
}
const TRUE = {};
const FALSE = { not: {} };

/** Validates `value`; each error becomes a violation at `where` + its JSON pointer. */
export function schemaViolations(
  cache: SchemaCache,
  schema: Schema,
  value: unknown,
  where: string,
): Violation[] {
  const validate = cache.validator(schema);
  if (validate(value)) return [];
  return pruneBranches(validate.errors ?? []).map((error) => toViolation(error, where));
}

function toViolation(error: ErrorObject, where: string): Violation {
  const at = `${where}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { where: `${at}/${String(params.missingProperty)}`, message: "is required" };
    case "additionalProperties":
      return {
        where: `${at}/${String(params.additionalProperty)}`,
        message: "is not a declared property",
      };
    case "unevaluatedProperties":
      return {
        where: `${at}/${String(params.unevaluatedProperty)}`,
        message: "is not a declared property",
      };
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      return { where: at, message: `must be one of ${allowed.join(", ")} (got ${got(error)})` };
    }
    case "oneOf":
    case "anyOf":
      return { where: at, message: `${error.message ?? "is invalid"}` };
    default:
      return { where: at, message: `${error.message ?? "is invalid"} (got ${got(error)})` };
  }
}

function got(error: ErrorObject): string {
  return shortValue(error.data);
}

// With allErrors, a failed oneOf/anyOf reports every branch's errors. Keep only the
// branch that came closest (not failing on its own `type`, then fewest errors), so a
// message points at the field that is wrong rather than at every alternative.
function pruneBranches(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors;
  const combos = errors
    .filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf")
    .sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const combo of combos) {
    if (!kept.includes(combo)) continue;
    const base = `${combo.schemaPath}/`;
    const inside = (e: ErrorObject) =>
      e.schemaPath.startsWith(base) &&
      (e.instancePath === combo.instancePath ||
        e.instancePath.startsWith(`${combo.instancePath}/`));
    // Pushed, never copied, and `best` a set: a body with 300,000 wrong items makes as many
    // errors, and a copy or a search per error made that quadratic (minutes of blocked CPU).
    const branches = new Map<string, ErrorObject[]>();
    for (const e of kept) {
      if (!inside(e)) continue;
      const branch = e.schemaPath.slice(base.length).split("/")[0] ?? "";
      const list = branches.get(branch);
      if (list === undefined) branches.set(branch, [e]);
      else list.push(e);
    }
    if (branches.size === 0) continue; // more than one branch matched: keep the oneOf message
    const merged = mergeTypeErrors(combo, [...branches.values()]);
    if (merged !== undefined) {
      kept = kept.map((e) => (e === combo ? merged : e)).filter((e) => !inside(e));
      continue;
    }
    const rank = (list: ErrorObject[]) =>
      (list.some((e) => e.keyword === "type" && e.instancePath === combo.instancePath) ? 1000 : 0) +
      list.length;
    const best = new Set([...branches.values()].sort((a, b) => rank(a) - rank(b))[0] ?? []);
    kept = kept.filter((e) => e !== combo && (!inside(e) || best.has(e)));
  }
  return kept;
}

// When every branch fails only on its type ("string" | "integer"), one message says so.
function mergeTypeErrors(combo: ErrorObject, branches: ErrorObject[][]): ErrorObject | undefined {
  const typeOnly = branches.every((list) =>
    list.every((e) => e.keyword === "type" && e.instancePath === combo.instancePath),
  );
  if (!typeOnly) return undefined;
  const names = [...new Set(branches.flat().map((e) => String(e.params.type)))];
  return {
    ...combo,
    keyword: "type",
    params: { type: names },
    message: `must be ${names.join(" or ")}`,
  };
}
