import { bodyViolations } from "./body.js";
import { headerMap } from "./headers.js";
import { paramViolations } from "./params.js";
import { readBody } from "./read-body.js";
import type { ContractSpec, ResponseObject } from "./spec.js";
import type { ResponseParts, Violation } from "./types.js";

/** The declared response for a status: exact code, then its range ("4XX"), then "default". */
function declaredResponse(
  responses: Record<string, ResponseObject>,
  status: number,
): ResponseObject | undefined {
  const range = `${String(status).charAt(0)}XX`;
  const key =
    Object.keys(responses).find((k) => k === String(status)) ??
    Object.keys(responses).find((k) => k.toUpperCase() === range) ??
    (Object.hasOwn(responses, "default") ? "default" : undefined);
  return key === undefined ? undefined : responses[key];
}

export function validateResponseParts(
  spec: ContractSpec,
  operationId: string,
  parts: ResponseParts,
): Violation[] {
  const operation = spec.operations.find((op) => op.operationId === operationId);
  if (operation === undefined) {
    return [{ where: "operation", message: `${operationId} is not in the ${spec.service} spec` }];
  }
  const response = declaredResponse(operation.responses, parts.status);
  if (response === undefined) {
    const declared = Object.keys(operation.responses).join(", ");
    return [
      {
        where: "status",
        message: `${parts.status} is not declared for ${operationId} (declared: ${declared})`,
      },
    ];
  }
  const headers = headerMap(parts.headers);
  const violations: Violation[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = headers.get(name.toLowerCase());
    const where = `response header ${name}`;
    if (value === undefined) {
      if (header.required === true) violations.push({ where, message: "is required" });
      continue;
    }
    violations.push(...paramViolations(spec, where, value, header.schema));
  }
  const content = response.content ?? {};
  const body = bodyViolations(
    spec,
    {
      content,
      // A response that declares content must carry it.
      required: Object.keys(content).length > 0,
      where: "response body",
      owner: `${operationId} ${parts.status}`,
    },
    headers.get("content-type"),
    parts.body === "" && Object.keys(content).length === 0 ? undefined : parts.body,
  );
  // concat, not push(...body): a huge wrong array has more violations than a call takes arguments.
  return violations.concat(body);
}

export async function checkResponse(
  spec: ContractSpec,
  operationId: string,
  response: Response,
): Promise<Violation[]> {
  const contentType = response.headers.get("content-type");
  const read = await readBody(response.clone(), contentType, "response body");
  const violations = validateResponseParts(spec, operationId, {
    status: response.status,
    headers: response.headers,
    body: read.body,
  });
  return read.error === undefined
    ? violations
    : [...violations.filter((v) => v.where !== "response body"), read.error];
}
