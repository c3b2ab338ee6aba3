import { type ContractSpec, checkRequest, checkResponse, formatViolations } from "@x/openapi-check";

export interface PrismExchange {
  /** The client's request as it left the client (before any rewrite). */
  request: Request;
  /** What our contract kit says of that request and of Prism's answer. */
  kit: string[];
  /** Prism's own request-validation errors (its `sl-violations` header). */
  prism: string[];
  status: number;
}

export interface PrismFetchOptions {
  /** Asks Prism for a named example of the response (`Prefer: example=<name>`). */
  example?: string;
}

/**
 * A fetch for a client that sends each request to Prism and records both verdicts.
 *
 * One rewrite, forced by Prism's router: a path parameter matches one segment, so the
 * greedy workflow URL (`/v2/trigger/https://host/path`) cannot be routed as sent. The
 * rewrite percent-encodes the `/` of that one parameter (`https:%2F%2Fhost%2Fpath`);
 * Prism decodes it back and validates the decoded value against the spec's pattern.
 * The request exactly as the client sent it is checked by the contract kit first.
 */
export function prismFetch(
  spec: ContractSpec,
  exchanges: PrismExchange[],
  options: PrismFetchOptions = {},
) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const kitCheck = await checkRequest(spec, request);
    const kit = kitCheck.violations.length ? [formatViolations(kitCheck.violations)] : [];
    const url = new URL(request.url);
    url.pathname = routable(url.pathname);
    const headers = new Headers(request.headers);
    if (options.example) headers.set("prefer", `example=${options.example}`);
    const body = request.body === null ? undefined : await request.clone().arrayBuffer();
    const response = await fetch(url, { method: request.method, headers, body });
    const violations = response.headers.get("sl-violations");
    const operationId = kitCheck.operation?.operationId;
    if (operationId && !violations) {
      const answer = await checkResponse(spec, operationId, response.clone());
      if (answer.length)
        kit.push(`Prism's ${response.status} answer:\n${formatViolations(answer)}`);
    }
    exchanges.push({
      request,
      kit,
      prism: violations ? [violations] : [],
      status: response.status,
    });
    return response;
  };
}

/** `/v2/trigger/<url>`: the slashes of the greedy parameter encoded; other paths unchanged. */
function routable(pathname: string): string {
  const prefix = "/v2/trigger/";
  return pathname.startsWith(prefix)
    ? prefix + pathname.slice(prefix.length).replaceAll("/", "%2F")
    : pathname;
}
