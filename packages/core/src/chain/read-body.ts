// A response body read to its end, never past a limit. `response.text()` would buffer
// whatever the server sends (an endless body, a gzip bomb's expansion) until the process
// runs out of memory or the string passes V8's longest (~512 MiB, ERR_STRING_TOO_LONG); this
// counts the bytes fetch's body stream yields, after decompression, and stops at the limit.

/**
 * The default of `maxResponseBytes`: 256 MiB. The largest answer the services allow is a
 * prefix fetch (at most 1000 records, the one bound the vector service states) with every
 * field included: per record a dense vector of the largest dimension the service offers
 * (5,376 values, each at most 16 bytes of JSON: `-1.2345678e-38,`) is 86,016 bytes, metadata
 * up to 48 KiB (the service's cap), and data, whose size it does not state, taken as the
 * same 48 KiB: about 184 KB a record, 184 MB for 1000. Rounded up to a power of two, which
 * also keeps the text well under V8's longest string, so a client never fails on that first.
 */
export const DEFAULT_MAX_RESPONSE_BYTES: number = 256 * 1024 * 1024;

// One decoder for every call: `decode` without `stream` keeps no state between calls.
const decoder = new TextDecoder();

/**
 * The body's text (UTF-8, as `response.text()` decodes it), or undefined once it passes
 * `max` bytes: the read is then cancelled and nothing more is buffered.
 */
export async function readText(response: Response, max: number): Promise<string | undefined> {
  const body = response.body;
  if (body === null) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // The stream's own failure to cancel changes nothing: the attempt is cut anyway.
      reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return decoder.decode(chunks.length === 1 ? chunks[0] : joined(chunks, size));
}

/** The chunks as one array of `size` bytes. */
function joined(chunks: Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * The text of each response whose body the attempt read. The chain hands on fetch's own
 * Response, its body already read; the call takes the text from here rather than from a
 * rebuilt Response, which costs 5-10 µs a call on Node 22 and 24 (readable.ts rebuilds
 * one only for the user's policies, which may read it).
 */
const texts = new WeakMap<Response, string>();

/** Records `text` as the body of `response`. */
export function rememberText(response: Response, text: string): void {
  texts.set(response, text);
}

/** The text of `response`: the one its attempt read, else its body's (a policy's own response). */
export function textOf(response: Response): Promise<string> {
  const text = texts.get(response);
  return text === undefined ? response.text() : Promise.resolve(text);
}

/** The text the attempt read of `response`, if it read it. */
export function readTextOf(response: Response): string | undefined {
  return texts.get(response);
}

/**
 * `response` again, as a Response the chain made: its status, `headers` and `body` (a text
 * already read, which is remembered, or a stream left unread), naming `url` (a Response made
 * here has an empty one). 204, 205 and 304 can carry no body.
 */
export function answerAgain(
  response: Response,
  body: string | ReadableStream<Uint8Array> | null,
  headers: Headers,
  url: string,
): Response {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  const copy = new Response(empty ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  if (typeof body === "string") rememberText(copy, body);
  Object.defineProperty(copy, "url", { value: url });
  return copy;
}
