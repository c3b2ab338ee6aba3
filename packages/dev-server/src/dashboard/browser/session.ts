/**
 * The token and the calls made with it. The token comes in the URL fragment (`#token=`,
 * which browsers never send), is kept in sessionStorage for the tab and taken off the
 * address bar; when it is missing or refused, the page asks for it.
 */
import { $ } from "./dom.js";
import { FACTS } from "./facts.js";

const STORAGE_KEY = "x-dev-token";

let token: string | null = null;

/** Reads the token from the URL fragment, or else from the tab's storage. */
export function readToken(): void {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) {
    sessionStorage.setItem(STORAGE_KEY, fromHash);
    history.replaceState(null, "", location.pathname + location.search);
    token = fromHash;
    return;
  }
  token = sessionStorage.getItem(STORAGE_KEY);
}

/** Whether there is a token to call with (the page waits for one otherwise). */
export function hasToken(): boolean {
  return Boolean(token);
}

/** Takes the token the user pasted; false when it is empty. */
export function takeToken(value: string): boolean {
  token = value;
  if (!value) return false;
  sessionStorage.setItem(STORAGE_KEY, value);
  return true;
}

/** Forgets the token and shows the form that asks for one, with `message`. */
export function askForToken(message: string): void {
  token = null;
  sessionStorage.removeItem(STORAGE_KEY);
  $("token-form").hidden = false;
  $("live").textContent = message;
}

/** What `call` sends besides the path. */
export interface CallInit {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Calls a route of this origin with the token; the JSON answer, or an Error saying what went wrong. */
export async function call<T>(path: string, init: CallInit = {}): Promise<T> {
  const headers = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    ...init.headers,
  };
  const response = await fetch(path, { ...init, headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${path} answered ${response.status} with a body that is not JSON`);
  }
  if (response.status === 401) {
    askForToken("The token was refused: paste the one x-dev printed.");
    throw new Error("unauthorized");
  }
  if (!response.ok) {
    throw new Error(
      (body as { error?: string } | null)?.error || `${path} answered ${response.status}`,
    );
  }
  return body as T;
}

/** A poll is marked, so the CLI's request log leaves it out unless run with --log-polls. */
export function poll<T>(path: string): Promise<T> {
  return call<T>(path, { headers: { [FACTS.pollHeader]: "1" } });
}
