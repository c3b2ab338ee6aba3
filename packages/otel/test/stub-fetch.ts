// A `fetch` that answers from a script, one reply per attempt, and keeps the headers of
// every request it was sent.

/** A status with its JSON body and headers, a thrown network error, or no answer ever. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | "network-error"
  | "hang";

export const BASE = "https://my-index.vector.example.com";

/** Replies are used in order; the last one repeats. */
export function stubFetch(...replies: Reply[]) {
  const sent: Headers[] = [];
  const fetch = (_url: string, init: RequestInit): Promise<Response> => {
    sent.push(new Headers(init.headers));
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (reply === "network-error") return Promise.reject(new TypeError("fetch failed"));
    // The client's timeout abandons the exchange; nothing here ever settles it.
    if (reply === "hang" || reply === undefined) return new Promise(() => {});
    return Promise.resolve(
      new Response(reply.body === undefined ? "" : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json", ...reply.headers },
      }),
    );
  };
  return { fetch, sent };
}

export const INFO = {
  vectorCount: 0,
  pendingVectorCount: 0,
  indexSize: 0,
  dimension: 2,
  similarityFunction: "COSINE",
  namespaces: { "": { vectorCount: 0, pendingVectorCount: 0 } },
};
