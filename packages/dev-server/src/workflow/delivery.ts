/** Bytes backed by a plain ArrayBuffer, as fetch bodies must be. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** What one HTTP call to a workflow or callback endpoint came back with. */
export interface Outcome {
  ok: boolean;
  /** Absent when no answer arrived. */
  status?: number;
  headers: Record<string, string>;
  body: Bytes;
  error?: string;
}

export interface Call {
  url: string;
  headers: Record<string, string>;
  body: Bytes;
  signal: AbortSignal;
}

/**
 * POSTs once. Redirects are not followed: a 3xx is an answer outside 2xx, so a failed
 * attempt, rather than a POST silently turned into a GET somewhere else.
 */
export async function post(
  fetchImpl: typeof fetch,
  call: Call,
  timeoutMs: number,
): Promise<Outcome> {
  const signal = AbortSignal.any([call.signal, AbortSignal.timeout(timeoutMs)]);
  try {
    const response = await fetchImpl(call.url, {
      method: "POST",
      headers: call.headers,
      body: call.body.byteLength > 0 ? call.body : undefined,
      redirect: "manual",
      signal,
    });
    const body = new Uint8Array(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return {
      ok: response.status >= 200 && response.status < 300,
      status: response.status,
      headers,
      body,
    };
  } catch (error) {
    const reason = call.signal.aborted
      ? "aborted: the service closed"
      : signal.aborted
        ? `timed out after ${timeoutMs} ms`
        : describe(error);
    return { ok: false, headers: {}, body: new Uint8Array(), error: reason };
  }
}

// fetch wraps socket errors as "fetch failed" with the useful part in `cause`.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${cause.message}` : cause.message;
  }
  return error.message;
}
