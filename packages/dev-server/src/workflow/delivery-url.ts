// The one check of a URL the service will POST to (a workflow URL, a failure callback), at
// trigger and for every run a snapshot or state file brings back: a restored run skipped it
// before, so a `data:` URL "succeeded".

import { ValidationError } from "@x/core";
import { httpUrl } from "@x/core/internal";

/**
 * `value` if the service can deliver to it: an absolute http(s) URL without dot segments
 * and without userinfo (`http://user:pass@host/`), which fetch refuses to send, so such a
 * run could never be delivered. Throws a ValidationError naming `field` otherwise.
 */
export function deliveryUrl(value: unknown, field: string): string {
  const url = httpUrl(value, field);
  const parsed = new URL(url);
  if (parsed.username !== "" || parsed.password !== "") {
    throw new ValidationError(
      field,
      "must not carry a user name or password (user:pass@): they cannot be sent that way; send credentials in a forwarded header such as Svc-Forward-Authorization",
    );
  }
  return url;
}
