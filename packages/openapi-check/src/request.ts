import { bodyViolations } from "./body.js";
import { familyViolations, headerMap } from "./headers.js";
import { decodePercent, type Located, locate, toMatch } from "./match.js";
import { isArraySchema, paramViolations } from "./params.js";
import { readBody } from "./read-body.js";
import { apiKeyNames, securityViolations } from "./security.js";
import type { ContractSpec } from "./spec.js";
import type { RequestCheck, RequestParts, Violation } from "./types.js";

/** Checks one request against the spec, synchronously: the dev server calls this per request. */
export function validateRequestParts(spec: ContractSpec, parts: RequestParts): RequestCheck {
  const url = typeof parts.url === "string" ? new URL(parts.url, "http://localhost") : parts.url;
  const method = parts.method.toUpperCase();
  const candidates = locate(spec, url.pathname);
  const hit = candidates.find((c) => c.operation.method === method);
  if (hit === undefined) {
    if (candidates.length === 0) {
      return { violations: [{ where: "path", message: `no operation matches ${url.pathname}` }] };
    }
    const allowed = [...new Set(candidates.map((c) => c.operation.method))].join(", ");
    const template = candidates[0]?.operation.pathTemplate ?? url.pathname;
    return {
      violations: [
        {
          where: "method",
          message: `${method} is not allowed on ${template} (allowed: ${allowed})`,
        },
      ],
    };
  }
  const headers = headerMap(parts.headers);
  const violations = [
    ...pathViolations(spec, hit),
    ...queryViolations(spec, hit, url.searchParams),
    ...headerViolations(spec, hit, headers),
    ...securityViolations(spec, hit.operation, { headers, query: url.searchParams }),
  ];
  const { requestBody, operationId } = hit.operation;
  const body = bodyViolations(
    spec,
    {
      content: requestBody?.content ?? {},
      required: requestBody?.required ?? false,
      where: "body",
      owner: operationId,
    },
    headers.get("content-type"),
    parts.body,
  );
  // concat, not push(...body): a body with 300,000 wrong items has as many violations,
  // past the number of arguments a call can take.
  return { operation: toMatch(hit), violations: violations.concat(body) };
}

function pathViolations(spec: ContractSpec, hit: Located): Violation[] {
  const violations: Violation[] = [];
  for (const param of hit.operation.parameters) {
    if (param.in !== "path") continue;
    const raw = hit.raw[param.name] ?? "";
    const value = decodePercent(raw);
    const where = `path.${param.name}`;
    if (value === undefined) {
      violations.push({ where, message: `has malformed percent-encoding (got "${raw}")` });
      continue;
    }
    violations.push(...paramViolations(spec, where, value, param.schema));
  }
  return violations;
}

function queryViolations(spec: ContractSpec, hit: Located, query: URLSearchParams): Violation[] {
  const violations: Violation[] = [];
  const declared = hit.operation.parameters.filter((p) => p.in === "query");
  const allowed = new Set([
    ...declared.map((p) => p.name),
    ...apiKeyNames(spec, hit.operation, "query"),
  ]);
  for (const param of declared) {
    const values = query.getAll(param.name);
    const where = `query ${param.name}`;
    if (values.length === 0) {
      if (param.required) violations.push({ where, message: "is required" });
      continue;
    }
    const isArray = isArraySchema(param.schema);
    if (values.length > 1 && !isArray) {
      violations.push({ where, message: `must be given once (got ${values.length} times)` });
      continue;
    }
    violations.push(
      ...paramViolations(spec, where, isArray ? values : (values[0] ?? ""), param.schema),
    );
  }
  for (const name of new Set(query.keys())) {
    if (!allowed.has(name)) {
      violations.push({
        where: `query ${name}`,
        message: `is not declared by ${hit.operation.operationId}`,
      });
    }
  }
  return violations;
}

function headerViolations(
  spec: ContractSpec,
  hit: Located,
  headers: Map<string, string>,
): Violation[] {
  const violations: Violation[] = [];
  const declared = hit.operation.parameters.filter((p) => p.in === "header");
  for (const param of declared) {
    const value = headers.get(param.name.toLowerCase());
    const where = `header ${param.name}`;
    if (value === undefined) {
      if (param.required) violations.push({ where, message: "is required" });
      continue;
    }
    violations.push(...paramViolations(spec, where, value, param.schema));
  }
  violations.push(
    ...familyViolations(
      headers,
      [...declared.map((p) => p.name), ...apiKeyNames(spec, hit.operation, "header")],
      hit.operation.headerPrefixes,
      spec.headerFamily,
      hit.operation.operationId,
    ),
  );
  return violations;
}

/** Reads a clone of the body, parses it by content type, then validates like the sync form. */
export async function checkRequest(spec: ContractSpec, request: Request): Promise<RequestCheck> {
  const headers = request.headers;
  const read = await readBody(request.clone(), headers.get("content-type"));
  const check = validateRequestParts(spec, {
    method: request.method,
    url: request.url,
    headers,
    body: read.body,
  });
  if (read.error !== undefined) {
    // The body was sent but unreadable: report that, not "body is required".
    check.violations = [...check.violations.filter((v) => v.where !== "body"), read.error];
  }
  return check;
}
