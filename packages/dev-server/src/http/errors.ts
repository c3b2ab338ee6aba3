/**
 * A request the HTTP layer refuses (no route, no token, wrong method, unreadable body);
 * each service answers it with this status and its own error body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 405, with the method to use instead (sent as the Allow header). */
export class MethodNotAllowed extends HttpError {
  constructor(
    readonly allow: string,
    message: string,
  ) {
    super(405, message);
  }
}

/** Throws a 405 naming `allowed` unless `method` is one of them. */
export function allowOnly(method: string | undefined, allowed: readonly string[]): void {
  if (method === undefined || !allowed.includes(method)) {
    const allow = allowed.join(", ");
    throw new MethodNotAllowed(allow, `method not allowed; use ${allow}`);
  }
}
