import { httpUrl, invalid } from "@x/core";
import { formatDelay } from "./delay";
import { formatFlowControl } from "./flow-control";
import type { HeaderMap, SvcHeader, TriggerOptions } from "./options";
import { parseRetryDelay } from "./retry-delay";

const INT = "must be a non-negative integer";

/** The `Svc-*` headers for a trigger; every option is validated before anything is sent. */
export function triggerHeaders(options: TriggerOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const set = (field: string, name: SvcHeader, value: unknown, ok: unknown = 1, rule = "") => {
    // Headers would throw a TypeError on these, and only once the request is built.
    if (!ok || /[\0\n\r\u0100-\uffff]/.test(`${value}`)) {
      invalid(field, ok ? "is not a valid header value" : rule);
    }
    headers[name] = `${value}`;
  };
  const forward = (field: string, prefix: "" | "Failure-Callback-", given: HeaderMap = {}) => {
    for (const [name, value] of given instanceof Headers ? given : Object.entries(given)) {
      // Names must be RFC 9110 tokens to survive as part of a header name.
      set(
        field,
        `Svc-${prefix}Forward-${name}`,
        value,
        /^[\w!#$%&'*+.^`|~-]+$/.test(name),
        `"${name}" is not a valid header name`,
      );
    }
  };
  const { runId, retries, delay, notBefore, labels, flowControl, failureCallback, retryDelay } =
    options;

  forward("headers", "", options.headers);
  if (runId != null) {
    set(
      "runId",
      "Svc-Workflow-RunId",
      runId,
      typeof runId === "string" && runId.trim(),
      "must be a non-empty string",
    );
  }
  if (retries != null) {
    set("retries", "Svc-Retries", retries, Number.isInteger(retries) && retries >= 0, INT);
  }
  if (delay != null) set("delay", "Svc-Delay", formatDelay(delay));
  if (notBefore != null) {
    // Rounded up: a run must never start before the instant asked for.
    const seconds = notBefore instanceof Date ? Math.ceil(notBefore.getTime() / 1000) : notBefore;
    set(
      "notBefore",
      "Svc-Not-Before",
      seconds,
      Number.isInteger(seconds) && seconds >= 0,
      `${INT} (Unix seconds) or a valid Date`,
    );
  }
  if (labels != null) {
    const list = [labels].flat();
    if (list.length) {
      set(
        "labels",
        "Svc-Label",
        list.join(","),
        list.every((label) => /^[^,]*[^,\s][^,]*$/.test(label)),
        "must be non-empty and without commas",
      );
    }
  }
  if (flowControl) {
    const { key } = flowControl;
    set(
      "flowControl",
      "Svc-Flow-Control-Key",
      key,
      typeof key === "string" && key.trim(),
      "needs a key",
    );
    set("flowControl", "Svc-Flow-Control-Value", formatFlowControl(flowControl));
  }
  if (failureCallback != null) {
    const callback: { url: string; headers?: HeaderMap } =
      typeof failureCallback === "object" ? failureCallback : { url: failureCallback };
    set(
      "failureCallback",
      "Svc-Failure-Callback",
      callback.url,
      // A header value is taken as sent: no whitespace at all.
      httpUrl(callback.url, "failureCallback", /^https?:\/\/\S+$/),
    );
    forward("failureCallback", "Failure-Callback-", callback.headers);
  }
  if (retryDelay != null)
    set("retryDelay", "Svc-Retry-Delay", retryDelay, parseRetryDelay(retryDelay));
  return headers;
}
