import type { Violation } from "./types.js";

/** One line per violation, for test failure messages and 400 bodies. */
export function formatViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.where}: ${v.message}`).join("\n");
}

/** A value as it appears in a message: JSON, cut short so payloads never flood a line. */
export function shortValue(value: unknown): string {
  let text: string;
  if (value instanceof Uint8Array) text = `<${value.byteLength} bytes>`;
  else if (value === undefined) text = "nothing";
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      // Nested deeper than the stack (or cyclic): say so rather than crash the caller.
      text = "<a value too deeply nested to show>";
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
