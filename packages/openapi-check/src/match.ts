import type { ContractSpec, Operation } from "./spec.js";
import type { OperationMatch } from "./types.js";

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
