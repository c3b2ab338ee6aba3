import type { FilterNode, Literal, Step } from "./filter-parse.js";
import type { FilterWork } from "./filter-work.js";

// Semantics: a condition on a field the record lacks is false, whatever the operator
// (`!=` and the NOT forms included); `HAS FIELD` / `HAS NOT FIELD` test presence. Values
// of different types are never equal; `<`-style comparisons need both sides numbers or
// both strings (strings compare by code unit).

type Json = unknown;

function resolve(root: Json, path: Step[], work: FilterWork): Json {
  work.spend(path.length);
  let cur = root;
  for (const step of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    if ("key" in step) {
      if (Array.isArray(cur) || !Object.hasOwn(cur, step.key)) return undefined;
      cur = (cur as Record<string, Json>)[step.key];
    } else {
      if (!Array.isArray(cur)) return undefined;
      const at = "index" in step ? step.index : cur.length - step.fromEnd;
      if (at < 0 || at >= cur.length) return undefined;
      cur = cur[at];
    }
  }
  return cur;
}

function equal(a: Json, b: Literal): boolean {
  return a === b;
}

function compare(a: Json, op: string, b: Literal): boolean {
  if (op === "=") return equal(a, b);
  if (op === "!=") return !equal(a, b);
  if (typeof a !== typeof b || (typeof a !== "number" && typeof a !== "string")) return false;
  const x = a as number | string;
  const y = b as number | string;
  switch (op) {
    case "<":
      return x < y;
    case "<=":
      return x <= y;
    case ">":
      return x > y;
    default:
      return x >= y;
  }
}

/** Whether a record's metadata passes the filter; the work is spent from `work`. */
export function matches(node: FilterNode, metadata: Json, work: FilterWork): boolean {
  work.spend(1);
  switch (node.kind) {
    case "or":
      return node.items.some((n) => matches(n, metadata, work));
    case "and":
      return node.items.every((n) => matches(n, metadata, work));
    case "has":
      return (resolve(metadata, node.path, work) !== undefined) !== node.negated;
  }
  const value = resolve(metadata, node.path, work);
  if (value === undefined) return false;
  switch (node.kind) {
    case "compare":
      return compare(value, node.op, node.value);
    case "glob":
      return typeof value === "string" && node.pattern.test(value, work) !== node.negated;
    case "in":
      // A set: one lookup whatever the list's length (literals are primitives, so `has` is `===`).
      return node.values.has(value as Literal) !== node.negated;
    case "contains":
      if (!Array.isArray(value)) return false;
      work.spend(value.length);
      return value.some((v) => equal(v, node.value)) !== node.negated;
  }
}
