/**
 * Every match of the global expression `pattern` in `text`, in order; `pattern` must not
 * match empty text. An `exec` loop, as `matchAll` copies the expression on every call, and
 * a trigger checks its delay and retry expression on every call. The loop ends at the
 * text's end, which leaves `lastIndex` at 0 again.
 */
export function matchesOf(pattern: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    matches.push(match);
  }
  return matches;
}
