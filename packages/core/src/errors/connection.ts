import { ConnectionError } from "./errors";
import type { Redactor } from "./redact";

// fetch reports a lost connection as a bare `TypeError: fetch failed`; what happened is in
// its cause chain (undici: `cause.code` is `ECONNREFUSED`, `ENOTFOUND`, ...). The message
// names the call and that code; the cause is kept, as a redacted copy, for the details.

/** How many causes deep a failure is read: enough for fetch's, bounded for a cyclic one. */
const MAX_CAUSE_DEPTH = 5;

/** Where a call went, for messages: method and URL without query, already redacted. */
export interface CallTarget {
  method: string;
  url: string;
}

/** The ConnectionError for attempt number `attempts` of a call that got no response. */
export function connectionError(
  failure: unknown,
  target: CallTarget,
  attempts: number,
  redact: Redactor,
): ConnectionError {
  const code = errorCode(failure);
  const reasons = redact(causeMessages(failure).join(": "));
  const failed = code ? `failed with ${code}` : "failed";
  const tries = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  const message =
    `Could not reach the service: ${target.method} ${target.url} ${failed} after ${tries}` +
    `${reasons && ` (${reasons})`}. Check the URL, the network, and that the service is up.`;
  return new ConnectionError(message, {
    ...target,
    code,
    attempts,
    cause: redactedCopy(failure, redact, MAX_CAUSE_DEPTH),
  });
}

/** The first string `code` along the cause chain, such as `ECONNREFUSED`. */
function errorCode(failure: unknown): string | undefined {
  let current = failure;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && isObject(current); depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The messages along the cause chain, outermost first, each once. */
function causeMessages(failure: unknown): string[] {
  const messages: string[] = [];
  let current = failure;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== undefined; depth++) {
    const message = isObject(current)
      ? String((current as { message?: unknown }).message ?? "")
      : String(current);
    if (message && !messages.includes(message)) messages.push(message);
    current = isObject(current) ? (current as { cause?: unknown }).cause : undefined;
  }
  return messages;
}

/**
 * A copy of an underlying error with the token redacted from its message, stack and
 * causes. Only the name, message, code, stack and cause are copied: other fields of a
 * runtime's error (a request, a socket) could hold the token in ways a copy cannot see.
 */
export function redactedCopy(failure: unknown, redact: Redactor, depth: number): unknown {
  if (!isObject(failure)) return failure === undefined ? undefined : redact(String(failure));
  const source = failure as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown };
  const copy = new Error(redact(String(source.message ?? "")));
  copy.name = redact(String(source.name ?? "Error"));
  copy.stack = typeof source.stack === "string" ? redact(source.stack) : undefined;
  if (typeof source.code === "string") Object.assign(copy, { code: redact(source.code) });
  const cause = (failure as { cause?: unknown }).cause;
  if (cause !== undefined && depth > 1) copy.cause = redactedCopy(cause, redact, depth - 1);
  return copy;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
