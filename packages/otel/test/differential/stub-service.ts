// The vector service as the three ways of calling see it: a `fetch` each client is given,
// which answers every request with the scenario's behaviour and keeps what it received. An
// injected fetch rather than a server on a socket, so a scenario costs no connections and a
// run of hundreds takes a few seconds; the transport's own tests cover the sockets.
import { type Behaviour, okBody } from "../scenarios/behaviours";

/** What the service answers with: a 2xx with the operation's body, an error, a page that is no JSON, or no answer. */
export type Answer = Extract<Behaviour, { kind: "json" | "status" | "text" | "reset" }>;

/** A request the service received, and the body it answered with. */
export interface ServedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: [string, string][];
  body: string;
  sent?: string;
}

/** A fetch that answers with `answer`, and the requests it received. */
export function stubService(answer: Answer) {
  const served: ServedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await request.text();
    const seen: ServedRequest = {
      method: request.method,
      url: url.pathname + url.search,
      headers: [...request.headers],
      body,
    };
    served.push(seen);
    if (answer.kind === "reset") {
      // What fetch throws when the connection closes before an answer.
      throw new TypeError("fetch failed", { cause: new Error("other side closed") });
    }
    let response: Response;
    if (answer.kind === "json") response = Response.json(okBody(url.pathname, body));
    else if (answer.kind === "status") {
      const status = answer.status;
      response = Response.json({ error: `the service says ${status}`, status }, { status });
    } else {
      const html = { "content-type": "text/html" };
      response = new Response("<html>a proxy's page</html>", { headers: html });
    }
    seen.sent = await response.clone().text();
    return response;
  };
  return { fetch, served };
}
