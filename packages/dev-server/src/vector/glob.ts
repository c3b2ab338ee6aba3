// Unix glob as in SQLite's GLOB: `*` any run, `?` one character, `[abc]`, `[a-z]`,
// `[^abc]` / `[!abc]`; case-sensitive; a `]` right after `[` (or `[^`) is a member.
//
// Matching never backtracks more than one step: every token but `*` consumes exactly one
// character, so remembering only the last `*` is enough (a later `*` can absorb anything an
// earlier one could). The work is at most pattern length x value length, whatever the
// pattern; a backtracking regular expression takes exponential time on `*a*a*a*...b`. Each
// step of the matcher is spent from the request's FilterWork, which stops a long match.

import type { FilterWork } from "./filter-work.js";

/** A pattern the matcher refuses; `position` is the 1-based character in the pattern. */
export class GlobPatternError extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
    this.name = "GlobPatternError";
  }
}

/** An inclusive range of code points; a single character is a range of one. */
interface CodePointRange {
  from: number;
  to: number;
}

type GlobToken =
  | { kind: "star" }
  | { kind: "any" }
  | { kind: "literal"; codePoint: number }
  | { kind: "class"; negated: boolean; ranges: CodePointRange[] };

export interface Glob {
  /** Whether the whole value matches the pattern; each step of the match is spent from `work`. */
  test(value: string, work: FilterWork): boolean;
}

/** Parses a pattern; throws `GlobPatternError` for an unclosed `[` or a reversed range. */
export function compileGlob(pattern: string): Glob {
  const tokens = parseGlob(pattern);
  return { test: (value, work) => matchTokens(tokens, value, work) };
}

function parseGlob(pattern: string): GlobToken[] {
  const chars = Array.from(pattern);
  const tokens: GlobToken[] = [];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i]!;
    if (c === "*") {
      // `**` matches what `*` matches; one star keeps the matcher's state small.
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
      i++;
    } else if (c === "?") {
      tokens.push({ kind: "any" });
      i++;
    } else if (c === "[") {
      i = parseClass(chars, i, tokens);
    } else {
      tokens.push({ kind: "literal", codePoint: c.codePointAt(0)! });
      i++;
    }
  }
  return tokens;
}

/** Parses the class opening at `open`, pushes it, and returns the index after its `]`. */
function parseClass(chars: string[], open: number, tokens: GlobToken[]): number {
  let j = open + 1;
  const negated = chars[j] === "^" || chars[j] === "!";
  if (negated) j++;
  const ranges: CodePointRange[] = [];
  let first = true;
  while (j < chars.length && (first || chars[j] !== "]")) {
    first = false;
    const from = chars[j]!.codePointAt(0)!;
    const isRange = chars[j + 1] === "-" && j + 2 < chars.length && chars[j + 2] !== "]";
    if (!isRange) {
      ranges.push({ from, to: from });
      j++;
      continue;
    }
    const to = chars[j + 2]!.codePointAt(0)!;
    if (to < from) {
      throw new GlobPatternError(
        j + 1,
        `the range "${chars[j]}-${chars[j + 2]}" at character ${j + 1} of the pattern ends before it starts; write it as "${chars[j + 2]}-${chars[j]}"`,
      );
    }
    ranges.push({ from, to });
    j += 3;
  }
  if (j >= chars.length) {
    throw new GlobPatternError(
      open + 1,
      `the "[" at character ${open + 1} of the pattern is never closed; close it with "]" or write "[[]" for a literal "["`,
    );
  }
  tokens.push({ kind: "class", negated, ranges });
  return j + 1;
}

function matchesOne(token: GlobToken, codePoint: number): boolean {
  switch (token.kind) {
    case "any":
      return true;
    case "literal":
      return token.codePoint === codePoint;
    case "class": {
      const inside = token.ranges.some((r) => codePoint >= r.from && codePoint <= r.to);
      return inside !== token.negated;
    }
    default:
      return false;
  }
}

/** Code units taken by the character starting at `index` (2 for an astral code point). */
function widthAt(value: string, index: number): number {
  return value.codePointAt(index)! > 0xffff ? 2 : 1;
}

function matchTokens(tokens: GlobToken[], value: string, work: FilterWork): boolean {
  let t = 0;
  let v = 0;
  // Where the last `*` was, and where in the value its run currently ends.
  let starToken = -1;
  let starEnd = 0;
  while (v < value.length) {
    work.spend(1);
    const token = tokens[t];
    if (token?.kind === "star") {
      starToken = t;
      starEnd = v;
      t++;
    } else if (token !== undefined && matchesOne(token, value.codePointAt(v)!)) {
      v += widthAt(value, v);
      t++;
    } else if (starToken >= 0) {
      // Let the last `*` take one more character and retry what follows it.
      starEnd += widthAt(value, starEnd);
      v = starEnd;
      t = starToken + 1;
    } else {
      return false;
    }
  }
  while (tokens[t]?.kind === "star") t++;
  return t === tokens.length;
}
