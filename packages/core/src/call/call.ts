import { attempt } from "../chain/attempt";
import type { CallState } from "../chain/call-state";
import { runChain } from "../chain/chain";
import type { ChainRequest } from "../chain/policy";
import { readTextOf, textOf } from "../chain/read-body";
import { readable } from "../chain/readable";
import { retry } from "../chain/retry";
import { traceAttempts } from "../chain/trace";
import type { RequestOptions } from "../options/client-options";
import { mergeHeaders } from "../options/headers";
import type { AttemptLog } from "../options/log";
import { ApiPromise, type WithResponse } from "./api-promise";
import type { CoreClient } from "./client";
import type { CallInit, Operation } from "./operation";
import type { AttemptEvent, CallTrace } from "./tracing";

// One call of an operation, top to bottom: the request is built once (URL, headers, body),
// passes the client's chain once (the user's policies, then the retry policy, whose
// attempts pass the trace, redirect refusal, redaction and auth policies before fetch),
// and the answer's body is parsed once. The call's options were checked where it started.

/** Calls `operation` with `init`: its 2xx data, or the typed error of anything else. */
export function callOperation<Json, Data>(
  client: CoreClient,
  operation: Operation<Json, Data>,
  init: CallInit<Json>,
  options: RequestOptions | undefined,
): ApiPromise<Data> {
  let leaveUnread = false;
  const result = run(client, operation, init, options, () => leaveUnread);
  // The data is what the spec types it as: the answer's JSON.
  return new ApiPromise(result as Promise<WithResponse<Data>>, () => {
    leaveUnread = true;
    return result.then(({ response }) => response);
  });
}

async function run<Json, Data>(
  client: CoreClient,
  operation: Operation<Json, Data>,
  init: CallInit<Json>,
  options: RequestOptions | undefined,
  unread: () => boolean,
): Promise<WithResponse<unknown>> {
  const json = init.json !== undefined;
  const request: ChainRequest = {
    method: operation.method,
    url: operation.url,
    headers: new Headers(
      mergeHeaders(
        client.defaultHeaders,
        json ? JSON_TYPE : undefined,
        options?.headers,
        init.headers,
      ),
    ),
    body: json ? JSON.stringify(init.json) : init.body,
    signal: options?.signal,
    template: operation.template,
    params: operation.params,
  };
  const trace = client.tracing?.startCall(operation.traced);
  try {
    const response = await send(client, request, options, trace, unread);
    const data = await dataOf(client, response, unread);
    trace?.end(response.status, undefined);
    return { data, response };
  } catch (error) {
    trace?.end(undefined, error);
    throw error;
  }
}

const JSON_TYPE = { "content-type": "application/json" };

/**
 * Sends `request` through the client's chain: the user's policies, then (when there are
 * any) the one that keeps answers readable for them, the retry policy, the trace's, and the
 * client's own; the last step is the attempt.
 */
export function send(
  client: CoreClient,
  request: ChainRequest,
  options: RequestOptions | undefined,
  trace: CallTrace | undefined,
  unread: () => boolean,
): Promise<Response> {
  const call: CallState = {
    timeoutMs: options?.timeoutMs ?? client.defaults.timeoutMs,
    maxRetries: options?.maxRetries ?? client.defaults.maxRetries,
    maxResponseBytes: options?.maxResponseBytes ?? client.defaults.maxResponseBytes,
    unread,
    trace,
    observe: observerOf(client.log, trace),
    attempt: 1,
    attempts: 1,
  };
  const users = client.policies.items;
  const policies = [
    ...users,
    ...(users.length > 0 ? [readable] : []),
    retry(client.retry, call),
    ...(trace ? [traceAttempts(trace, call)] : []),
    ...client.own,
  ];
  return runChain(policies, request, attempt(client.attempt, call));
}

/** Who hears of each attempt: the log and the trace, or undefined when neither listens. */
function observerOf(
  log: AttemptLog | undefined,
  trace: CallTrace | undefined,
): ((event: AttemptEvent) => void) | undefined {
  if (log === undefined && trace?.attempted === undefined) return undefined;
  return (event) => {
    log?.(event, event.error !== undefined && event.retryInMs === undefined);
    trace?.attempted?.(event);
  };
}

/**
 * The data of a call's final answer: its JSON (undefined for an empty body or a 2xx left
 * unread for `asResponse()`), or the typed error of a non-2xx or of a 2xx that is not JSON.
 */
async function dataOf(
  client: CoreClient,
  response: Response,
  unread: () => boolean,
): Promise<unknown> {
  if (response.ok && unread() && readTextOf(response) === undefined) return undefined;
  const text = await textOf(response);
  if (!response.ok) throw client.errorFor(response, text);
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw client.errorFor(response, text);
  }
}
