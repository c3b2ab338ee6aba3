import {
  checkKnownKeys,
  checkScalar,
  headerValue,
  httpUrl,
  invalid,
  isHeaderName,
  type KeyList,
} from "@x/core/internal";
import { formatDelay } from "./delay";
import { type FlowControl, formatFlowControl } from "./flow-control";
import { headerParameters } from "./generated/requests";
import type { FailureCallback, HeaderMap, TriggerHeaderParams, TriggerRequest } from "./options";
import { parseRetryDelay } from "./retry-delay";

/** The headers of a trigger: the spec's `Svc-*` parameters, plus the forwarded ones. */
export type TriggerHeaders = TriggerHeaderParams &
  Record<`Svc-${"" | "Failure-Callback-"}Forward-${string}`, string>;

/** Unix seconds above this are far past year 5000: such a `notBefore` is surely milliseconds. */
export const MAX_NOT_BEFORE_SECONDS = 1e11;

const FAILURE_CALLBACK_KEYS: KeyList<FailureCallback> = { url: true, headers: true };

/** A `Svc-*` header the spec gives a rule beyond being a string (generated from the spec). */
type SpecHeader = keyof typeof headerParameters;

/**
 * `value` as it is sent under `name`, held to the rule `pnpm gen` wrote for that header from
 * the spec. Where a check below comes first, it says what is wrong in the option's own
 * terms, or checks what the spec does not state. The error names `field`, the option, and
 * `hint` follows the rule's words.
 */
function specValue<Value>(name: SpecHeader, field: string, value: Value, hint?: string): Value {
  checkScalar(value, headerParameters[name], field, hint);
  return value;
}

/** The `Svc-*` headers for a trigger; every option is validated before anything is sent. */
export function triggerHeaders(request: TriggerRequest): TriggerHeaders {
  const { runId, retries, delay, notBefore, labels, flowControl, failureCallback, retryDelay } =
    request;
  const headers: TriggerHeaders = {};
  forwardHeaders(headers, "headers", "Svc-Forward-", request.headers);
  if (runId != null) headers["Svc-Workflow-RunId"] = runIdValue(runId);
  if (retries != null) headers["Svc-Retries"] = retriesValue(retries);
  if (delay != null) headers["Svc-Delay"] = delayValue(delay);
  if (notBefore != null) headers["Svc-Not-Before"] = notBeforeValue(notBefore);
  if (labels != null) {
    const value = labelsValue(labels);
    if (value !== "") headers["Svc-Label"] = value;
  }
  if (flowControl != null) {
    headers["Svc-Flow-Control-Key"] = flowControlKey(flowControl.key);
    headers["Svc-Flow-Control-Value"] = flowControlValue(flowControl);
  }
  if (failureCallback != null) {
    const callback = failureCallbackOf(failureCallback);
    headers["Svc-Failure-Callback"] = failureCallbackUrl(callback.url);
    forwardHeaders(headers, "failureCallback", "Svc-Failure-Callback-Forward-", callback.headers);
  }
  if (retryDelay != null) headers["Svc-Retry-Delay"] = retryDelayValue(retryDelay);
  return headers;
}

/** Adds `given` under `prefix` (`Svc-Forward-Tenant`), so the service passes them on. */
function forwardHeaders(
  headers: TriggerHeaders,
  field: string,
  prefix: "Svc-Forward-" | "Svc-Failure-Callback-Forward-",
  given: HeaderMap = {},
): void {
  const entries = given instanceof Headers ? [...given] : Object.entries(given);
  for (const [name, value] of entries) {
    // A forwarded name becomes part of a header name.
    if (!isHeaderName(name)) invalid(field, `"${name}" is not a valid header name`);
    headers[`${prefix}${name}`] = headerValue(`${field}.${name}`, value);
  }
}

/** Not blank either, which the spec does not ask. */
function runIdValue(runId: unknown): string {
  if (typeof runId !== "string" || runId.trim() === "") {
    invalid("runId", "must be a non-empty string");
  }
  return specValue("Svc-Workflow-RunId", "runId", headerValue("runId", runId));
}

function retriesValue(retries: number): number {
  return specValue("Svc-Retries", "retries", retries);
}

/** Seconds become `"<n>s"`; the parser also holds a delay to at most 2^53 - 1 seconds. */
function delayValue(delay: string | number): string {
  return specValue("Svc-Delay", "delay", headerValue("delay", formatDelay(delay)));
}

/** Unix seconds; a Date is rounded up, since a run must never start before the instant asked for. */
function notBeforeValue(notBefore: unknown): number {
  const seconds = notBefore instanceof Date ? Math.ceil(notBefore.getTime() / 1000) : notBefore;
  const hint = "(Unix seconds) or a valid Date";
  // A non-negative integer, by the spec's rule just checked.
  const checked = specValue("Svc-Not-Before", "notBefore", seconds, hint) as number;
  if (checked > MAX_NOT_BEFORE_SECONDS) {
    invalid(
      "notBefore",
      `${checked} looks like milliseconds; give Unix seconds (Math.ceil(ms / 1000)) or a Date`,
    );
  }
  return checked;
}

/**
 * One label or several, joined with commas: so no label may hold one, which the spec cannot
 * say of a list it sees joined. An empty array sends no labels.
 */
function labelsValue(labels: string | string[]): string {
  const list = [labels].flat();
  if (list.length === 0) return "";
  const valid = list.every((label) => typeof label === "string" && !label.includes(","));
  if (!valid) invalid("labels", "must be strings without commas; give several labels as an array");
  const value = headerValue("labels", list.join(","));
  return specValue("Svc-Label", "labels", value, "(no label may be blank)");
}

/** Not blank either, which the spec does not ask. */
function flowControlKey(key: unknown): string {
  if (typeof key !== "string" || key.trim() === "") invalid("flowControl", "needs a key");
  return specValue("Svc-Flow-Control-Key", "flowControl", headerValue("flowControl", key));
}

/** The parser says which part is wrong, and holds counts and period to at most 2^53 - 1. */
function flowControlValue(flowControl: FlowControl): string {
  const value = headerValue("flowControl", formatFlowControl(flowControl));
  return specValue("Svc-Flow-Control-Value", "flowControl", value);
}

function failureCallbackOf(failureCallback: unknown): FailureCallback {
  if (typeof failureCallback === "string") return { url: failureCallback };
  if (typeof failureCallback !== "object" || failureCallback === null) {
    return invalid("failureCallback", "must be a URL or { url, headers }");
  }
  checkKnownKeys(
    "trigger failureCallback",
    failureCallback,
    FAILURE_CALLBACK_KEYS,
    "failureCallback.",
  );
  return failureCallback as FailureCallback;
}

/**
 * An absolute URL without dot segments, which the spec does not ask; nor empty, which the
 * spec allows for "the workflow's own failure function": leaving the option out says that.
 */
function failureCallbackUrl(url: string): string {
  const value = headerValue("failureCallback", httpUrl(url, "failureCallback"));
  const hint = "(an http:// or https:// URL without whitespace)";
  return specValue("Svc-Failure-Callback", "failureCallback", value, hint);
}

/** The parser holds the expression to the spec's grammar, which the pattern only outlines. */
function retryDelayValue(retryDelay: string): string {
  parseRetryDelay(retryDelay);
  return specValue("Svc-Retry-Delay", "retryDelay", headerValue("retryDelay", retryDelay));
}
