/**
 * A value as a message quotes it: JSON-quoted, and cut after `limit` characters so a huge
 * input (a 400-digit number, a long URL) does not flood the message.
 */
export function quote(value: unknown, limit = 60): string {
  const text = typeof value === "string" ? value : String(value);
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}
