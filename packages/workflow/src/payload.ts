import { invalid, quote } from "@x/core/internal";
import { mediaTypes } from "./generated/requests";
import type { Bytes, TriggerRequest } from "./options";

/** The media types the spec lists for a trigger's body; the service specifies no others. */
const MEDIA_TYPES: readonly string[] = mediaTypes.WorkflowPayload;

/** A trigger's body as sent, with its content type. */
export interface SentPayload {
  body?: string | Bytes;
  contentType?: TriggerRequest["contentType"];
}

/**
 * The body of a trigger as sent: text as `text/plain`, bytes as `application/octet-stream`,
 * a JSON object as `application/json`, unless `contentType` names one of the three.
 */
export function payloadOf(request: TriggerRequest): SentPayload {
  const { body, contentType } = request;
  if (contentType !== undefined) checkContentType(contentType);
  if (body === undefined) return {};
  if (typeof body === "string") return { body, contentType: contentType ?? "text/plain" };
  if (body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof Blob) {
    return { body, contentType: contentType ?? "application/octet-stream" };
  }
  return { body: jsonText(body), contentType: contentType ?? "application/json" };
}

function checkContentType(contentType: unknown): void {
  // The media type decides; parameters such as "; charset=utf-8" go to the workflow as given.
  const mediaType = typeof contentType === "string" ? contentType.split(";")[0] : undefined;
  const known = mediaType?.trim().toLowerCase() ?? "";
  if (!MEDIA_TYPES.includes(known) || /[\0\n\r]/.test(String(contentType))) {
    invalid(
      "contentType",
      `${quote(contentType)} is not one of ${MEDIA_TYPES.join(", ")} (optionally with parameters such as "; charset=utf-8")`,
    );
  }
}

/** A JSON object's text; the service's JSON payload is an object, never an array or a scalar. */
function jsonText(body: unknown): string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    invalid("body", "must be text, bytes or a JSON object (wrap an array or a value in an object)");
  }
  try {
    return JSON.stringify(body);
  } catch (error) {
    // A BigInt or a cycle: say which, without a bare TypeError.
    return invalid("body", `cannot be sent as JSON (${(error as Error).message})`);
  }
}
