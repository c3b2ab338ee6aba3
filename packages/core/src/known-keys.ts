import { invalid } from "./errors";

/**
 * Every key of `T`, each mapped to `true`: a list of the options a method accepts that
 * the compiler keeps complete. A key added to or renamed in `T` (by the spec, through the
 * generated types) is a compile error here until the list follows.
 */
export type KeyList<T> = { readonly [K in keyof Required<T>]: true };

/**
 * Rejects a key of `value` that `allowed` does not list, so a misspelt option is an error
 * instead of being dropped: `trigger: unknown option "delays" (did you mean "delay"?)`.
 * `where` names the method or object, e.g. `trigger` or `trigger flowControl`.
 */
export function checkKnownKeys(where: string, value: object, allowed: object): void {
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(allowed, key)) continue;
    const meant = closestKey(key, Object.keys(allowed));
    const hint = meant === undefined ? "" : ` (did you mean "${meant}"?)`;
    invalid(where, `unknown option ${JSON.stringify(key)}${hint}`);
  }
}

/** `value` itself if it is a plain object, else a ValidationError naming `field`. */
export function checkObject(value: unknown, field: string, example: string): object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    invalid(field, `must be an object such as ${example}`);
  }
  return value;
}

/**
 * The candidate a typo most likely meant: same letters in another case, or at most a
 * third of the letters (at least one, at most two) away.
 */
export function closestKey(key: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.max(1, Math.floor(key.length / 3)));
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === key.toLowerCase()) return candidate;
    const distance = editDistance(key, candidate);
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance: insertions, deletions and substitutions from `a` to `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const deletion = (previous[j] ?? 0) + 1;
      const insertion = (current[j - 1] ?? 0) + 1;
      current.push(Math.min(substitution, deletion, insertion));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
