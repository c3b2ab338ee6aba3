import { defaultRetryDelay, parseRetryDelay, ValidationError } from "@x/workflow";
import { type FlowControlLimits, parseDelay, parseFlowControlValue } from "@x/workflow/internal";
import { deliveryUrl } from "./delivery-url.js";

const FORWARD = "svc-forward-";
const CALLBACK_FORWARD = "svc-failure-callback-forward-";

// fetch refuses or rewrites these per hop; forwarding them would break every attempt.
const HOP_BY_HOP = new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** A rule the schema cannot state, broken by the header `header`. */
export class HeaderError extends Error {
  constructor(header: string, rule: string) {
    super(`${header}: ${rule}`);
  }
}

/** The run options of a trigger request, read from headers the spec already accepted. */
export interface TriggerOptions {
  runId?: string;
  retries: number;
  retryDelay?: string;
  retryDelayMs: (retried: number) => number;
  /** Unix seconds, from Svc-Not-Before. */
  notBefore?: number;
  /** Seconds, from Svc-Delay. */
  delay?: number;
  labels: string[];
  flowControl?: { key: string; limits: FlowControlLimits };
  failureCallback?: string;
  forward: Record<string, string>;
  callbackForward: Record<string, string>;
}

/**
 * Applies the semantic rules on top of the spec's schemas: values the parsers of
 * @x/workflow reject, header pairs that only make sense together, forwardable names.
 * Throws a HeaderError naming the header.
 * @param headers lower-case names, as Node gives them
 */
export function readOptions(headers: Record<string, string>): TriggerOptions {
  // Each header is read by its lower-case name as written here: a restore reads the
  // headers of every saved run, and lower-casing the names on each read was most of its cost.
  const options: TriggerOptions = {
    retries: 3,
    retryDelayMs: defaultRetryDelay,
    labels: [],
    forward: prefixed(headers, FORWARD, "Svc-Forward-"),
    callbackForward: prefixed(headers, CALLBACK_FORWARD, "Svc-Failure-Callback-Forward-"),
  };

  const runId = headers["svc-workflow-runid"];
  if (runId !== undefined) {
    if (runId.trim() === "") throw new HeaderError("Svc-Workflow-RunId", "must not be empty");
    options.runId = runId;
  }

  const retries = headers["svc-retries"];
  if (retries !== undefined) {
    options.retries = wholeNumber("Svc-Retries", retries);
  }

  const retryDelay = headers["svc-retry-delay"];
  if (retryDelay !== undefined) {
    const expression = parsed("Svc-Retry-Delay", () => parseRetryDelay(retryDelay));
    options.retryDelay = retryDelay;
    options.retryDelayMs = (retried) => clampDelay(expression.evaluate(retried));
  }

  const notBefore = headers["svc-not-before"];
  if (notBefore !== undefined) options.notBefore = wholeNumber("Svc-Not-Before", notBefore);

  const delay = headers["svc-delay"];
  if (delay !== undefined) {
    options.delay = parsed("Svc-Delay", () => parseDelay(delay));
    if (!Number.isFinite(options.delay)) throw new HeaderError("Svc-Delay", "is too large");
  }

  const labels = headers["svc-label"];
  if (labels !== undefined) {
    options.labels = labels.split(",").map((label) => label.trim());
    if (options.labels.some((label) => label === "")) {
      throw new HeaderError(
        "Svc-Label",
        'an empty label (in "a,,b", or a stray comma) is not allowed',
      );
    }
  }

  const key = headers["svc-flow-control-key"];
  const value = headers["svc-flow-control-value"];
  if (key !== undefined && value === undefined) {
    throw new HeaderError("Svc-Flow-Control-Value", "is required with Svc-Flow-Control-Key");
  }
  if (value !== undefined && key === undefined) {
    throw new HeaderError("Svc-Flow-Control-Key", "is required with Svc-Flow-Control-Value");
  }
  if (key !== undefined && value !== undefined) {
    if (key.trim() === "") throw new HeaderError("Svc-Flow-Control-Key", "must not be empty");
    const limits = parsed("Svc-Flow-Control-Value", () => parseFlowControlValue(value));
    if (limits.period !== undefined && !Number.isFinite(limits.period)) {
      throw new HeaderError("Svc-Flow-Control-Value", "period is too large");
    }
    options.flowControl = { key, limits };
  }

  const callback = headers["svc-failure-callback"];
  if (callback !== undefined && callback.trim() !== "") {
    options.failureCallback = parsed("Svc-Failure-Callback", () =>
      deliveryUrl(callback.trim(), "Svc-Failure-Callback"),
    );
  }
  return options;
}

// The service leaves results outside [0, +inf) unspecified. We retry at once on negative
// or NaN results and hold large ones to the one-day cap of the default backoff.
const MAX_RETRY_DELAY_MS = defaultRetryDelay(Number.POSITIVE_INFINITY);

function clampDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_RETRY_DELAY_MS);
}

// Shared by every run that forwards nothing (most runs): a restore of many runs need not
// keep two empty objects for each. Frozen, as nothing may add to it.
const NOTHING_FORWARDED: Record<string, string> = Object.freeze({});

// Headers under `prefix`, renamed to the rest of their name. The longer callback prefix
// also starts with "svc-f", never with "svc-forward-", so the two families never overlap.
function prefixed(headers: Record<string, string>, prefix: string, shown: string) {
  let out: Record<string, string> = NOTHING_FORWARDED;
  for (const name of Object.keys(headers)) {
    if (!name.startsWith(prefix)) continue;
    const value = headers[name] as string;
    if (out === NOTHING_FORWARDED) out = {};
    const rest = name.slice(prefix.length);
    if (HOP_BY_HOP.has(rest)) {
      throw new HeaderError(
        `${shown}${rest}`,
        `${rest} is a hop-by-hop header and cannot be forwarded`,
      );
    }
    out[rest] = value;
  }
  return out;
}

function wholeNumber(header: string, text: string): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) {
    throw new HeaderError(header, `must be a non-negative integer (got "${text}")`);
  }
  return value;
}

// The parsers of @x/workflow throw ValidationErrors named for the client's option; the
// service names its header instead. A recursive-descent parser also runs out of stack on
// absurdly nested input, which is bad input too, not a server fault.
function parsed<T>(header: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ValidationError) throw new HeaderError(header, error.rule);
    if (error instanceof RangeError) throw new HeaderError(header, "is nested too deeply");
    throw error;
  }
}
