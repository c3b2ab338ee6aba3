import {
  ApiPromise,
  CLIENT_OPTION_KEYS,
  checkBaseUrl,
  checkKnownKeys,
  checkObject,
  checkRequestOptions,
  createRequest,
  createTransport,
  httpUrl,
  invalid,
  type KeyList,
  type OperationRequest,
  type RequestOptions,
  readEnv,
  readLogLevel,
} from "@x/core";
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

const REGIONS: KeyList<Record<Region, true>> = { "us-east-1": true, "eu-central-1": true };

/** What the client appends to `baseUrl` itself, so a `baseUrl` must not end with it. */
const APPENDED_PATH = /\/v2(\/trigger)?\/*$/i;

/** Client of the workflow service: triggers runs. */
export class WorkflowClient {
  /**
   * Calls any operation of the workflow spec through this client's transport (auth,
   * retries, timeouts, typed errors, `withResponse()`): path, method, parameters, body and
   * result are typed from the generated `paths`. Path parameters go in as given, apart from
   * `%`, `?`, `#` and space, as the trigger's raw workflow URL needs. A call without
   * `Svc-Workflow-RunId` is never retried.
   */
  readonly request: OperationRequest<paths>;

  constructor(options: WorkflowClientOptions) {
    checkObject(options, "WorkflowClient options", '{ token: "..." }');
    checkKnownKeys("WorkflowClient", options, CLIENT_KEYS);
    const { baseUrl, region = "eu-central-1" } = options;
    if (!Object.hasOwn(REGIONS, region)) {
      invalid("region", `must be ${Object.keys(REGIONS).join(" or ")}`);
    }
    const transport = createTransport({
      ...options,
      baseUrl:
        baseUrl === undefined
          ? `https://workflow.${region}.example.com`
          : checkBaseUrl(baseUrl, "baseUrl", APPENDED_PATH),
      tokenQueryParam: "svc_token",
      // Workflows have no namespaces: a 404 here is the service's address or its path.
      hints: { 404: "Check the client's baseUrl (or region)." },
    });
    this.request = createRequest<paths>(transport, {
      // The URL goes in raw, as the service expects; only what would end the path is encoded.
      encodePathParam: (_name, value) => value.replace(/[%?# ]/g, encodeURIComponent),
      // Repeating a trigger without an id would start a second run. With an id the
      // service identifies the run by it, so a repeat cannot start another one.
      isRepeatable: (call) => call.headers?.["Svc-Workflow-RunId"] !== undefined,
    });
  }

  /**
   * A client configured from `WORKFLOW_TOKEN` (required), `WORKFLOW_URL`,
   * `WORKFLOW_REGION` and `X_LOG` (the log level), read from `env` or else `process.env`;
   * `options` win over them.
   */
  static fromEnv(
    env?: Record<string, string | undefined>,
    options?: Partial<WorkflowClientOptions>,
  ): WorkflowClient {
    const logLevel = readLogLevel(env);
    return new WorkflowClient({
      token: readEnv("WORKFLOW_TOKEN", env) ?? invalid("WORKFLOW_TOKEN", "is not set"),
      baseUrl: readEnv("WORKFLOW_URL", env),
      region: readEnv("WORKFLOW_REGION", env) as Region | undefined,
      ...(logLevel === undefined ? {} : { logLevel }),
      ...options,
    });
  }

  /**
   * Starts a run of the workflow at `request.url`. Bad input rejects the promise with a
   * `ValidationError` before anything is sent. `options`: `signal`, `timeoutMs`,
   * `maxRetries`, extra `headers` of this call.
   */
  trigger(request: TriggerRequest, options?: RequestOptions): ApiPromise<TriggerResult> {
    return ApiPromise.from(() => {
      checkObject(request, "trigger", "{ url, body }");
      checkKnownKeys("trigger", request, TRIGGER_KEYS);
      checkRequestOptions("trigger", options);
      // Spaces are fine (encoded); tabs and line breaks would vanish in URL parsing.
      const workflowUrl = httpUrl(request.url, "url", /^https?:\/\/[^/?#\s][^\t\n\r]*$/);
      const { body, contentType } = payloadOf(request);
      return this.request(
        "POST",
        "/v2/trigger/{workflowUrl}",
        { params: { path: { workflowUrl }, header: triggerHeaders(request) }, body, contentType },
        options,
      );
    });
  }
}
