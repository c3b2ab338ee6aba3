import type { PolicyLike } from "@x/core";
import {
  CLIENT_OPTION_KEYS,
  type CoreClient,
  checkBaseUrl,
  checkKnownKeys,
  checkObject,
  configuring,
  createCoreClient,
  definedFields,
  invalid,
  type KeyList,
  type Optional,
  readEnv,
  readLogLevel,
} from "@x/core/internal";
import { serverVariables } from "./generated/requests";
import type { Region, WorkflowClientOptions } from "./options";

// The lean client `workflowTrigger` takes: the core client of the service (its chain,
// token, retries, timeouts).

/** A client of the workflow service, made by `createWorkflowClient`: what `workflowTrigger` takes. */
export interface WorkflowClientHandle {
  /**
   * Adds policies to every call of this client: a policy, `(request, next) =>
   * Promise<Response>`, or an openapi-fetch middleware object. Each runs once per call,
   * around all of the call's HTTP attempts, and never sees the token.
   *
   * @example
   * ```ts
   * import { createWorkflowClient } from "@x/workflow";
   *
   * const client = createWorkflowClient({ token: "my-token" });
   * client.use({
   *   onResponse({ response }) {
   *     console.log("trigger answered", response.status);
   *   },
   * });
   * ```
   */
  use(...policies: PolicyLike[]): void;
  /**
   * Removes policies that `use()` added.
   *
   * @example
   * ```ts
   * import { createWorkflowClient, type Policy } from "@x/workflow";
   *
   * const client = createWorkflowClient({ token: "my-token" });
   * const passThrough: Policy = (request, next) => next(request);
   * client.use(passThrough);
   * client.eject(passThrough);
   * ```
   */
  eject(...policies: PolicyLike[]): void;
}

const cores = new WeakMap<object, CoreClient>();

const CLIENT_KEYS: KeyList<WorkflowClientOptions> = {
  ...CLIENT_OPTION_KEYS,
  baseUrl: true,
  region: true,
  tokenIn: true,
};

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

/**
 * A client of the workflow service at `options.baseUrl` (or the region's address),
 * authenticated with `options.token`, for `workflowTrigger`. Bad options throw a
 * `ConfigurationError`.
 *
 * @example
 * ```ts
 * import { createWorkflowClient, workflowTrigger } from "@x/workflow";
 *
 * const client = createWorkflowClient({ token: "my-token", region: "eu-central-1" });
 * const { workflowRunId } = await workflowTrigger(client, { url: "https://my-app.example.com/api/workflow" });
 * ```
 */
export function createWorkflowClient(options: WorkflowClientOptions): WorkflowClientHandle {
  const core = configuring(() => {
    checkObject(options, "options", '{ token: "..." }');
    checkKnownKeys("WorkflowClient", options, CLIENT_KEYS);
    const { baseUrl, region = "eu-central-1" } = options;
    if (!REGIONS.includes(region)) invalid("region", `must be ${REGIONS.join(" or ")}`);
    return createCoreClient({
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
      isRepeatable: (headers) => headers.has("svc-workflow-runid"),
    });
  });
  const client: WorkflowClientHandle = {
    use: (...policies) => core.policies.use(...policies),
    eject: (...policies) => core.policies.eject(...policies),
  };
  cores.set(client, core);
  return client;
}

/**
 * A client configured from `WORKFLOW_TOKEN` (required), `WORKFLOW_URL`,
 * `WORKFLOW_REGION` and `X_LOG` (the log level), read from `env` (any object, such as a
 * Worker's `Env`: only its string values are read) or else `process.env`; `options` win
 * over them. A missing token is a `ConfigurationError`.
 *
 * @example
 * ```ts
 * import { workflowClientFromEnv } from "@x/workflow";
 *
 * const client = workflowClientFromEnv({ WORKFLOW_TOKEN: "dev-token", WORKFLOW_URL: "http://127.0.0.1:8080" });
 * ```
 */
export function workflowClientFromEnv(
  env?: object,
  options?: Optional<WorkflowClientOptions>,
): WorkflowClientHandle {
  return createWorkflowClient(optionsFromEnv(env, options));
}

/** The options `fromEnv` makes a client from. */
export function optionsFromEnv(
  env: object | undefined,
  options: Optional<WorkflowClientOptions> | undefined,
): WorkflowClientOptions {
  return configuring(() => {
    const logLevel = readLogLevel(env);
    return {
      token: readEnv("WORKFLOW_TOKEN", env) ?? invalid("WORKFLOW_TOKEN", "is not set"),
      baseUrl: readEnv("WORKFLOW_URL", env),
      region: readEnv("WORKFLOW_REGION", env) as Region | undefined,
      ...(logLevel === undefined ? {} : { logLevel }),
      // An option given as undefined leaves the environment's value in place.
      ...(options && definedFields(options)),
    };
  });
}

/** Whether `value` is a client of `workflowTrigger`, or a `WorkflowClient` (which shares its state). */
export function isWorkflowClient(value: unknown): value is WorkflowClientHandle {
  return typeof value === "object" && value !== null && cores.has(value);
}

/** Lets `holder` (a `WorkflowClient`) stand for `client` wherever a client is taken. */
export function shareClient(holder: object, client: WorkflowClientHandle): void {
  cores.set(holder, coreOf(client));
}

/** The core of `client`; a ValidationError for what no function made. */
export function coreOf(client: WorkflowClientHandle): CoreClient {
  const core = typeof client === "object" && client !== null ? cores.get(client) : undefined;
  if (core === undefined) {
    invalid("client", "must be a client made by createWorkflowClient (or a WorkflowClient)");
  }
  return core;
}
