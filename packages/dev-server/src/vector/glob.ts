// Unix glob as in SQLite's GLOB: `*` any run, `?` one character, `[abc]`, `[a-z]`,
// `[^abc]` / `[!abc]`; case-sensitive; a `]` right after `[` (or `[^`) is a member.
export function compileGlob(pattern: string): RegExp {
  let re = "";
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === "*") re += "[\\s\\S]*";
    else if (c === "?") re += "[\\s\\S]";
    else if (c === "[") {
      const close = classEnd(chars, i);
      if (close < 0) {
        re += "\\[";
        continue;
      }
      let body = chars.slice(i + 1, close);
      let negate = false;
      if (body[0] === "^" || body[0] === "!") {
        negate = true;
        body = body.slice(1);
      }
      const members = body.map((m, k) =>
        m === "-" && k > 0 && k < body.length - 1 ? "-" : escapeClass(m),
      );
      re += `[${negate ? "^" : ""}${members.join("")}]`;
      i = close;
    } else re += escapeRegExp(c);
  }
  return new RegExp(`^${re}$`, "u");
}

function classEnd(chars: string[], open: number): number {
  let j = open + 1;
  if (chars[j] === "^" || chars[j] === "!") j++;
  if (chars[j] === "]") j++;
  for (; j < chars.length; j++) if (chars[j] === "]") return j;
  return -1;
}

function escapeClass(c: string): string {
  return /[\\\]^[-]/.test(c) ? `\\${c}` : c;
}

function escapeRegExp(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}
