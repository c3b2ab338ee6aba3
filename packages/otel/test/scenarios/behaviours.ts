// What the scripted service may do with one attempt, and the valid 2xx body of each
// operation, which the server sends and the scenario's oracle reads back.

/** One attempt's answer, as the issue lists the faults. */
export type Behaviour =
  | { kind: "json" } // a 2xx with the operation's valid JSON body
  | { kind: "empty" } // a 2xx without a body
  | { kind: "text" } // a 2xx whose body is not JSON
  | { kind: "status"; status: number } // a declared error status with its body
  | { kind: "retry-after"; status: 429 | 503; form: "seconds" | "date"; seconds: 1 | 2 }
  | { kind: "redirect" } // 302 to another origin
  | { kind: "echo"; status: number } // the request's URL and headers sent back
  | { kind: "hang" } // no headers, ever
  | { kind: "stall" } // headers and part of the body, then nothing
  | { kind: "cut" } // part of the body, then the connection closes
  | { kind: "reset" }; // the connection closes before any answer

/** Whether a status's answer carries the operation's 2xx body. */
export function isJsonBody(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The records a range page at `cursor` holds, and the cursor after it: two pages in all. */
const PAGES: Record<string, { vectors: { id: string }[]; nextCursor: string }> = {
  "0": { vectors: [{ id: "a" }, { id: "b" }], nextCursor: "1" },
  "1": { vectors: [{ id: "c" }], nextCursor: "" },
};

export const INFO = {
  vectorCount: 3,
  pendingVectorCount: 0,
  indexSize: 120,
  dimension: 2,
  similarityFunction: "COSINE",
  namespaces: { "": { vectorCount: 3, pendingVectorCount: 0 } },
};

/**
 * The valid 2xx body for a request to `path` with `body`: each vector answer in its
 * `{ result }` envelope, a trigger's run id. Unknown paths get `{}`.
 */
export function okBody(path: string, body: string): Record<string, unknown> {
  const sent = parse(body);
  if (path.startsWith("/v2/trigger/")) {
    return { workflowRunId: "wfr_scenario", workflowCreatedAt: 1_700_000_000_000 };
  }
  if (path.startsWith("/range")) {
    const cursor = String((sent as { cursor?: unknown })?.cursor ?? "0");
    return { result: PAGES[cursor] ?? { vectors: [], nextCursor: "" } };
  }
  if (path.startsWith("/query")) {
    const list = (at: number) => [{ id: `q${at}`, score: 0.5 }];
    const many = Array.isArray(sent) && sent.length > 1;
    return { result: many ? sent.map((_, at) => list(at)) : list(0) };
  }
  if (path.startsWith("/fetch")) {
    const ids = (sent as { ids?: string[] })?.ids;
    return { result: ids ? ids.map((id) => ({ id })) : [{ id: "p-1" }] };
  }
  if (path.startsWith("/info")) return { result: INFO };
  return {};
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
