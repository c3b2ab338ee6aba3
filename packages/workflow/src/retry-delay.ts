import { invalid } from "@x/core";

/** A parsed `Svc-Retry-Delay` expression. */
export interface RetryDelay {
  /** Delay in milliseconds before the next attempt; `retried` is 0 for the first retry. */
  evaluate(retried: number): number;
}

type Node = (retried: number) => number;

// The nine functions of the service and their arities; nothing else may be called.
const ARITY: Record<string, number> = {
  pow: 2,
  exp: 1,
  sqrt: 1,
  abs: 1,
  floor: 1,
  ceil: 1,
  round: 1,
  min: 2,
  max: 2,
};

const OPS: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
};

/**
 * Parses a retry-delay expression: numbers, `retried`, `+ - * /`, unary signs, parentheses
 * and pow, exp, sqrt, abs, floor, ceil, round, min, max. Throws a `ValidationError` for
 * `retryDelay` whose rule gives the 1-based position of the problem.
 */
export function parseRetryDelay(expression: string): RetryDelay {
  const tokens = [...`${expression}`.matchAll(/\d+(?:\.\d+)?|\w+|\S/g)];
  let i = 0;
  const peek = () => tokens[i]?.[0];
  const fail = (rule: string, at = tokens[i]?.index ?? expression.length): never =>
    invalid("retryDelay", `${rule} at position ${at + 1}`);
  const unexpected = () => fail(peek() ? `unexpected "${peek()}"` : "unexpected end");
  const skip = (token: string) => (peek() === token ? i++ : fail(`expected "${token}"`));

  // Lowest precedence first: sums of products of unary terms.
  const binary = (operand: () => Node, ops: string) => (): Node => {
    let left = operand();
    while (ops.includes(peek() || "?")) {
      const [l, op, r] = [left, OPS[tokens[i++]![0]]!, operand()];
      left = (n) => op(l(n), r(n));
    }
    return left;
  };
  const unary = (): Node => {
    const sign = peek();
    if (sign !== "-" && sign !== "+") return primary();
    i++;
    const operand = unary();
    return sign === "-" ? (n) => -operand(n) : operand;
  };
  const product = binary(unary, "*/");
  const sum = binary(product, "+-");
  const primary = (): Node => {
    const token = peek() ?? unexpected();
    const at = tokens[i++]!.index;
    if (token === "(") {
      const inner = sum();
      skip(")");
      return inner;
    }
    if (/^\d/.test(token)) return () => +token;
    if (token === "retried") return (n) => n;
    if (!Object.hasOwn(ARITY, token)) {
      i--;
      if (!/^\w/.test(token)) unexpected();
      fail(`unknown ${tokens[i + 1]?.[0] === "(" ? "function" : "identifier"} "${token}"`);
    }
    skip("(");
    const args = [sum()];
    while (peek() === ",") {
      i++;
      args.push(sum());
    }
    skip(")");
    if (args.length !== ARITY[token])
      fail(`${token} takes ${ARITY[token]} argument(s), got ${args.length}`, at);
    const fn = Math[token as "min"];
    return (n) => fn(...args.map((arg) => arg(n)));
  };

  const root = sum();
  if (i < tokens.length) unexpected();
  return { evaluate: root };
}

/** The first `count` delays in milliseconds; without an expression, the default backoff. */
export function retryDelaySchedule(expression: string | undefined, count: number): number[] {
  const evaluate =
    expression === undefined ? defaultRetryDelay : parseRetryDelay(expression).evaluate;
  return Array.from({ length: count }, (_, retried) => evaluate(retried));
}

/** The service's backoff without an expression: `min(86400, e^(2.5 * retried))` seconds, in ms. */
export function defaultRetryDelay(retried: number): number {
  return Math.min(86400, Math.exp(2.5 * retried)) * 1000;
}
