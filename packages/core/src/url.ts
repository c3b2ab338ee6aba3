import { invalid } from "./errors";

/** Parses an absolute http(s) URL, or throws a ValidationError naming `field`. */
export function httpUrl(value: unknown, field: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(value as string);
  } catch {
    // reported below with the rule
  }
  if (typeof value !== "string" || !url || !/^https?:$/.test(url.protocol)) {
    invalid(field, "must be an absolute http:// or https:// URL");
  }
  return url;
}
