import { invalid } from "@x/core";

/**
 * A filter expression built by `filter.*`. Pass it as `filter` to `query`; `String(f)` gives
 * the expression text. Only the builder can make one, so its structure is always ours:
 * values are literals and field paths are checked, whatever the user input.
 */
export interface FilterExpression {
  /** Marks a value made by the builder; a string cannot pass for one. */
  readonly [brand]: true;
  /** The expression in the service's filter language. */
  toString(): string;
}
declare const brand: unique symbol;

/** A value a comparison can hold: a string, a finite number or a boolean. */
export type FilterValue = string | number | boolean;

// A String object: templates, String() and JSON.stringify all see the expression text.
class Expr extends String implements FilterExpression {
  declare readonly [brand]: true;
  constructor(
    text: string,
    readonly n: () => FilterExpression,
  ) {
    super(text);
  }
}

export const isFilter = (f: unknown): f is Expr => f instanceof Expr;
export const BUILT = "must be built with filter";

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
const path = (field: string): string =>
  /^(?!(and|or|not|in|glob|contains|has|field|true|false)\b)[a-z_]\w*(\.[a-z_]\w*|\[(#-)?\d+\])*$/i.test(
    field,
  )
    ? field
    : invalid("field", `${JSON.stringify(field)} is not a path like a.b[0] or a[#-1]`);

const literal = (v: unknown): string =>
  typeof v === "string"
    ? `'${v.replace(/['\\]/g, "\\$&")}'`
    : typeof v === "boolean" || Number.isFinite(v)
      ? `${v}`
      : invalid("value", "must be a string, a finite number or a boolean");

// Each operator sits next to its negation: OPS[i ^ 1] negates OPS[i]. From 10 on, lists.
const OPS = [
  "=",
  "!=",
  "<",
  ">=",
  ">",
  "<=",
  "GLOB",
  "NOT GLOB",
  "CONTAINS",
  "NOT CONTAINS",
  "IN",
  "NOT IN",
];

const compare =
  (op: number) =>
  (field: string, value: FilterValue | readonly FilterValue[]): FilterExpression => {
    const rhs =
      op < 10
        ? literal(value)
        : Array.isArray(value) && value.length
          ? `(${value.map(literal).join(", ")})`
          : invalid("values", "must be a non-empty array");
    return new Expr(`${path(field)} ${OPS[op]} ${rhs}`, () => compare(op ^ 1)(field, value));
  };

const has =
  (negated: boolean) =>
  (field: string): FilterExpression =>
    new Expr(`HAS ${negated ? "NOT " : ""}FIELD ${path(field)}`, () => has(!negated)(field));

const join =
  (and: boolean) =>
  (...children: FilterExpression[]): FilterExpression =>
    children.length && children.every(isFilter)
      ? new Expr(children.map((c) => `(${c})`).join(and ? " AND " : " OR "), () =>
          join(!and)(...(children as Expr[]).map((c) => c.n())),
        )
      : invalid("filter", `and/or: each child ${BUILT}`);

type Compare<V> = (field: string, value: V) => FilterExpression;

/**
 * Builds filter expressions whose values can never change their structure.
 *
 * The service's language has no unary NOT, so `filter.not(x)` negates structurally:
 * `=`/`!=`, `<`/`>=`, `>`/`<=`, `GLOB`/`NOT GLOB`, `IN`/`NOT IN`, `CONTAINS`/`NOT CONTAINS`,
 * `HAS FIELD`/`HAS NOT FIELD` swap, and `and`/`or` swap with negated children (De Morgan).
 * A comparison on a field a record lacks matches neither it nor its negation.
 *
 * The calls below are marked pure so that a bundle which never imports `filter` drops it.
 */
export const filter = {
  /** `field = value`. */
  eq: /* @__PURE__ */ compare(0) as Compare<FilterValue>,
  /** `field != value`. */
  ne: /* @__PURE__ */ compare(1) as Compare<FilterValue>,
  /** `field < value` (numbers only). */
  lt: /* @__PURE__ */ compare(2) as Compare<number>,
  /** `field >= value` (numbers only). */
  gte: /* @__PURE__ */ compare(3) as Compare<number>,
  /** `field > value` (numbers only). */
  gt: /* @__PURE__ */ compare(4) as Compare<number>,
  /** `field <= value` (numbers only). */
  lte: /* @__PURE__ */ compare(5) as Compare<number>,
  /** `field GLOB 'pattern'`. */
  glob: /* @__PURE__ */ compare(6) as Compare<string>,
  /** `field NOT GLOB 'pattern'`. */
  notGlob: /* @__PURE__ */ compare(7) as Compare<string>,
  /** `field CONTAINS value` (an array field holds the value). */
  contains: /* @__PURE__ */ compare(8) as Compare<FilterValue>,
  /** `field NOT CONTAINS value`. */
  notContains: /* @__PURE__ */ compare(9) as Compare<FilterValue>,
  /** `field IN (v1, v2, ...)`; at least one value. */
  in: /* @__PURE__ */ compare(10) as Compare<readonly FilterValue[]>,
  /** `field NOT IN (v1, v2, ...)`; at least one value. */
  notIn: /* @__PURE__ */ compare(11) as Compare<readonly FilterValue[]>,
  /** `HAS FIELD field`: the record has the field. */
  hasField: /* @__PURE__ */ has(false),
  /** `HAS NOT FIELD field`: the record lacks the field. */
  hasNotField: /* @__PURE__ */ has(true),
  /** `(e1) AND (e2) ...`: every expression holds. */
  and: /* @__PURE__ */ join(true),
  /** `(e1) OR (e2) ...`: at least one expression holds. */
  or: /* @__PURE__ */ join(false),
  /** The negation of an expression, rewritten structurally (see above). */
  not: (e: FilterExpression): FilterExpression => (isFilter(e) ? e.n() : invalid("filter", BUILT)),
};
