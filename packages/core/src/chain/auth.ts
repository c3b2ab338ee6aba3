import type { Policy } from "./policy";

// The token goes on as the request leaves, after the user's policies and the trace: none
// of them sees it. Each attempt gets its own copy of the headers, so the token is never
// left on a request a policy holds.

/** Where a client sends its token. */
export type TokenPlace = { in: "header" } | { in: "query"; param: string };

/** The auth policy of a client with `token`. */
export function auth(token: string, place: TokenPlace): Policy {
  if (place.in === "query") {
    const pair = `${place.param}=${encodeURIComponent(token)}`;
    return function tokenInQuery(request, next) {
      const url = request.url + (request.url.includes("?") ? "&" : "?") + pair;
      return next({ ...request, url });
    };
  }
  const bearer = `Bearer ${token}`;
  return function tokenInHeader(request, next) {
    const headers = new Headers(request.headers);
    headers.set("authorization", bearer);
    return next({ ...request, headers });
  };
}
