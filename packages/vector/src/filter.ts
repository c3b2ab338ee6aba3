import { invalid, quote } from "@x/core/internal";

/**
 * A filter expression built by `filter.*`. Pass it as `filter` to `query`; `String(f)` gives
 * the expression text. Only the builder can make one, so its structure is always ours:
 * values are literals and field paths are checked, whatever the user input.
 */
export interface FilterExpression {
  /** Marks a value made by the builder; a string cannot pass for one. */
  readonly [brand]: true;
  /**
   * The expression in the service's filter language.
   *
   * @example
   * ```ts
   * import { filter } from "@x/vector";
   *
   * const expression = filter.and(filter.eq("genre", "sci-fi"), filter.gte("year", 2000));
   * String(expression); // "(genre = 'sci-fi') AND (year >= 2000)"
   * ```
   */
  toString(): string;
}
declare const brand: unique symbol;

/** A value a comparison can hold: a string, a finite number or a boolean. */
export type FilterValue = string | number | boolean;

/** The rule a filter given as an object breaks: only the builder makes them. */
export const BUILT = "must be built with filter";

// The one class behind every FilterExpression. It keeps how to build its own negation,
// because the service's language has no unary NOT.
class Filter implements FilterExpression {
  declare readonly [brand]: true;
  readonly #text: string;
  readonly #negate: () => Filter;

  constructor(text: string, negate: () => Filter) {
    this.#text = text;
    this.#negate = negate;
  }

  negated(): Filter {
    return this.#negate();
  }

  toString(): string {
    return this.#text;
  }

  /** So `JSON.stringify` of a request sends the expression text. */
  toJSON(): string {
    return this.#text;
  }
}

export function isFilter(value: unknown): value is FilterExpression {
  return value instanceof Filter;
}

