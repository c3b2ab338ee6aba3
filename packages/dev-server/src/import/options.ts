// The options of `dev.vector.importFrom` (and of `x-dev import`, which builds them from its
// flags), checked before anything is sent.
import { ValidationError } from "@x/core";
import { refuseUnknownOptions } from "../server/options.js";

/** Options of `dev.vector.importFrom`: the live index to copy, and how. */
export interface ImportOptions {
  /** REST URL of the live index (the `VectorIndex` client's `url`). */
  url: string;
  /** The live index's token; it is sent to `url` only, and never printed or kept. */
  token: string;
  /** The namespaces to import (`""` is the default one); every namespace when absent. */
  namespaces?: string[] | undefined;
  /** Stops the import between two pages; what was written stays, and a new call resumes. */
  signal?: AbortSignal | undefined;
  /** Called after each page is written, with the counts so far. */
  onProgress?: ((progress: ImportProgress) => void) | undefined;
  /**
   * Records per range request (its `limit`); by default as many as fit the bounds of one
   * answer the import reads, at most 1000 (669 of 384 dimensions). A page over them is asked
   * again at half the size.
   */
  pageSize?: number | undefined;
  /** HTTP retries of each request after a retryable failure, as the client's option (default 2). */
  maxRetries?: number | undefined;
  /** Milliseconds one attempt may take, as the client's option (default 30 000). */
  timeoutMs?: number | undefined;
}

/** Where an import stands, as `onProgress` receives it after each page. */
export interface ImportProgress {
  /** The namespace the last page was written to. */
  namespace: string;
  /** Records this call has written so far. */
  records: number;
  /**
   * Records the live index's `info` counted (ready and pending) in the namespaces this call
   * reads, when it started: what `records` should reach. The service updates `info`
   * eventually, so the count can be off by recent writes.
   */
  total: number;
}

/** What `dev.vector.importFrom` resolves with: what this call imported. */
export interface ImportResult {
  /** Namespaces imported to their end by this call. */
  namespaces: number;
  /** Records this call wrote. */
  records: number;
}

const OPTION_NAMES = {
  owner: "vector.importFrom",
  known: [
    "url",
    "token",
    "namespaces",
    "signal",
    "onProgress",
    "pageSize",
    "maxRetries",
    "timeoutMs",
  ],
};

/**
 * What is wrong with `url` as a live service's URL, undefined when nothing is. Checked before
 * anything is sent (so a certain failure is not retried), and said without quoting it: a URL
 * may carry a password.
 */
export function liveUrlProblem(url: unknown): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return "is not a URL: give the service's REST URL, such as https://example.com";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return "must be an http(s) URL, such as https://example.com";
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return "carries a user name or password (user:password@), which is never sent: the token authenticates. Remove them from the URL, and change that password if it was a real one";
  }
  return undefined;
}

/**
 * The options, checked: the fields the client does not check itself (it checks `url`,
 * `token`, `maxRetries` and `timeoutMs` when it is made, naming them the same way).
 */
export function importOptions(options: ImportOptions): ImportOptions {
  if (typeof options !== "object" || options === null) {
    throw new ValidationError(
      "options",
      "vector.importFrom takes an object { url, token, namespaces?, signal?, onProgress? }",
    );
  }
  refuseUnknownOptions(options, OPTION_NAMES);
  const problem = liveUrlProblem(options.url);
  if (problem !== undefined) throw new ValidationError("url", problem);
  const { namespaces, signal, onProgress, pageSize } = options;
  // Here rather than at the first page, which comes after the live `info` was read.
  if (pageSize !== undefined && !(Number.isSafeInteger(pageSize) && pageSize >= 1)) {
    throw new ValidationError("pageSize", `must be a positive integer (got ${String(pageSize)})`);
  }
  if (namespaces !== undefined) {
    if (!Array.isArray(namespaces) || namespaces.some((name) => typeof name !== "string")) {
      throw new ValidationError(
        "namespaces",
        'must be an array of namespace names, e.g. ["", "docs"]',
      );
    }
    const repeated = namespaces.find((name, i) => namespaces.indexOf(name) !== i);
    if (repeated !== undefined) {
      throw new ValidationError(
        "namespaces",
        `names "${repeated}" twice; give each namespace once`,
      );
    }
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError("signal", "must be an AbortSignal (an AbortController's signal)");
  }
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new ValidationError("onProgress", "must be a function of the progress");
  }
  return options;
}
