import type { Middleware } from "openapi-fetch";
import type { ChainRequest } from "../chain/policy";
import { readTextOf, textOf } from "../chain/read-body";
import { readableCopy } from "../chain/readable";
import { shownUrl } from "../errors/shown-url";
import { send } from "./call";
import type { CoreClient } from "./client";

// The fetch of `api`, openapi-fetch's own client of a spec (the clients' `/api` entries):
// every request openapi-fetch built, after its own middleware (`api.use`), passes the
// client's chain as a method's call does: the user's policies, retries, timeouts, redirects
// refused, the token added and redacted. openapi-fetch then parses the answer.

/** A fetch as openapi-fetch calls it. */
export type ApiFetch = (input: Request) => Promise<Response>;

/** A path template of the spec and the expression its paths match. */
interface Template {
  template: string;
  pattern: RegExp;
  names: string[];
}

/**
 * The fetch of `api` over `client`; `templates` are the spec's paths, by which each
 * request's path is named in traces and for the user's policies.
 */
export function createApiFetch(client: CoreClient, templates: readonly string[]): ApiFetch {
  const prefix = new URL(client.baseUrl).pathname.replace(/\/$/, "");
  const known = templates.map(templateOf);
  return async function apiFetch(original) {
    const path = new URL(original.url).pathname.slice(prefix.length);
    const { template, params } = matched(known, path);
    const request: ChainRequest = {
      method: original.method,
      url: original.url,
      headers: new Headers(original.headers),
      body: original.body === null ? undefined : new Uint8Array(await original.arrayBuffer()),
      signal: original.signal,
      template,
      params,
    };
    const trace = client.tracing?.startCall({
      name: `${request.method} ${template}`,
      method: request.method,
      template,
      url: shownUrl(request.url),
    });
    try {
      const response = await send(client, request, { signal: request.signal }, trace, () => false);
      const text = await textOf(response);
      trace?.end(response.status, response.ok ? undefined : client.errorFor(response, text));
      return readableCopy(response, text);
    } catch (error) {
      trace?.end(undefined, error);
      throw error;
    }
  };
}

/**
 * The openapi-fetch middleware the `/api` entries add first, so its `onResponse` runs last,
 * just before openapi-fetch parses the answer: openapi-fetch's JSON.parse would throw a bare
 * SyntaxError for a 2xx body that is not JSON (a proxy's page, a body cut off), so when the
 * call parses JSON, such a body is the ApiError it stands for.
 */
export function jsonAnswers(client: CoreClient): Middleware {
  return {
    async onResponse({ response, options }) {
      if (!response.ok || options.parseAs !== "json") return undefined;
      const text = readTextOf(response) ?? (await response.clone().text());
      if (!isJson(text)) throw client.errorFor(response, text);
      return undefined;
    },
  };
}

function isJson(text: string): boolean {
  if (text === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A template's expression: each `{name}` matches one path segment, or, last in the
 * template, the rest of the path (the workflow URL the trigger's path carries).
 */
function templateOf(template: string): Template {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part, index, parts) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      names.push(name);
      return index === parts.length - 2 && parts[index + 1] === "" ? "(.+)" : "([^/]+)";
    })
    .join("");
  return { template, pattern: new RegExp(`^${source}$`), names };
}

/** The template `path` matches and its parameters; the path itself when none does. */
function matched(
  known: readonly Template[],
  path: string,
): { template: string; params: ChainRequest["params"] } {
  for (const { template, pattern, names } of known) {
    const match = pattern.exec(path);
    if (match === null) continue;
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      values[name] = decoded(match[index + 1] ?? "");
    });
    return { template, params: names.length > 0 ? { path: values } : {} };
  }
  return { template: path, params: {} };
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
