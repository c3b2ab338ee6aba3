import { essence, mediaKind } from "./body.js";
import type { Violation } from "./types.js";

/**
 * JSON.parse takes any depth, but the schema validator and JSON.stringify recurse and would
 * overflow the stack on a body like 100,000 nested arrays; no real body nests this deep.
 */
export const MAX_JSON_DEPTH = 256;

/** Whether JSON text nests arrays and objects deeper than `max`, scanned without recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, which then cannot end the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A body as the validator takes it, or why it could not be read. */
export interface ParsedBody {
  /** Parsed JSON, text or bytes by content type; undefined for an empty body. */
  body: unknown;
  error?: Violation;
}

/**
 * Body bytes as RequestParts and ResponseParts expect them: parsed JSON for a JSON media
 * type, text for `text/*`, the bytes for anything else (or no content type). JSON that
 * does not parse, or nests deeper than {@link MAX_JSON_DEPTH}, is an error at `where`.
 */
export function parseBody(
  bytes: Uint8Array,
  contentType: string | null | undefined,
  where = "body",
): ParsedBody {
  if (bytes.byteLength === 0) return { body: undefined };
  const type = essence(contentType);
  if (type === undefined) return { body: bytes };
  const kind = mediaKind(type);
  if (kind === "binary") return { body: bytes };
  const text = new TextDecoder().decode(bytes);
  if (kind === "text") return { body: text };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    return { body: undefined, error: { where, message: `is not valid JSON (${reason})` } };
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return {
      body: undefined,
      error: { where, message: `nests deeper than ${MAX_JSON_DEPTH} levels` },
    };
  }
  return { body };
}

/** Reads the whole body of a Request or Response and parses it as {@link parseBody} does. */
export async function readBody(
  message: Request | Response,
  contentType: string | null,
  where = "body",
): Promise<ParsedBody> {
  if (message.body === null) return { body: undefined };
  return parseBody(new Uint8Array(await message.arrayBuffer()), contentType, where);
}
