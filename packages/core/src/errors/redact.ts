// A server or proxy may echo the token it received: raw, percent-encoded as it was in the
// query string, or JSON-escaped (`\/`, `\u0074`), in any mix, or base64-encoded (as an
// `Authorization: Basic` echo carries `user:token`). Every text of theirs is passed through
// one redactor before it reaches an error, so none of those forms survives.

export const REDACTED = "[redacted]";

/** Replaces every written form of one secret in a text with `[redacted]`. */
export type Redactor = (text: string) => string;

/**
 * Below this length a token cannot be told apart from pieces of ordinary words ("t" is in
 * "fetch", "port" and "http"), so it is redacted only where it stands as a whole word.
 */
const WHOLE_WORD_BELOW = 8;

/**
 * A redactor for `secret`, applied only to text that came from outside (a body, a server's
 * message, a cause's message), never to what the client wrote itself. It is one regular
 * expression in which each character of the secret matches any of its written forms,
 * longest first, so one pass finds every mix of forms and never matches inside a
 * `[redacted]` it has just written; beside it, the secret's base64 and base64url forms. A
 * secret shorter than {@link WHOLE_WORD_BELOW} characters matches only where no letter or
 * digit touches it on either side.
 */
export function createRedactor(secret: string): Redactor {
  const forms = [...secret].map(characterForms).join("");
  const source =
    secret.length < WHOLE_WORD_BELOW
      ? `(?<![A-Za-z0-9])${forms}(?![A-Za-z0-9])`
      : [forms, ...base64Forms(secret)].join("|");
  const pattern = new RegExp(source, "g");
  return (text) => text.replace(pattern, REDACTED);
}

/**
 * The base64 and base64url forms of `secret` wherever its bytes fall in an encoded text.
 * Base64 writes each 3 bytes as 4 characters, so the characters the secret becomes depend
 * on its offset in a group of 3 (`user:token` puts it at 5, so at 2): one form per offset,
 * of the characters made of the secret's bits alone. The one or two characters at either
 * end, shared with the bytes around it, stay: a few bits, not the token. Only for a secret
 * of {@link WHOLE_WORD_BELOW} characters or more: a shorter one's forms are too short to
 * tell from other base64.
 */
function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const shifted = new Uint8Array(offset + bytes.length);
    shifted.set(bytes, offset);
    const first = Math.ceil((offset * 8) / 6);
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const own = base64(shifted).slice(first, end);
    // base64url writes `-` and `_` where base64 writes `+` and `/`.
    forms.push(own.replace(/\+/g, "[+-]").replace(/\//g, "[/_]"));
  }
  return forms;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * `bytes` in base64, the last group filled out with zero bits instead of padded: the forms
 * above end before it. Written out rather than `btoa`, which client code does not assume
 * every runtime has.
 */
function base64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const group = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    for (let shift = 18; shift >= 0; shift -= 6) text += BASE64[(group >> shift) & 63];
  }
  return text;
}

/** A regular-expression group matching every form of one character, longest first. */
function characterForms(character: string): string {
  const forms = [
    jsonUnicodeEscape(character),
    percentEncoded(character),
    jsonShortEscape(character),
    escapeForRegExp(character),
  ].filter((form) => form !== "");
  return `(?:${forms.join("|")})`;
}

/** `\u0074` for `t` (hex digits in either case); a surrogate pair for characters beyond. */
function jsonUnicodeEscape(character: string): string {
  let form = "";
  for (let i = 0; i < character.length; i++) {
    const hex = character.charCodeAt(i).toString(16).padStart(4, "0");
    form += `\\\\u${anyCase(hex)}`;
  }
  return form;
}

/** `%2F` for `/`: each UTF-8 byte as `%XX`, hex digits in either case. */
function percentEncoded(character: string): string {
  let form = "";
  for (const byte of new TextEncoder().encode(character)) {
    form += `%${anyCase(byte.toString(16).padStart(2, "0"))}`;
  }
  return form;
}

/** JSON's two-character escapes of a printable character: `\/`, `\\` and `\"`. */
function jsonShortEscape(character: string): string {
  if (character === "/" || character === "\\" || character === '"') {
    return `\\\\${escapeForRegExp(character)}`;
  }
  return "";
}

/** Hex digits as a pattern that accepts upper- and lower-case letters. */
function anyCase(hex: string): string {
  return hex.replace(/[a-f]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
}

function escapeForRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/**
 * A copy of `headers` with every value redacted, for errors that keep the response
 * headers: a `Location` or `WWW-Authenticate` may carry the token back.
 */
export function redactHeaders(headers: Headers, redact: Redactor): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => {
    copy.append(name, redact(value));
  });
  return copy;
}
