// The lexer of the filter language: strings (both quoting rules), numbers, names, operators.
/** A filter that does not parse; `position` is 1-based, counted in characters. */
export class FilterSyntaxError extends Error {
  constructor(
    readonly position: number,
    reason: string,
  ) {
    super(`Invalid filter at position ${position}: ${reason}`);
    this.name = "FilterSyntaxError";
  }
}

export type Token =
  | { type: "ident"; text: string; pos: number }
  | { type: "string"; value: string; pos: number }
  | { type: "number"; value: number; pos: number }
  | { type: "punct"; text: string; pos: number }
  | { type: "end"; pos: number };

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const OPERATORS = ["!=", "<=", ">=", "=", "<", ">", "(", ")", ",", ".", "[", "]", "#", "-"];
const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r" };

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      // Both escaping rules work: a doubled quote ('it''s') and a backslash ('it\'s').
      const start = i;
      let value = "";
      i++;
      for (;;) {
        if (i >= src.length) throw new FilterSyntaxError(start + 1, "unterminated string");
        const ch = src[i]!;
        if (ch === "\\" && i + 1 < src.length) {
          const next = src[i + 1]!;
          value += ESCAPES[next] ?? next;
          i += 2;
        } else if (ch === c) {
          if (src[i + 1] === c) {
            value += c;
            i += 2;
          } else {
            i++;
            break;
          }
        } else {
          value += ch;
          i++;
        }
      }
      tokens.push({ type: "string", value, pos: start });
      continue;
    }
    const prev = tokens[tokens.length - 1];
    // In `[#-1]` the minus is an operator, not the sign of a number.
    const afterHash = prev?.type === "punct" && prev.text === "#";
    const num = afterHash && c === "-" ? null : NUMBER.exec(src.slice(i));
    if (num && (c !== "-" || /[\d.]/.test(src[i + 1] ?? ""))) {
      tokens.push({ type: "number", value: Number(num[0]), pos: i });
      i += num[0].length;
      continue;
    }
    if (IDENT_START.test(c)) {
      const start = i;
      while (i < src.length && IDENT_PART.test(src[i]!)) i++;
      tokens.push({ type: "ident", text: src.slice(start, i), pos: start });
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new FilterSyntaxError(i + 1, `unexpected character ${JSON.stringify(c)}`);
    tokens.push({ type: "punct", text: op, pos: i });
    i += op.length;
  }
  tokens.push({ type: "end", pos: src.length });
  return tokens;
}

export function describe(t: Token): string {
  switch (t.type) {
    case "end":
      return "end of filter";
    case "string":
      return `string ${JSON.stringify(t.value)}`;
    case "number":
      return `number ${t.value}`;
    default:
      return `"${t.text}"`;
  }
}
