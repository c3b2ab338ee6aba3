import type { ContractSpec, Operation } from "./spec.js";
import type { OperationMatch } from "./types.js";

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

export interface Located {
  operation: Operation;
  /** Raw (still percent-encoded) values by parameter name. */
  raw: Record<string, string>;
}

/** Every operation whose path template matches, most specific first, any method. */
export function locate(spec: ContractSpec, pathname: string): Located[] {
  const path = stripBase(spec, pathname);
  const found: Located[] = [];
  for (const operation of spec.operations) {
    const m = operation.matcher.regex.exec(path);
    if (m === null) continue;
    const raw: Record<string, string> = {};
    operation.matcher.names.forEach((name, i) => {
      raw[name] = m[i + 1] ?? "";
    });
    found.push({ operation, raw });
  }
  return found.sort((a, b) => b.operation.matcher.rank - a.operation.matcher.rank);
}

function stripBase(spec: ContractSpec, pathname: string): string {
  for (const base of spec.basePaths) {
    if (pathname === base) return "/";
    if (pathname.startsWith(`${base}/`)) return pathname.slice(base.length);
  }
  return pathname;
}

/** `raw` with every percent-escape decoded; undefined when an escape is malformed. */
export function decodePercent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function toMatch(located: Located): OperationMatch {
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(located.raw)) params[name] = decodePercent(raw) ?? raw;
  const { operationId, method, pathTemplate } = located.operation;
  return { operationId, method, pathTemplate, params };
}

/** The operation for this method and (still encoded) pathname, preferring literal matches. */
export function matchOperation(
  spec: ContractSpec,
  method: string,
  pathname: string,
): OperationMatch | undefined {
  const upper = method.toUpperCase();
  const hit = locate(spec, pathname).find((l) => l.operation.method === upper);
  return hit === undefined ? undefined : toMatch(hit);
}
