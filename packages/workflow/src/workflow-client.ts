import type { ApiPromise, PolicyLike, RequestOptions } from "@x/core";
import type { Optional } from "@x/core/internal";
import {
  createWorkflowClient,
  optionsFromEnv,
  shareClient,
  type WorkflowClientHandle,
} from "./client";
import type { TriggerRequest, TriggerResult, WorkflowClientOptions } from "./options";
import { workflowTrigger } from "./trigger";

/**
 * Client of the workflow service: triggers runs. `trigger` calls the standalone function
 * `workflowTrigger`, which a bundle can import alone.
 */
export class WorkflowClient {
  readonly #client: WorkflowClientHandle;

  /**
   * A client of the workflow service at `options.baseUrl` (or the region's address),
   * authenticated with `options.token`. Bad options throw a `ConfigurationError` here.
   *
   * @example
   * ```ts
   * import { WorkflowClient } from "@x/workflow";
   *
   * const wf = new WorkflowClient({ token: "my-token", region: "eu-central-1" });
   * const local = new WorkflowClient({ baseUrl: "http://127.0.0.1:8080", token: "dev-token" });
   * ```
   */
  constructor(options: WorkflowClientOptions) {
    this.#client = createWorkflowClient(options);
    // So `workflowTrigger` and `createWorkflowApi` take the client as it is.
    shareClient(this, this.#client);
  }

  /**
   * Adds policies to every call of this client: a policy, `(request, next) =>
   * Promise<Response>`, or an openapi-fetch middleware object. Each runs once per call,
   * around all of the call's HTTP attempts, and never sees the token.
   *
   * @example
   * ```ts
   * wf.use({
   *   onResponse({ response }) {
   *     console.log("trigger answered", response.status);
   *   },
   * });
   * ```
   */
  use(...policies: PolicyLike[]): void {
    this.#client.use(...policies);
  }

  /**
   * Removes policies that `use()` added.
   *
   * @example
   * ```ts
   * const timing = { onResponse: () => undefined };
   * wf.use(timing);
   * wf.eject(timing);
   * ```
   */
  eject(...policies: PolicyLike[]): void {
    this.#client.eject(...policies);
  }

  /**
   * A client configured from `WORKFLOW_TOKEN` (required), `WORKFLOW_URL`,
   * `WORKFLOW_REGION` and `X_LOG` (the log level), read from `env` (any object,
   * such as a Worker's `Env`: only its string values are read) or else `process.env`;
   * `options` win over them.
   *
   * @example
   * ```ts
   * import { WorkflowClient } from "@x/workflow";
   *
   * // WORKFLOW_TOKEN and WORKFLOW_URL, e.g. as `pnpm x-dev start` prints them.
   * const wf = WorkflowClient.fromEnv();
   * const patient = WorkflowClient.fromEnv(process.env, { timeoutMs: 30_000 });
   * ```
   */
  static fromEnv(env?: object, options?: Optional<WorkflowClientOptions>): WorkflowClient {
    return new WorkflowClient(optionsFromEnv(env, options));
  }

  /**
   * Starts a run of the workflow at `request.url`. Bad input rejects the promise with a
   * `ValidationError` before anything is sent. `options`: `signal`, `timeoutMs`,
   * `maxRetries`, extra `headers` of this call.
   *
   * @example
   * ```ts
   * import { WorkflowClient } from "@x/workflow";
   *
   * const wf = WorkflowClient.fromEnv();
   * const { workflowRunId } = await wf.trigger({
   *   url: "https://my-app.example.com/api/workflow",
   *   body: { orderId: 1042 },
   *   retries: 3,
   *   delay: "10m",
   *   labels: ["billing"],
   *   flowControl: { key: "user-1", parallelism: 1 },
   * });
   * console.log(workflowRunId);
   * ```
   */
  trigger(request: TriggerRequest, options?: RequestOptions): ApiPromise<TriggerResult> {
    return workflowTrigger(this.#client, request, options);
  }
}
