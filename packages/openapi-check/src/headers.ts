import type { Violation } from "./types.js";

/** Lower-cased header names to values; accepts a Headers or a plain record. */
export function headerMap(headers: Headers | Record<string, string>): Map<string, string> {
  const map = new Map<string, string>();
  const entries =
    typeof (headers as Headers).forEach === "function" && !isRecord(headers)
      ? headerEntries(headers as Headers)
      : Object.entries(headers);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    const prior = map.get(key);
    map.set(key, prior === undefined ? String(value) : `${prior}, ${value}`);
  }
  return map;
}

function isRecord(value: unknown): value is Record<string, string> {
  return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;
}

function headerEntries(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    out.push([name, value]);
  });
  return out;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers in the spec's custom family (e.g. "Svc-") must be declared or sit under one
 * of the operation's prefixes, so a misspelt or renamed header is caught.
 */
export function familyViolations(
  present: Map<string, string>,
  declared: string[],
  prefixes: string[],
  family: string | undefined,
  operationId: string,
): Violation[] {
  const violations: Violation[] = [];
  const known = new Set(declared.map((d) => d.toLowerCase()));
  for (const name of present.keys()) {
    if (known.has(name)) continue;
    const prefix = prefixes
      .filter((p) => name.startsWith(p.toLowerCase()))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix !== undefined) {
      const rest = name.slice(prefix.length);
      if (!TOKEN.test(rest)) {
        violations.push({
          where: `header ${name}`,
          message: `needs a non-empty HTTP token after the prefix ${prefix}`,
        });
      }
      continue;
    }
    if (family === undefined || !name.startsWith(family.toLowerCase())) continue;
    const hint = closest(name, [...declared, ...prefixes.map((p) => `${p}*`)]);
    violations.push({
      where: `header ${name}`,
      message: `is not declared by ${operationId}${hint === undefined ? "" : ` (did you mean ${hint}?)`}`,
    });
  }
  return violations;
}

function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(3, Math.floor(name.length / 4)) + 1;
  for (const candidate of candidates) {
    const d = distance(name, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}
