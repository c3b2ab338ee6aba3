import type { ContractSpec, Operation, SecurityScheme } from "./spec.js";
import type { Violation } from "./types.js";

export interface Credentials {
  headers: Map<string, string>;
  query: URLSearchParams;
}

/** Names that carry an API key `in` query or header for this operation (never "unknown"). */
export function apiKeyNames(
  spec: ContractSpec,
  operation: Operation,
  where: "query" | "header",
): string[] {
  const names: string[] = [];
  for (const requirement of operation.security) {
    for (const name of Object.keys(requirement)) {
      const scheme = spec.securitySchemes[name];
      if (scheme?.type === "apiKey" && scheme.in === where && scheme.name) {
        names.push(scheme.name);
      }
    }
  }
  return names;
}

/** At least one requirement must be fully met; an empty requirement `{}` means anonymous. */
export function securityViolations(
  spec: ContractSpec,
  operation: Operation,
  sent: Credentials,
): Violation[] {
  if (operation.security.length === 0) return [];
  const satisfied = operation.security.some((requirement) =>
    Object.keys(requirement).every((name) => {
      const scheme = spec.securitySchemes[name];
      return scheme !== undefined && meets(scheme, sent);
    }),
  );
  if (satisfied) return [];
  const accepted = operation.security
    .map((requirement) =>
      Object.keys(requirement)
        .map((name) => `${describe(spec.securitySchemes[name])} (${name})`)
        .join(" and "),
    )
    .join(" or ");
  // Never echo what was sent: it may be a token.
  return [{ where: "security", message: `no accepted credentials; send ${accepted}` }];
}

function meets(scheme: SecurityScheme, sent: Credentials): boolean {
  if (scheme.type === "apiKey") {
    const name = scheme.name ?? "";
    if (scheme.in === "query") return (sent.query.get(name) ?? "") !== "";
    if (scheme.in === "header") return (sent.headers.get(name.toLowerCase()) ?? "").trim() !== "";
    if (scheme.in === "cookie") return cookie(sent.headers.get("cookie"), name) !== "";
    return false;
  }
  const auth = sent.headers.get("authorization") ?? "";
  const expected = scheme.type === "http" ? (scheme.scheme ?? "bearer") : "bearer";
  const match = /^(\S+)\s+(\S.*)$/.exec(auth.trim());
  return match !== null && match[1]?.toLowerCase() === expected.toLowerCase();
}

function cookie(header: string | undefined, name: string): string {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return "";
}

function describe(scheme: SecurityScheme | undefined): string {
  if (scheme === undefined) return "an undeclared scheme";
  if (scheme.type === "apiKey") return `${scheme.in} ${scheme.name}`;
  const kind = scheme.type === "http" ? (scheme.scheme ?? "bearer") : "bearer";
  const word = kind.charAt(0).toUpperCase() + kind.slice(1).toLowerCase();
  return `Authorization: ${word} <credentials>`;
}
