import { invalid } from "@x/core";

/** A parsed `Svc-Retry-Delay` expression. */
export interface RetryDelay {
  /** Delay in milliseconds before the next attempt; `retried` is 0 for the first retry. */
  evaluate(retried: number): number;
}

/**
 * Parses a retry-delay expression: numbers, `retried`, `+ - * /`, unary signs, parentheses
 * and pow, exp, sqrt, abs, floor, ceil, round, min, max (nothing else, with those arities).
 * Throws a `ValidationError` for `retryDelay` whose rule gives the 1-based position of the
 * problem.
 */
export function parseRetryDelay(expression: string): RetryDelay {
  // Parsing and evaluating are one pass: evaluate(0) below is the validation, and
  // re-reading a short expression per retry costs less code than building a tree.
  const evaluate = (retried: number): number => {
    const tokens = [...`${expression}`.matchAll(/\d+(?:\.\d+)?|\w+|\S/g)];
    let i = 0;
    const peek = () => tokens[i]?.[0];
    const fail = (rule: string, at = tokens[i]?.index ?? expression.length): never =>
      invalid("retryDelay", `${rule} at position ${at + 1}`);
    const take = (token: string) => peek() === token && ++i;
    const need = (token: string) => take(token) || fail(`expected "${token}"`);

    // Level 0 adds and subtracts products; level 1 multiplies and divides factors.
    const binary = (level: number): number => {
      const operand = () => (level ? factor() : binary(1));
      let value = operand();
      for (let op = peek(); op && (level ? "*/" : "+-").includes(op); op = peek()) {
        i++;
        const right = operand();
        value =
          op === "+"
            ? value + right
            : op === "-"
              ? value - right
              : op === "*"
                ? value * right
                : value / right;
      }
      return value;
    };
    const factor = (): number => {
      const { 0: token, index: at } = tokens[i++] ?? fail("unexpected end");
      if (token === "-") return -factor();
      if (token === "+") return factor();
      if (token === "(") {
        const value = binary(0);
        need(")");
        return value;
      }
      if (/^\d/.test(token)) return +token;
      if (token === "retried") return retried;
      const arity = /^(pow|min|max)$/.test(token)
        ? 2
        : /^(exp|sqrt|abs|floor|ceil|round)$/.test(token)
          ? 1
          : fail(
              /^\w/.test(token)
                ? `unknown ${peek() === "(" ? "function" : "identifier"} "${token}"`
                : `unexpected "${token}"`,
              at,
            );
      need("(");
      const args = [binary(0)];
      while (take(",")) args.push(binary(0));
      need(")");
      if (args.length !== arity)
        fail(`${token} takes ${arity} argument(s), got ${args.length}`, at);
      return Math[token as "min"](...args);
    };

    const value = binary(0);
    if (i < tokens.length) fail(`unexpected "${peek()}"`);
    return value;
  };
  evaluate(0);
  return { evaluate };
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
