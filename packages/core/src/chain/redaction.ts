import { createRedactor, type Redactor, redactHeaders } from "../errors/redact";
import type { Policy } from "./policy";
import { answerAgain, readTextOf } from "./read-body";

// The token never comes back to the caller in an answer: a server or proxy may echo it in
// a header or an error body, and fetch's own Response names the URL it was sent to, the
// query token included. This policy sits just outside the auth policy, so every policy
// outside it (the retry's log and trace, the user's) sees answers without the token.

/** The redaction policy of a client with `token`, sent in the query when `inQuery`. */
export function redaction(token: string, inQuery: boolean): Policy {
  const redact = createRedactor(token);
  return async function redacting(request, next) {
    const response = await next(request);
    // A browser's opaque redirect has no status, headers or body to redact.
    if (response.type === "opaqueredirect") return response;
    // fetch's own Response names the URL it was sent to, so with the token in the query
    // even a clean answer is handed on as a copy that names the URL without it.
    if (!response.ok || inQuery || echoesToken(response.headers, token, redact)) {
      return redactedCopy(response, request.url, redact);
    }
    return response;
  };
}

/** Whether a header value holds the token in any written form. */
function echoesToken(headers: Headers, token: string, redact: Redactor): boolean {
  let echoes = false;
  // Every written form of the token is at least as long as the token, so a shorter value
  // (most are: a type, a length, a date) holds none and is not run through the redactor.
  headers.forEach((value) => {
    if (!echoes && value.length >= token.length && redact(value) !== value) echoes = true;
  });
  return echoes;
}

/**
 * A copy of `response` naming `url` (the URL without the token), its headers redacted, and
 * its read body too when it is an error's (a 2xx's data is what the service sent: only an
 * error's text reaches messages). A 2xx whose body was left unread keeps its stream. 204,
 * 205 and 304 can carry no body.
 */
function redactedCopy(response: Response, url: string, redact: Redactor): Response {
  const text = readTextOf(response);
  const safeText = text === undefined || response.ok ? text : redact(text);
  return answerAgain(
    response,
    safeText ?? response.body,
    redactHeaders(response.headers, redact),
    url,
  );
}
