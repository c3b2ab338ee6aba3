// A fetch that never touches the network: it answers on the next tick with the body the
// running task chose. It first builds a `Request` from its arguments, as undici's `fetch`
// does, so a client pays the normalisation it would pay against a real socket.

const scored = Array.from({ length: 5 }, (_, i) => ({
  id: `doc-${i}`,
  score: 0.95 - i * 0.01,
  metadata: { title: `Document ${i}`, lang: "en", year: 2020 + i },
}));

/** Response bodies as the two services (and QStash) send them. */
export const BODIES = {
  query: JSON.stringify({ result: scored }),
  range: JSON.stringify({ result: { nextCursor: "3", vectors: scored.slice(0, 3) } }),
  fetch: JSON.stringify({
    result: [
      { id: "doc-1", metadata: { title: "Document 1", lang: "en", year: 2021 } },
      { id: "doc-2", metadata: { title: "Document 2", lang: "en", year: 2022 } },
      null,
    ],
  }),
  trigger: JSON.stringify({ workflowRunId: "order-1042", workflowCreatedAt: 1767225600000 }),
  publish: JSON.stringify({ messageId: "msg_26hZCxZCuWyyTWPmSVBrNCtiJE" }),
};

export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

let answer = "";
let recorded: Seen[] | undefined;

/** Sets the body every following call answers with. */
export function answerWith(body: string) {
  answer = body;
}

/** Runs `fn` while recording every request, to check each task sends what it should. */
export async function recording(fn: () => Promise<unknown>): Promise<Seen[]> {
  recorded = [];
  try {
    await fn();
    return recorded;
  } finally {
    recorded = undefined;
  }
}

const tick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const headers = { "content-type": "application/json" };

export async function stubFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (recorded) {
    recorded.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.text(),
    });
  }
  await tick();
  return new Response(answer, { status: 200, headers });
}
