// A path template (`/range/{namespace}`) compiled into the regular expression that matches
// its paths, and how specific it is, so the most literal template wins a tie.

export interface PathMatcher {
  regex: RegExp;
  names: string[];
  /** Higher is more specific: literal segments first, then fewer greedy params. */
  rank: number;
}

export function compileTemplate(template: string, greedy: string[]): PathMatcher {
  const names: string[] = [];
  let source = "";
  let literal = 0;
  let last = 0;
  for (const token of template.matchAll(/\{([^}]+)\}/g)) {
    const name = token[1] ?? "";
    const before = template.slice(last, token.index);
    source += escapeRegExp(before);
    literal += before.length;
    names.push(name);
    // A greedy value runs to the end of the path, slashes and "://" included.
    source += greedy.includes(name) ? "(.+)" : "([^/]+)";
    last = token.index + token[0].length;
  }
  const tail = template.slice(last);
  source += escapeRegExp(tail);
  literal += tail.length;
  const segments = template.split("/").filter((s) => s !== "" && !s.includes("{")).length;
  const greedyCount = names.filter((n) => greedy.includes(n)).length;
  return {
    regex: new RegExp(`^${source}$`),
    names,
    rank: segments * 1_000_000 - greedyCount * 1_000 + literal,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
