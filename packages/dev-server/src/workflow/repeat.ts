import { createHash } from "node:crypto";
import type { Bytes } from "./delivery.js";

/**
 * What makes two triggers the same request: the workflow URL, the body bytes, the
 * content type and every `Svc-*` header (the options and the forwarded headers), whatever
 * their order. Authentication and ordinary headers (user agent, length) are left out: a
 * client's retry may change them without changing what it asks for.
 */
export function requestFingerprint(
  url: string,
  body: Bytes,
  headers: Record<string, string>,
): string {
  const svc = Object.entries(headers)
    .filter(([name]) => name.startsWith("svc-"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash("sha256");
  hash.update(JSON.stringify([url, headers["content-type"] ?? null, svc]));
  hash.update(body);
  return hash.digest("hex");
}
