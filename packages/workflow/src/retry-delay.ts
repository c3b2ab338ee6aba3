import { invalid } from "@x/core/internal";
import { matchesOf } from "./matches";

/** A parsed `Svc-Retry-Delay` expression. */
export interface RetryDelay {
  /**
   * Delay in milliseconds before the next attempt; `retried` is 0 for the first retry.
   *
   * @example
   * ```ts
   * import { parseRetryDelay } from "@x/workflow";
   *
   * const delay = parseRetryDelay("1000 * pow(2, retried)");
   * delay.evaluate(0); // 1000
   * delay.evaluate(3); // 8000
   * ```
   */
  evaluate(retried: number): number;
}

// Grammar of a retry-delay expression (the service's, with our two limits):
//   expression := term (("+" | "-") term)*
//   term       := factor (("*" | "/") factor)*
//   factor     := ("+" | "-") factor | number | "retried" | "(" expression ")"
//               | function "(" expression ("," expression)* ")"
//   number     := digits ("." digits)?         at most 2^53 - 1
// Nesting (signs, parentheses, function calls) is at most MAX_NESTING levels deep.

/** Deepest nesting of signs, parentheses and calls: deeper would only risk the stack. */
export const MAX_NESTING = 32;
/** Largest number literal: larger ones lose integer precision (and 400 digits are Infinity). */
export const MAX_NUMBER: number = Number.MAX_SAFE_INTEGER;

type FunctionName = "pow" | "min" | "max" | "exp" | "sqrt" | "abs" | "floor" | "ceil" | "round";

const FUNCTIONS: Record<FunctionName, { arity: number; apply: (...args: number[]) => number }> = {
  pow: { arity: 2, apply: Math.pow },
  min: { arity: 2, apply: Math.min },
  max: { arity: 2, apply: Math.max },
  exp: { arity: 1, apply: Math.exp },
  sqrt: { arity: 1, apply: Math.sqrt },
  abs: { arity: 1, apply: Math.abs },
  floor: { arity: 1, apply: Math.floor },
  ceil: { arity: 1, apply: Math.ceil },
  round: { arity: 1, apply: Math.round },
};

type Operator = "+" | "-" | "*" | "/";

const BINARY: Record<Operator, (left: number, right: number) => number> = {
  "+": (left, right) => left + right,
  "-": (left, right) => left - right,
  "*": (left, right) => left * right,
  "/": (left, right) => left / right,
};

type Node =
  | { kind: "number"; value: number }
  | { kind: "retried" }
  | { kind: "negate"; operand: Node }
  | { kind: "binary"; operator: Operator; left: Node; right: Node }
  | { kind: "call"; name: FunctionName; args: Node[] };

interface Token {
  text: string;
  /** 0-based offset in the expression. */
  at: number;
}

// A number, a name, or any other single non-space character.
const TOKEN = /\d+(?:\.\d+)?|\w+|\S/g;

/**
 * Parses a retry-delay expression: numbers, `retried`, `+ - * /`, unary signs, parentheses
 * and pow, exp, sqrt, abs, floor, ceil, round, min, max (nothing else, with those arities).
 * Throws a `ValidationError` for `retryDelay` whose rule gives the 1-based position of the
 * problem. The expression is parsed once; `evaluate` walks the parsed tree.
 *
 * @example
 * ```ts
 * import { parseRetryDelay, ValidationError } from "@x/workflow";
 *
 * try {
 *   parseRetryDelay("1000 * (retried + 1");
 * } catch (error) {
 *   if (error instanceof ValidationError) console.log(error.field, error.rule);
 * }
 * ```
 */
export function parseRetryDelay(expression: string): RetryDelay {
  if (typeof expression !== "string") {
    invalid("retryDelay", 'must be a string such as "1000 * pow(2, retried)"');
  }
  const parser = new Parser(tokensOf(expression), expression.length);
  const tree = parser.expression();
  parser.expectEnd();
  return { evaluate: (retried) => evaluate(tree, retried) };
}

/** The expression's tokens with their offsets. */
function tokensOf(expression: string): Token[] {
  return matchesOf(TOKEN, expression).map((match) => ({ text: match[0], at: match.index }));
}

/** A recursive-descent parser over the tokens, one method per grammar rule. */
class Parser {
  #next = 0;
  #depth = 0;

  constructor(
    readonly tokens: Token[],
    readonly length: number,
  ) {}

  expression(): Node {
    let left = this.term();
    for (let op = this.#peek(); op === "+" || op === "-"; op = this.#peek()) {
      this.#next++;
      left = { kind: "binary", operator: op, left, right: this.term() };
    }
    return left;
  }

