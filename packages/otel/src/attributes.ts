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

/** A service's address and port, as the convention writes them. */
interface Server {
  address: string;
  port: number;
}

/**
 * Makes what gives the attributes a call's spans start with. The client gives the URL as it
 * may be shown: no query (where a token may travel), a destination URL's query values and
 * userinfo redacted. A client calls one origin, so each origin is parsed once, not per call
 * (a trigger's URL, with the workflow URL in it, is long).
 */
export function callAttributesOf(): (call: TracedCallInfo) => Attributes {
  const servers = new Map<string, Server>();
  // The client gives the same frozen call info on every call of one of its methods, so the
  // last frozen one's attributes are kept (a call info that may change cannot be): a loop
  // of one operation builds them once. They are frozen too; each span copies its own.
  let last: { call: TracedCallInfo; attributes: Attributes } | undefined;
  return (call) => {
    if (last?.call === call) return last.attributes;
    const attributes: Attributes = {
      [ATTR_HTTP_REQUEST_METHOD]: call.method,
      [ATTR_URL_FULL]: call.url,
    };
    if (call.template !== undefined) attributes[ATTR_URL_TEMPLATE] = call.template;
    // The origin ends at the first "/" after the scheme's "//".
    const pathStart = call.url.indexOf("/", call.url.indexOf("//") + 2);
    const origin = pathStart === -1 ? call.url : call.url.slice(0, pathStart);
    let server = servers.get(origin);
    if (server === undefined) {
      server = serverOf(new URL(call.url));
      servers.set(origin, server);
    }
    attributes[ATTR_SERVER_ADDRESS] = server.address;
    attributes[ATTR_SERVER_PORT] = server.port;
    if (Object.isFrozen(call)) last = { call, attributes: Object.freeze(attributes) };
    return attributes;
  };
}

function serverOf(url: URL): Server {
  return {
    // `hostname` keeps an IPv6 address's brackets; the convention wants the bare address.
    address: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port),
  };
}
