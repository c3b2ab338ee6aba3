/**
 * openapi-fetch's own client of the workflow spec, over the same core as `WorkflowClient`:
 * its chain of policies, token, retries, timeouts and redaction. An entry point of its own,
 * so a bundle that never imports it holds no openapi-fetch.
 *
 * @module @x/workflow/api
 */
import { createApiFetch, jsonAnswers } from "@x/core/internal";
import createClient, { type Client } from "openapi-fetch";
import {
  coreOf,
  createWorkflowClient,
  isWorkflowClient,
  type WorkflowClientHandle,
} from "./client";
import { pathTemplates } from "./generated/paths";
import type { paths } from "./generated/schema";
import type { WorkflowClientOptions } from "./options";
import type { WorkflowClient } from "./workflow-client";

export type { paths } from "./generated/schema";

/**
 * openapi-fetch's client of the workflow spec's `paths`, sending through the chain of
 * `source`: a `WorkflowClient`, a client from `createWorkflowClient`, or the options to
 * make one. It answers as openapi-fetch does, `{ data, error, response }`, with `error`
 * typed from the spec's error responses; a call that got no answer throws a
 * `ConnectionError`, `TimeoutError` or `AbortError`. Path parameters go in as given, apart
 * from `%`, `?`, `#` and space, as the trigger's raw workflow URL needs. A call without
 * `Svc-Workflow-RunId` is never retried. openapi-fetch middleware goes on with its own
 * `api.use`.
 *
 * @example
 * ```ts
 * import { WorkflowClient } from "@x/workflow";
 * import { createWorkflowApi } from "@x/workflow/api";
 *
 * const api = createWorkflowApi(WorkflowClient.fromEnv());
 * const { data, error } = await api.POST("/v2/trigger/{workflowUrl}", {
 *   params: {
 *     path: { workflowUrl: "https://example.com/api/workflow" },
 *     header: { "Svc-Retries": 3 },
 *   },
 *   body: { orderId: 42 },
 * });
 * if (error) console.error(error.error);
 * else console.log(data.workflowRunId);
 * ```
 */
export function createWorkflowApi(
  source: WorkflowClient | WorkflowClientHandle | WorkflowClientOptions,
): Client<paths> {
  const client = isWorkflowClient(source)
    ? source
    : createWorkflowClient(source as WorkflowClientOptions);
  const core = coreOf(client);
  const api = createClient<paths>({
    baseUrl: core.baseUrl,
    headers: core.defaultHeaders,
    pathSerializer: core.pathSerializer,
    fetch: createApiFetch(core, pathTemplates),
  });
  api.use(jsonAnswers(core));
  return api;
}
