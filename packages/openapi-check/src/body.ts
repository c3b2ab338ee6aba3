import { schemaViolations } from "./ajv.js";
import type { ContractSpec, MediaType } from "./spec.js";
import type { Violation } from "./types.js";

export type MediaKind = "json" | "text" | "binary";

/** How a body of this (lower-case, parameter-free) media type is represented. */
export function mediaKind(type: string): MediaKind {
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type.startsWith("text/")) return "text";
  return "binary";
}

/** The media type of a Content-Type value, lower-cased, without `; charset=...`. */
export function essence(contentType: string | undefined | null): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "" ? undefined : type;
}

/** The declared media type for `type`: exact first, then `text/*`, then `*\/*`. */
function findMedia(content: Record<string, MediaType>, type: string): MediaType | undefined {
  const byEssence = new Map(Object.entries(content).map(([k, v]) => [essence(k) ?? k, v]));
  return byEssence.get(type) ?? byEssence.get(`${type.split("/")[0]}/*`) ?? byEssence.get("*/*");
}

export interface BodyRule {
  content: Record<string, MediaType>;
  required: boolean;
  /** "body" or "response body"; the content-type check uses the same lead word. */
  where: string;
  owner: string;
}

export function bodyViolations(
  spec: ContractSpec,
  rule: BodyRule,
  contentType: string | undefined,
  body: unknown,
): Violation[] {
  const declared = Object.keys(rule.content);
  const ctWhere = rule.where === "body" ? "content-type" : "response content-type";
  if (body === undefined) {
    return rule.required ? [{ where: rule.where, message: `is required by ${rule.owner}` }] : [];
  }
  if (declared.length === 0) {
    return [{ where: rule.where, message: `must be empty: ${rule.owner} declares no body` }];
  }
  const type = essence(contentType);
  if (type === undefined) {
    return [{ where: ctWhere, message: `is missing; expected one of ${declared.join(", ")}` }];
  }
  const media = findMedia(rule.content, type);
  if (media === undefined) {
    return [{ where: ctWhere, message: `must be one of ${declared.join(", ")} (got "${type}")` }];
  }
  switch (mediaKind(type)) {
    case "text":
      if (typeof body !== "string")
        return [{ where: rule.where, message: `must be text for ${type}` }];
      break;
    case "binary":
      // Bytes are opaque: any string or byte sequence is a valid binary body.
      return typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer
        ? []
        : [{ where: rule.where, message: `must be bytes for ${type}` }];
    case "json":
      if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
        return [{ where: rule.where, message: `must be parsed JSON for ${type}, not bytes` }];
      }
  }
  return media.schema === undefined
    ? []
    : schemaViolations(spec.schemas, media.schema, body, rule.where);
}
