// Recursive-descent parser for the metadata filter language of the vector interface document.
// Grammar (keywords case-insensitive, AND binds tighter than OR):
//   or        := and ("OR" and)*
//   and       := unary ("AND" unary)*
//   unary     := "(" or ")" | "HAS" ["NOT"] "FIELD" path | path predicate
//   predicate := op literal | ["NOT"] "GLOB" string | ["NOT"] "IN" "(" literal ("," literal)* ")"
//              | ["NOT"] "CONTAINS" literal
//   path      := ident ("." ident | "[" int "]" | "[" "#" "-" int "]")*

import { describe, FilterSyntaxError, type Token, tokenize } from "./filter-tokens.js";
import { compileGlob, type Glob, GlobPatternError } from "./glob.js";

export { FilterSyntaxError };

export type Literal = string | number | boolean;
/** A path step: a property name, an index from the start, or an offset from the end (`#-n`). */
export type Step = { key: string } | { index: number } | { fromEnd: number };
export type CompareOp = "=" | "!=" | "<" | "<=" | ">" | ">=";

export type FilterNode =
  | { kind: "or"; items: FilterNode[] }
  | { kind: "and"; items: FilterNode[] }
  | { kind: "compare"; path: Step[]; op: CompareOp; value: Literal }
  | { kind: "glob"; path: Step[]; negated: boolean; pattern: Glob }
  | { kind: "in"; path: Step[]; negated: boolean; values: Set<Literal> }
  | { kind: "contains"; path: Step[]; negated: boolean; value: Literal }
  | { kind: "has"; path: Step[]; negated: boolean };

// Parentheses recurse; a bound keeps a hostile filter from exhausting the stack.
const MAX_DEPTH = 64;

