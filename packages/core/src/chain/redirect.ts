import { ApiError } from "../errors/errors";
import { REDACTED, type Redactor } from "../errors/redact";
import { shownUrl } from "../errors/shown-url";
import { targetOf } from "./attempt";
import type { Policy } from "./policy";
import { textOf } from "./read-body";

/** Where a call went, for messages: method and URL without query, already redacted. */
type CallTarget = { method: string; url: string };

// Redirects are never followed: fetch would re-send a POST as a GET without its body to
// another address (a trigger that "succeeds" without starting a run) and carry a token
// kept in the query to another origin. The caller fixes the client's URL instead.

/**
 * The redirect policy: a redirect fails the call with an ApiError that says where it
 * pointed. Outside the redaction policy, so the answer it quotes is already redacted.
 */
export function refuseRedirects(redact: Redactor): Policy {
  return async function refusingRedirects(request, next) {
    const response = await next(request);
    if (!isRedirect(response)) return response;
    const text = response.body === null ? "" : await textOf(response);
    throw redirectError(response, targetOf(request), request.url, response.headers, text, redact);
  };
}

/** Whether a response is a redirect: a 3xx, or a browser's opaque manual redirect. */
function isRedirect(response: Response): boolean {
  if (response.type === "opaqueredirect") return true;
  return response.status >= 300 && response.status < 400;
}

/** The ApiError for a redirect; `headers` and `text` are already redacted. */
function redirectError(
  response: Response,
  target: CallTarget,
  requestUrl: string,
  headers: Headers,
  text: string,
  redact: Redactor,
): ApiError {
  const advice = "Point the client at the address the service answers at.";
  if (response.type === "opaqueredirect") {
    return new ApiError(
      response.status,
      text,
      headers,
      `The service redirected ${target.method} ${target.url}, and redirects are not followed. ` +
        "The browser hides where it pointed (an opaque redirect); open the URL yourself to see. " +
        advice,
    );
  }
  const location = response.headers.get("location");
  const where = location
    ? `to ${shownLocation(redact(resolved(location, requestUrl)))}`
    : "without a Location";
  return new ApiError(
    response.status,
    text,
    headers,
    `${response.status} The service redirected ${target.method} ${target.url} ${where}; ` +
      `redirects are not followed, so nothing was sent there. ${advice}`,
  );
}

/**
 * A Location as a message shows it. It may point back at our own request, whose path can
 * carry a workflow's destination URL with its query encoded (`%3F`) and whose query can
 * carry the token: its path is shown as a request's own URL is, and its query keeps the
 * names and loses the values.
 */
function shownLocation(location: string): string {
  const [beforeFragment = ""] = location.split("#", 1);
  const at = beforeFragment.indexOf("?");
  if (at === -1) return shownUrl(beforeFragment);
  const query = beforeFragment.slice(at + 1).replace(/=[^&]*/g, `=${REDACTED}`);
  return `${shownUrl(beforeFragment.slice(0, at))}?${query}`;
}

/** `location` as an absolute URL, or as given when it does not parse. */
function resolved(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}
