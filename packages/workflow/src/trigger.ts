import { ApiPromise, type RequestOptions } from "@x/core";
import {
  type CoreClient,
  callOperation,
  checkKnownKeys,
  checkObject,
  checkRequestOptions,
  httpUrl,
  type KeyList,
  type Operation,
  operationOf,
} from "@x/core/internal";
import { coreOf, type WorkflowClientHandle } from "./client";
import { triggerHeaders } from "./headers";
import type { TriggerRequest, TriggerResult } from "./options";
import { payloadOf } from "./payload";

const TRIGGER_KEYS: KeyList<TriggerRequest> = {
  url: true,
  body: true,
  contentType: true,
  runId: true,
  headers: true,
  retries: true,
  delay: true,
  notBefore: true,
  labels: true,
  flowControl: true,
  failureCallback: true,
  retryDelay: true,
};

const TRIGGER_PATH = "/v2/trigger/{workflowUrl}";

/** What the trigger's operation carries: the body is sent raw, the data is the result. */
type TriggerOperation = Operation<unknown, TriggerResult>;

/**
 * The last trigger operation of each client: a client that triggers one workflow URL again
 * and again builds its URL (and what errors and traces show of it) once.
 */
const lastTrigger = new WeakMap<CoreClient, { workflowUrl: string; operation: TriggerOperation }>();

/**
 * Starts a run of the workflow at `request.url`. Bad input rejects the promise with a
 * `ValidationError` before anything is sent. `options`: `signal`, `timeoutMs`,
 * `maxRetries`, extra `headers` of this call.
 *
 * @example
 * ```ts
 * import { createWorkflowClient, workflowTrigger } from "@x/workflow";
 *
 * const client = createWorkflowClient({ token: "my-token" });
 * const { workflowRunId } = await workflowTrigger(client, {
 *   url: "https://my-app.example.com/api/workflow",
 *   body: { orderId: 1042 },
 *   retries: 3,
 *   delay: "10m",
 * });
 * ```
 */
export function workflowTrigger(
  client: WorkflowClientHandle,
  request: TriggerRequest,
  options?: RequestOptions,
): ApiPromise<TriggerResult> {
  return ApiPromise.from(() => {
    const core = coreOf(client);
    checkObject(request, "trigger", "{ url, body }");
    checkKnownKeys("trigger", request, TRIGGER_KEYS);
    const checked = checkRequestOptions("trigger", options);
    // Spaces are fine (encoded); tabs and line breaks would vanish in URL parsing.
    const workflowUrl = httpUrl(request.url, "url", /^https?:\/\/[^/?#\s][^\t\n\r]*$/);
    const { body, contentType } = payloadOf(request);
    const headers: Record<string, string | number> = triggerHeaders(request);
    // The body's own media type, over the JSON default.
    if (contentType !== undefined) headers["content-type"] = contentType;
    const sent = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
    return callOperation(core, triggerOf(core, workflowUrl), { body: sent, headers }, checked);
  });
}

/** The trigger operation of a workflow URL: the URL differs per workflow, in its path. */
function triggerOf(core: CoreClient, workflowUrl: string): TriggerOperation {
  const last = lastTrigger.get(core);
  if (last?.workflowUrl === workflowUrl) return last.operation;
  const operation = operationOf<unknown, TriggerResult>(
    core,
    "WorkflowClient.trigger",
    "post",
    TRIGGER_PATH,
    { workflowUrl },
  );
  lastTrigger.set(core, { workflowUrl, operation });
  return operation;
}
