// Text from a live server is data, never terminal commands or a place for a secret: what
// `x-dev import` and `x-dev probe` print of it (a namespace name, a record id, an error the
// service wrote, a JSON pointer into its answer) goes through `printable` first. It drops
// terminal escapes and control characters, then redacts every secret of the run (the token,
// a URL's password) in each form a server could echo it in.

const REDACTED = "[redacted]";

/**
 * Terminal escapes, whole: CSI (`ESC [ ... final`, or the one-byte C1 form), OSC and the
 * other string commands (`ESC ] ... BEL` or `ESC \`, or up to the text's end when cut), and
 * any other ESC with the character after it.
 */
const ESCAPES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[\s\S]?/g;

/**
 * What is left to drop: C0 and C1 controls and DEL (a line break too: one message stays one
 * line), and the Unicode marks that reorder or hide the text shown around them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes
const CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Below this length a secret's encoded forms are too short to tell from ordinary text. */
const ENCODED_FORMS_FROM = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The base64 characters made of `secret`'s bits alone, at each of the three offsets its
 * bytes can take in an encoded text (base64 writes 3 bytes as 4 characters), as patterns
 * matching both base64 and base64url.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]);
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const own = shifted.toString("base64").slice(first, end);
    // base64url writes `-` and `_` where base64 writes `+` and `/`.
    forms.push([...own].map((c) => (c === "+" ? "[+-]" : c === "/" ? "[/_]" : c)).join(""));
  }
  return forms;
}

/**
 * The ways one character can be written: as itself, percent-encoded (its UTF-8 bytes), or
 * JSON-escaped (`\uXXXX`, and `\/`, `\"`, `\\` for those three).
 */
function characterForms(c: string): string {
  const forms = [escapeRegExp(c)];
  const bytes = [...Buffer.from(c, "utf8")];
  forms.push(bytes.map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""));
  // A character past U+FFFF is two UTF-16 units in JSON, each its own `\uXXXX`.
  const units = Array.from({ length: c.length }, (_, i) => c.charCodeAt(i));
  forms.push(units.map((u) => `\\\\u${u.toString(16).padStart(4, "0")}`).join(""));
  if (c === "/" || c === '"' || c === "\\") forms.push(`\\\\${escapeRegExp(c)}`);
  return `(?:${forms.join("|")})`;
}

/**
 * One pattern for every written form of `secret`: each character in any of its forms (so a
 * mix of raw, percent-encoded and JSON-escaped matches too), or its base64 and base64url
 * forms.
 */
function patternOf(secret: string): string {
  const forms = [[...secret].map(characterForms).join("")];
  if (secret.length >= ENCODED_FORMS_FROM) forms.push(...base64Forms(secret));
  return forms.join("|");
}

/**
 * A function making live text printable: escapes and controls dropped, then each of
 * `secrets` (empty ones are skipped) redacted in every form. Matched case-insensitively,
 * since percent and `\u` escapes may write their hex digits in either case: at worst a
 * text equal to a secret but for case is redacted too.
 */
export function printable(secrets: readonly string[]): (text: string) => string {
  const forms = secrets.filter((secret) => secret !== "").map(patternOf);
  const pattern = forms.length === 0 ? undefined : new RegExp(forms.join("|"), "gi");
  return (text) => {
    const plain = String(text).replace(ESCAPES, "").replace(CONTROLS, " ");
    return pattern === undefined ? plain : plain.replace(pattern, REDACTED);
  };
}