// Grammar of what the builder writes (the dev server parses exactly this):
//   path    := ident ( "." ident | "[" digits "]" | "[#-" digits "]" )*
//   ident   := [A-Za-z_][A-Za-z0-9_]*   but not a keyword (and or not in glob contains has
//              field true false, any case), so a field can never read as syntax
//   string  := "'" ( any character but ' and \ | "\\" | "\'" )* "'"   -- a backslash escapes
//              a quote or a backslash; every other character, double quotes and newlines
//              included, stands for itself (the builder never writes any other escape)
//   number  := JavaScript's String(n) of a finite number: -?digits(.digits)?(e[+-]digits)?
//   boolean := true | false
//   list    := "(" value ( ", " value )* ")"
// `and`/`or` wrap every child in parentheses: "(a) AND (b)".
const KEYWORD = /^(and|or|not|in|glob|contains|has|field|true|false)\b/i;
const PATH = /^[a-z_]\w*(\.[a-z_]\w*|\[(#-)?\d+\])*$/i;

function fieldPath(field: string): string {
  if (typeof field !== "string" || KEYWORD.test(field) || !PATH.test(field)) {
    invalid("field", `${quote(field)} is not a path like a.b[0] or a[#-1]`);
  }
  return field;
}

function literal(value: unknown): string {
  if (typeof value === "string") return `'${value.replace(/['\\]/g, "\\$&")}'`;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return invalid("value", "must be a string, a finite number or a boolean");
}

/** Each comparison with its operator and the comparison that negates it. */
const COMPARISONS = {
  eq: { operator: "=", negation: "ne" },
  ne: { operator: "!=", negation: "eq" },
  lt: { operator: "<", negation: "gte" },
  gte: { operator: ">=", negation: "lt" },
  gt: { operator: ">", negation: "lte" },
  lte: { operator: "<=", negation: "gt" },
  glob: { operator: "GLOB", negation: "notGlob" },
  notGlob: { operator: "NOT GLOB", negation: "glob" },
  contains: { operator: "CONTAINS", negation: "notContains" },
  notContains: { operator: "NOT CONTAINS", negation: "contains" },
} as const;
type ComparisonName = keyof typeof COMPARISONS;

/** The list comparisons, likewise. */
const LIST_COMPARISONS = {
  in: { operator: "IN", negation: "notIn" },
  notIn: { operator: "NOT IN", negation: "in" },
} as const;
type ListComparisonName = keyof typeof LIST_COMPARISONS;

/** The comparisons that order values: the service compares only numbers by order. */
const ORDERED: ReadonlySet<ComparisonName> = new Set(["lt", "gte", "gt", "lte"]);

function comparison(name: ComparisonName, field: string, value: FilterValue): Filter {
  const { operator, negation } = COMPARISONS[name];
  // The types take only numbers here; this is for callers the compiler did not see (a
  // value read from a query string: `filter.gt("year", "1990")` would compare text).
  if (ORDERED.has(name) && typeof value !== "number") {
    invalid(
      "value",
      `${name} compares numbers: ${quote(value)} is a ${typeof value}; pass a number such as Number(value)`,
    );
  }
  const text = `${fieldPath(field)} ${operator} ${literal(value)}`;
  return new Filter(text, () => comparison(negation, field, value));
}

function listComparison(
  name: ListComparisonName,
  field: string,
  values: readonly FilterValue[],
): Filter {
  const { operator, negation } = LIST_COMPARISONS[name];
  if (!Array.isArray(values) || values.length === 0) {
    invalid("values", "must be a non-empty array");
  }
  const text = `${fieldPath(field)} ${operator} (${values.map(literal).join(", ")})`;
  return new Filter(text, () => listComparison(negation, field, values));
}

function hasField(field: string, present: boolean): Filter {
  const text = `HAS ${present ? "" : "NOT "}FIELD ${fieldPath(field)}`;
  return new Filter(text, () => hasField(field, !present));
}

/** `and`/`or` of the children; its negation is the other one of the negated children. */
function junction(joiner: "AND" | "OR", children: FilterExpression[]): Filter {
  const filters = children.filter((child): child is Filter => child instanceof Filter);
  if (children.length === 0 || filters.length !== children.length) {
    invalid("filter", `and/or: each child ${BUILT}`);
  }
  const text = filters.map((child) => `(${child})`).join(` ${joiner} `);
  const other = joiner === "AND" ? "OR" : "AND";
  return new Filter(text, () =>
    junction(
      other,
      filters.map((child) => child.negated()),
    ),
  );
}

/**
 * Builds filter expressions whose values can never change their structure.
 *
 * The service's language has no unary NOT, so `filter.not(x)` negates structurally:
 * `=`/`!=`, `<`/`>=`, `>`/`<=`, `GLOB`/`NOT GLOB`, `IN`/`NOT IN`, `CONTAINS`/`NOT CONTAINS`,
 * `HAS FIELD`/`HAS NOT FIELD` swap, and `and`/`or` swap with negated children (De Morgan).
 * A comparison on a field a record lacks matches neither it nor its negation.
 */
export const filter = {
  /** `field = value`. */
  eq: (field: string, value: FilterValue): FilterExpression => comparison("eq", field, value),
  /** `field != value`. */
  ne: (field: string, value: FilterValue): FilterExpression => comparison("ne", field, value),
  /** `field < value` (numbers only). */
  lt: (field: string, value: number): FilterExpression => comparison("lt", field, value),
  /** `field >= value` (numbers only). */
  gte: (field: string, value: number): FilterExpression => comparison("gte", field, value),
  /** `field > value` (numbers only). */
  gt: (field: string, value: number): FilterExpression => comparison("gt", field, value),
  /** `field <= value` (numbers only). */
  lte: (field: string, value: number): FilterExpression => comparison("lte", field, value),
  /** `field GLOB 'pattern'`. */
  glob: (field: string, pattern: string): FilterExpression => comparison("glob", field, pattern),
  /** `field NOT GLOB 'pattern'`. */
  notGlob: (field: string, pattern: string): FilterExpression =>
    comparison("notGlob", field, pattern),
  /** `field CONTAINS value` (an array field holds the value). */
  contains: (field: string, value: FilterValue): FilterExpression =>
    comparison("contains", field, value),
  /** `field NOT CONTAINS value`. */
  notContains: (field: string, value: FilterValue): FilterExpression =>
    comparison("notContains", field, value),
  /** `field IN (v1, v2, ...)`; at least one value. */
  in: (field: string, values: readonly FilterValue[]): FilterExpression =>
    listComparison("in", field, values),
  /** `field NOT IN (v1, v2, ...)`; at least one value. */
  notIn: (field: string, values: readonly FilterValue[]): FilterExpression =>
    listComparison("notIn", field, values),
  /** `HAS FIELD field`: the record has the field. */
  hasField: (field: string): FilterExpression => hasField(field, true),
  /** `HAS NOT FIELD field`: the record lacks the field. */
  hasNotField: (field: string): FilterExpression => hasField(field, false),
  /** `(e1) AND (e2) ...`: every expression holds. */
  and: (...children: FilterExpression[]): FilterExpression => junction("AND", children),
  /** `(e1) OR (e2) ...`: at least one expression holds. */
  or: (...children: FilterExpression[]): FilterExpression => junction("OR", children),
  /** The negation of an expression, rewritten structurally (see above). */
  not: (expression: FilterExpression): FilterExpression => {
    if (!(expression instanceof Filter)) return invalid("filter", BUILT);
    return expression.negated();
  },
};
