import { invalid, ValidationError } from "../errors/errors";
import { UPSTASH_NAMES } from "./upstash-names";

/**
 * Every key of `T`, each mapped to `true`: a list of the options a method accepts that
 * the compiler keeps complete. A key added to or renamed in `T` (by the spec, through the
 * generated types) is a compile error here until the list follows.
 */
export type KeyList<T> = { readonly [K in keyof Required<T>]: true };

/**
 * Rejects a key of `value` that `allowed` does not list (unless its value is `undefined`), so a misspelt option is an error
 * instead of being dropped: `trigger: unknown option "delays" (did you mean "delay"?)`.
 * `where` names the method or object for the message, e.g. `trigger` or
 * `trigger flowControl`; the error's `field` is the key itself after `at`, the path of the
 * object (`flowControl.`), as for every other ValidationError.
 */
export function checkKnownKeys(where: string, value: object, allowed: object, at = ""): void {
  for (const key of Object.keys(value)) {
    // A key given as `undefined` is a key left out, whatever its name.
    if (Object.hasOwn(allowed, key) || (value as Record<string, unknown>)[key] === undefined) {
      continue;
    }
    const meant = closestKey(key, Object.keys(allowed));
    const hint = meant === undefined ? "" : ` (did you mean "${meant}"?)`;
    throw new ValidationError(`${at}${key}`, `unknown option ${JSON.stringify(key)}${hint}`, where);
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
 * The candidate a typo most likely meant: our name for an Upstash SDK's name of the option
 * (`failureUrl` finds `failureCallback`, see upstash-names.ts), when it is a candidate; else
 * same letters in another case; at most a third of the letters of the longer of the two (at
 * least one, at most two) away, so `limt` finds `limit`; or a word of the same stem, so
 * `retry` finds `retries`. The nearest one wins.
 */
export function closestKey(key: string, candidates: readonly string[]): string | undefined {
  const ours = Object.hasOwn(UPSTASH_NAMES, key) ? UPSTASH_NAMES[key] : undefined;
  if (ours !== undefined && candidates.includes(ours)) return ours;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === key.toLowerCase()) return candidate;
    const allowed = Math.min(
      2,
      Math.max(1, Math.floor(Math.max(key.length, candidate.length) / 3)),
    );
    const distance = editDistance(key, candidate);
    if ((distance <= allowed || sameStem(key, candidate)) && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Whether the shorter word, less its last letter (at least three remain), begins the longer. */
function sameStem(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const stem = shorter.slice(0, -1).toLowerCase();
  return stem.length >= 3 && longer.toLowerCase().startsWith(stem);
}

/**
 * Edits that turn `a` into `b`: insert, delete or substitute a character, or swap two
 * adjacent ones (the optimal string alignment distance), so a typo like "limti" is one edit.
 */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const substitution = (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const deletion = (above[j] ?? 0) + 1;
      const insertion = (row[j - 1] ?? 0) + 1;
      let best = Math.min(substitution, deletion, insertion);
      const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
      if (swapped) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}