  term(): Node {
    let left = this.factor();
    for (let op = this.#peek(); op === "*" || op === "/"; op = this.#peek()) {
      this.#next++;
      left = { kind: "binary", operator: op, left, right: this.factor() };
    }
    return left;
  }

  factor(): Node {
    const token = this.tokens[this.#next];
    if (token === undefined) return this.#fail("unexpected end");
    this.#next++;
    if (token.text === "-")
      return { kind: "negate", operand: this.#nested(token, () => this.factor()) };
    if (token.text === "+") return this.#nested(token, () => this.factor());
    if (token.text === "(") {
      const inner = this.#nested(token, () => this.expression());
      this.#expect(")");
      return inner;
    }
    if (/^\d/.test(token.text)) return this.#number(token);
    if (token.text === "retried") return { kind: "retried" };
    const name = token.text;
    if (isFunctionName(name)) return this.#nested(token, () => this.#call(name, token.at));
    if (/^\w/.test(token.text)) {
      const what = this.#peek() === "(" ? "function" : "identifier";
      return this.#fail(`unknown ${what} "${token.text}"`, token.at);
    }
    return this.#fail(`unexpected "${token.text}"`, token.at);
  }

  expectEnd(): void {
    const token = this.tokens[this.#next];
    if (token !== undefined) this.#fail(`unexpected "${token.text}"`, token.at);
  }

  #call(name: FunctionName, at: number): Node {
    const { arity } = FUNCTIONS[name];
    this.#expect("(");
    const args = [this.expression()];
    while (this.#peek() === ",") {
      this.#next++;
      args.push(this.expression());
    }
    this.#expect(")");
    if (args.length !== arity) {
      this.#fail(`${name} takes ${arity} argument(s), got ${args.length}`, at);
    }
    return { kind: "call", name, args };
  }

  #number(token: Token): Node {
    const value = Number(token.text);
    if (value > MAX_NUMBER) {
      this.#fail(`number ${token.text.slice(0, 20)}… is larger than ${MAX_NUMBER}`, token.at);
    }
    return { kind: "number", value };
  }

  /** Parses one level deeper, refusing to go past MAX_NESTING. */
  #nested(opening: Token, parse: () => Node): Node {
    if (this.#depth >= MAX_NESTING) {
      this.#fail(`nested deeper than ${MAX_NESTING} levels`, opening.at);
    }
    this.#depth++;
    const node = parse();
    this.#depth--;
    return node;
  }

  #peek(): string | undefined {
    return this.tokens[this.#next]?.text;
  }

  #expect(text: string): void {
    if (this.#peek() !== text) this.#fail(`expected "${text}"`);
    this.#next++;
  }

  #fail(rule: string, at = this.tokens[this.#next]?.at ?? this.length): never {
    return invalid("retryDelay", `${rule} at position ${at + 1}`);
  }
}

function isFunctionName(text: string): text is FunctionName {
  return Object.hasOwn(FUNCTIONS, text);
}

function evaluate(node: Node, retried: number): number {
  switch (node.kind) {
    case "number":
      return node.value;
    case "retried":
      return retried;
    case "negate":
      return -evaluate(node.operand, retried);
    case "binary":
      return BINARY[node.operator](evaluate(node.left, retried), evaluate(node.right, retried));
    case "call":
      return FUNCTIONS[node.name].apply(...node.args.map((arg) => evaluate(arg, retried)));
  }
}

/**
 * The first `count` delays in milliseconds; without an expression, the default backoff.
 *
 * @example
 * ```ts
 * import { retryDelaySchedule } from "@x/workflow";
 *
 * retryDelaySchedule("1000 * (retried + 1)", 3); // [1000, 2000, 3000]
 * retryDelaySchedule(undefined, 2); // the default backoff: [1000, 12182.49...]
 * ```
 */
export function retryDelaySchedule(expression: string | undefined, count: number): number[] {
  const evaluate =
    expression === undefined ? defaultRetryDelay : parseRetryDelay(expression).evaluate;
  return Array.from({ length: count }, (_, retried) => evaluate(retried));
}

/**
 * The service's backoff without an expression: `min(86400, e^(2.5 * retried))` seconds, in ms.
 *
 * @example
 * ```ts
 * import { defaultRetryDelay } from "@x/workflow";
 *
 * defaultRetryDelay(0); // 1000
 * defaultRetryDelay(10); // 86400000, the one-day cap
 * ```
 */
export function defaultRetryDelay(retried: number): number {
  return Math.min(86400, Math.exp(2.5 * retried)) * 1000;
}
