/**
 * Edits (insert, delete or substitute a character, or swap two adjacent ones) that turn `a`
 * into `b`: the optimal string alignment distance, where a typo like "prot" is one edit.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1]!;
      const same = a[i - 1] === b[j - 1];
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (same ? 0 : 1));
      const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
      if (swapped) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate a mistyped name most likely meant, or undefined when none is close: at most
 * a third of the name's characters may differ (and always at least 1), so "prot" finds
 * "port" but "colour" finds nothing among "host" and "port"; failing that, a candidate with
 * the name as one of its dash-separated words.
 */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  const allowed = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // "port" is far from "workflow-port" by edits, yet plainly meant one of the ports.
  return best ?? candidates.find((candidate) => candidate.split("-").includes(name));
}

/** `; did you mean "x"?` when a candidate is close, else the list of what is accepted. */
export function suggestion(
  name: string,
  candidates: readonly string[],
  show: (candidate: string) => string = (candidate) => `"${candidate}"`,
): string {
  const near = closest(name, candidates);
  if (near !== undefined) return `; did you mean ${show(near)}?`;
  return `; expected one of ${candidates.map(show).join(", ")}`;
}