// What a user means as one unquoted value runs to the next space, parenthesis, comma or
// quote: `sci-fi` lexes as "sci", "-", "fi", and advice to quote only "sci" would be wrong.
const BARE_WORD = /[^\s(),'"]+/y;

/** The unquoted word that starts at `pos` in `source`, as the user wrote it. */
function bareWordAt(source: string, pos: number): string {
  BARE_WORD.lastIndex = pos;
  return BARE_WORD.exec(source)?.[0] ?? "";
}

class Parser {
  private i = 0;
  private depth = 0;
  private readonly tokens: Token[];
  constructor(
    private readonly source: string,
    private readonly maxGlobLength: number,
  ) {
    this.tokens = tokenize(source);
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }
  private fail(expected: string, t = this.peek()): never {
    throw new FilterSyntaxError(t.pos + 1, `expected ${expected}, found ${describe(t)}`);
  }
  // A bare word where a value belongs is most often a string someone forgot to quote.
  private failUnquoted(expected: string): never {
    const t = this.peek();
    if (t.type !== "ident") this.fail(expected);
    // The word stops at any quote, so it needs no escaping inside the quotes.
    const word = bareWordAt(this.source, t.pos);
    throw new FilterSyntaxError(
      t.pos + 1,
      `expected ${expected}, found "${word}"; a string value is quoted: write '${word}'`,
    );
  }
  private isKeyword(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.type === "ident" && t.text.toUpperCase() === word;
  }
  private isPunct(text: string): boolean {
    const t = this.peek();
    return t.type === "punct" && t.text === text;
  }
  private expectPunct(text: string): void {
    if (!this.isPunct(text)) this.fail(`"${text}"`);
    this.next();
  }
  private expectKeyword(word: string): void {
    if (!this.isKeyword(word)) this.fail(word);
    this.next();
  }

  parse(): FilterNode {
    const node = this.or();
    if (this.peek().type !== "end") this.fail("AND, OR or the end of the filter");
    return node;
  }

  private or(): FilterNode {
    const items = [this.and()];
    while (this.isKeyword("OR")) {
      this.next();
      items.push(this.and());
    }
    return items.length === 1 ? items[0]! : { kind: "or", items };
  }

  private and(): FilterNode {
    const items = [this.unary()];
    while (this.isKeyword("AND")) {
      this.next();
      items.push(this.unary());
    }
    return items.length === 1 ? items[0]! : { kind: "and", items };
  }

  private unary(): FilterNode {
    if (this.isPunct("(")) {
      if (++this.depth > MAX_DEPTH) {
        throw new FilterSyntaxError(
          this.peek().pos + 1,
          `parentheses nest deeper than ${MAX_DEPTH}`,
        );
      }
      this.next();
      const inner = this.or();
      this.expectPunct(")");
      this.depth--;
      return inner;
    }
    // "HAS" starts a presence test only when FIELD or NOT FIELD follows, so a field may be named "has".
    if (this.isKeyword("HAS") && (this.isKeyword("FIELD", 1) || this.isKeyword("NOT", 1))) {
      this.next();
      const negated = this.isKeyword("NOT");
      if (negated) this.next();
      this.expectKeyword("FIELD");
      return { kind: "has", path: this.path(), negated };
    }
    const path = this.path();
    return this.predicate(path);
  }

  private path(): Step[] {
    const first = this.peek();
    if (first.type !== "ident") this.fail("a field name");
    this.next();
    const steps: Step[] = [{ key: first.text }];
    for (;;) {
      if (this.isPunct(".")) {
        this.next();
        const t = this.peek();
        if (t.type !== "ident") this.fail('a field name after "."');
        this.next();
        steps.push({ key: t.text });
      } else if (this.isPunct("[")) {
        this.next();
        if (this.isPunct("#")) {
          this.next();
          this.expectPunct("-");
          steps.push({ fromEnd: this.arrayIndex() });
        } else {
          steps.push({ index: this.arrayIndex() });
        }
        this.expectPunct("]");
      } else {
        return steps;
      }
    }
  }

  private arrayIndex(): number {
    const t = this.peek();
    if (t.type !== "number" || !Number.isInteger(t.value) || t.value < 0) {
      this.fail("a non-negative integer index");
    }
    this.next();
    return t.value;
  }

  private predicate(path: Step[]): FilterNode {
    const t = this.peek();
    if (t.type === "punct" && ["=", "!=", "<", "<=", ">", ">="].includes(t.text)) {
      this.next();
      const op = t.text as CompareOp;
      const valueToken = this.peek();
      const value = this.literal();
      if (op !== "=" && op !== "!=" && typeof value === "boolean") {
        this.fail("a number or a string (booleans compare only with = and !=)", valueToken);
      }
      return { kind: "compare", path, op, value };
    }
    const negated = this.isKeyword("NOT");
    if (negated) this.next();
    if (this.isKeyword("GLOB")) {
      this.next();
      const p = this.peek();
      if (p.type !== "string") this.failUnquoted("a quoted glob pattern");
      this.next();
      if (p.value.length > this.maxGlobLength) {
        throw new FilterSyntaxError(
          p.pos + 1,
          `the glob pattern is ${p.value.length} characters, over this server's limit of ${this.maxGlobLength}; shorten it, or start the dev server with --max-glob-length to raise it`,
        );
      }
      let pattern: Glob;
      try {
        pattern = compileGlob(p.value);
      } catch (err) {
        if (!(err instanceof GlobPatternError)) throw err;
        throw new FilterSyntaxError(p.pos + 1, `invalid glob pattern: ${err.message}`);
      }
      return { kind: "glob", path, negated, pattern };
    }
    if (this.isKeyword("IN")) {
      this.next();
      this.expectPunct("(");
      const values = [this.literal()];
      while (this.isPunct(",")) {
        this.next();
        values.push(this.literal());
      }
      this.expectPunct(")");
      return { kind: "in", path, negated, values: new Set(values) };
    }
    if (this.isKeyword("CONTAINS")) {
      this.next();
      return { kind: "contains", path, negated, value: this.literal() };
    }
    return this.fail(
      negated ? "GLOB, IN or CONTAINS after NOT" : "an operator (= != < <= > >= GLOB IN CONTAINS)",
    );
  }

  private literal(): Literal {
    const t = this.peek();
    if (t.type === "string" || t.type === "number") {
      this.next();
      return t.value;
    }
    if (this.isKeyword("TRUE") || this.isKeyword("FALSE")) {
      this.next();
      return this.isKeywordText(t, "TRUE");
    }
    return this.failUnquoted("a value (number, quoted string, true or false)");
  }

  private isKeywordText(t: Token, word: string): boolean {
    return t.type === "ident" && t.text.toUpperCase() === word;
  }
}

/**
 * Parses a filter; `undefined` for an empty (or blank) filter, which matches everything.
 * A GLOB pattern longer than `maxGlobLength` characters is a syntax error at its position.
 */
export function parseFilter(source: string, maxGlobLength: number): FilterNode | undefined {
  if (source.trim() === "") return undefined;
  return new Parser(source, maxGlobLength).parse();
}
