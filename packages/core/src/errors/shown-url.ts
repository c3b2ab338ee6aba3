import { REDACTED } from "./redact";

// What messages, log lines and spans show of a request's URL: the URL without its query
// (where a token may travel) or fragment. A path may still carry another's secrets: a
// workflow's destination URL travels in the trigger's path, its userinfo raw and its query
// encoded as `%3F` (`/v2/trigger/https://app/wf%3Fx-vercel-protection-bypass=...`). That
// query keeps its names and loses its values; userinfo goes whole; an encoded fragment
// (`%23`) is dropped.

/** `user:password@` after a scheme's `//`, anywhere in the URL. */
const USERINFO = /(\/\/)[^/?#@]*@/g;

/** Where a query carried in the path starts, and where a fragment carried there starts. */
const ENCODED_QUERY = /%3F/i;
const ENCODED_FRAGMENT = /%23/i;

/** The URL as shown; a URL with nothing to hide is returned as it is. */
export function shownUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const shown = path.includes("@") ? path.replace(USERINFO, `$1${REDACTED}@`) : path;
  const query = ENCODED_QUERY.exec(shown);
  if (query === null) return shown.split(ENCODED_FRAGMENT, 1)[0] ?? "";
  // The path keeps `=` and `&` raw (only `%`, `?`, `#` and space are encoded).
  const carried = shown.slice(query.index).split(ENCODED_FRAGMENT, 1)[0] ?? "";
  return shown.slice(0, query.index) + carried.replace(/=[^&]*/g, `=${REDACTED}`);
}
