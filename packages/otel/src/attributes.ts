import type { Attributes } from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
} from "@opentelemetry/semantic-conventions";
import { ATTR_URL_TEMPLATE } from "@opentelemetry/semantic-conventions/incubating";
import type { TracedCallInfo } from "@x/core";

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/**
 * The attributes a call's spans start with. The client gives the URL as it may be shown:
 * no query (where a token may travel), a destination URL's query values and userinfo
 * redacted.
 */
export function callAttributes(call: TracedCallInfo): Attributes {
  const attributes: Attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: call.method,
    [ATTR_URL_FULL]: call.url,
  };
  if (call.template !== undefined) attributes[ATTR_URL_TEMPLATE] = call.template;
  // The client's URLs always parse; the origin is all that is read here.
  const url = new URL(call.url);
  // `hostname` keeps an IPv6 address's brackets; the convention wants the bare address.
  attributes[ATTR_SERVER_ADDRESS] = url.hostname.replace(/^\[(.*)\]$/, "$1");
  attributes[ATTR_SERVER_PORT] =
    url.port === "" ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port);
  return attributes;
}
