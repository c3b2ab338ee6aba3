import { ApiPromise, type Middleware, type RequestOptions } from "@x/core";
import {
  CLIENT_OPTION_KEYS,
  type ClientCore,
  checkBaseUrl,
  checkKnownKeys,
  checkObject,
  checkRequestOptions,
  checkTokenIn,
  createClientCore,
  definedFields,
  httpUrl,
  invalid,
  type KeyList,
  type Operation,
  type Optional,
  readEnv,
  readLogLevel,
} from "@x/core/internal";
import type { Client } from "openapi-fetch";
import { serverVariables } from "./generated/requests";
import type { paths } from "./generated/schema";
import { triggerHeaders } from "./headers";
import type { Region, TriggerRequest, TriggerResult, WorkflowClientOptions } from "./options";
import { payloadOf } from "./payload";

const CLIENT_KEYS: KeyList<WorkflowClientOptions> = {
  ...CLIENT_OPTION_KEYS,
  baseUrl: true,
  region: true,
  tokenIn: true,
};

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

/** The regions the spec's `region` server variable lists. */
const REGIONS: readonly string[] = serverVariables.region;

/** What the client appends to `baseUrl` itself, so a `baseUrl` must not end with it. */
const APPENDED_PATH = /\/v2(\/trigger)?\/*$/i;

/** The workflow URL goes into the path raw, as the service expects; only what would end the path is encoded. */
function rawPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name]).replace(/[%?# ]/g, encodeURIComponent),
  );
}

/** What the trigger's operation carries: the body is sent raw, the data is the result. */
type TriggerOperation = Operation<unknown, TriggerResult>;

/** Client of the workflow service: triggers runs. */
export class WorkflowClient {
  readonly #core: ClientCore<paths>;
  // The last trigger's operation: a client that triggers one workflow URL again and again
  // builds its URL (and what errors and traces show of it) once.
  #lastTrigger: { workflowUrl: string; operation: TriggerOperation } | undefined;

  /**
   * openapi-fetch's own client of the workflow spec, over this client's transport (auth,
   * retries, timeouts, redirects refused, the token redacted) and middleware. It answers as
   * openapi-fetch does, `{ data, error, response }`, with `error` typed from the spec's error
   * responses; a call that got no answer throws a `ConnectionError`, `TimeoutError` or
   * `AbortError`. Path parameters go in as given, apart from `%`, `?`, `#` and space, as the
   * trigger's raw workflow URL needs. A call without `Svc-Workflow-RunId` is never retried.
   *
   * @example
   * ```ts
   * const { data, error } = await wf.api.POST("/v2/trigger/{workflowUrl}", {
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
  readonly api: Client<paths>;

  /**
   * A client of the workflow service at `options.baseUrl` (or the region's address),
   * authenticated with `options.token`. Bad options throw a `ValidationError` here.
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
    checkObject(options, "WorkflowClient options", '{ token: "..." }');
    checkKnownKeys("WorkflowClient", options, CLIENT_KEYS);
    const { baseUrl, region = "eu-central-1" } = options;
    if (!REGIONS.includes(region)) invalid("region", `must be ${REGIONS.join(" or ")}`);
    checkTokenIn(options.tokenIn);
    this.#core = createClientCore<paths>({
      ...options,
      baseUrl:
        baseUrl === undefined
          ? `https://workflow.${region}.example.com`
          : checkBaseUrl(baseUrl, "baseUrl", APPENDED_PATH),
      tokenQueryParam: "svc_token",
      pathSerializer: rawPath,
      hints: {
        401: 'Check the token: the client sends it as Authorization: Bearer <token> (or as the svc_token query parameter with tokenIn: "query"), and it must be the service\'s token (WORKFLOW_TOKEN).',
        // Workflows have no namespaces: a 404 here is the service's address or its path.
        404: "Check the client's baseUrl (or region).",
      },
      // Repeating a trigger without an id would start a second run. With an id the
      // service identifies the run by it, so a repeat cannot start another one.
      isRepeatable: (headers) => "svc-workflow-runid" in headers,
    });
    this.api = this.#core.api;
  }

  /**
   * Adds openapi-fetch middleware to every call of this client (`trigger` and `api`). Each
   * middleware runs once per call, around all of the call's HTTP attempts, and never sees
   * the token.
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
  use(...middleware: Middleware[]): void {
    this.#core.use(...middleware);
  }

  /**
   * Removes middleware that `use()` added.
   *
   * @example
   * ```ts
   * const timing = { onResponse: () => undefined };
   * wf.use(timing);
   * wf.eject(timing);
   * ```
   */
  eject(...middleware: Middleware[]): void {
    this.#core.eject(...middleware);
  }

  /**
   * A client configured from `WORKFLOW_TOKEN` (required), `WORKFLOW_URL`,
   * `WORKFLOW_REGION` and `X_LOG` (the log level), read from `env` or else `process.env`;
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
  static fromEnv(
    env?: Record<string, string | undefined>,
    options?: Optional<WorkflowClientOptions>,
  ): WorkflowClient {
    const logLevel = readLogLevel(env);
    return new WorkflowClient({
      token: readEnv("WORKFLOW_TOKEN", env) ?? invalid("WORKFLOW_TOKEN", "is not set"),
      baseUrl: readEnv("WORKFLOW_URL", env),
      region: readEnv("WORKFLOW_REGION", env) as Region | undefined,
      ...(logLevel === undefined ? {} : { logLevel }),
      // An option given as undefined leaves the environment's value in place.
      ...(options && definedFields(options)),
    });
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
    return ApiPromise.from(() => {
      checkObject(request, "trigger", "{ url, body }");
      checkKnownKeys("trigger", request, TRIGGER_KEYS);
      const checked = checkRequestOptions("trigger", options);
      // Spaces are fine (encoded); tabs and line breaks would vanish in URL parsing.
      const workflowUrl = httpUrl(request.url, "url", /^https?:\/\/[^/?#\s][^\t\n\r]*$/);
      const { body, contentType } = payloadOf(request);
      const headers: Record<string, string | number> = triggerHeaders(request);
      // The body's own media type, over the JSON default.
      if (contentType !== undefined) headers["content-type"] = contentType;
      return this.#core.call(this.#triggerOf(workflowUrl), { body, headers }, checked);
    });
  }

  /** The trigger operation of a workflow URL: the URL differs per workflow, in its path. */
  #triggerOf(workflowUrl: string): TriggerOperation {
    if (this.#lastTrigger?.workflowUrl === workflowUrl) return this.#lastTrigger.operation;
    const operation = this.#core.operation("WorkflowClient.trigger", "post", TRIGGER_PATH, {
      path: { workflowUrl },
    });
    this.#lastTrigger = { workflowUrl, operation };
    return operation;
  }
}
