import { createTransport, httpUrl, invalid, type RawBody, readEnv, type Transport } from "@x/core";
import { triggerHeaders } from "./headers";
import type { Region, TriggerOptions, TriggerResult, WorkflowClientOptions } from "./options";

/** Client of the workflow service: triggers runs. */
export class WorkflowClient {
  readonly #send: Transport;

  constructor(options: WorkflowClientOptions) {
    const { baseUrl, region = "eu-central-1" } = options;
    if (!/^(us-east-1|eu-central-1)$/.test(region)) {
      invalid("region", "must be us-east-1 or eu-central-1");
    }
    this.#send = createTransport({
      ...options,
      baseUrl: baseUrl ? httpUrl(baseUrl, "baseUrl") : `https://workflow.${region}.example.com`,
      tokenQueryParam: "svc_token",
    });
  }

  /**
   * A client configured from `WORKFLOW_TOKEN` (required), `WORKFLOW_URL` and
   * `WORKFLOW_REGION`, read from `env` or else `process.env`; `options` win over them.
   */
  static fromEnv(
    env?: Record<string, string | undefined>,
    options?: Partial<WorkflowClientOptions>,
  ): WorkflowClient {
    return new WorkflowClient({
      token: readEnv("WORKFLOW_TOKEN", env) ?? invalid("WORKFLOW_TOKEN", "is not set"),
      baseUrl: readEnv("WORKFLOW_URL", env),
      region: readEnv("WORKFLOW_REGION", env) as Region | undefined,
      ...options,
    });
  }

  /** Starts a run of the workflow at `options.url`. Throws a `ValidationError` before sending bad input. */
  async trigger(options: TriggerOptions): Promise<TriggerResult> {
    const { url, body, contentType, runId, signal } = options;
    // Spaces are fine (encoded below); tabs and line breaks would vanish in URL parsing.
    httpUrl(url, "url", /^https?:\/\/[^/?#\s][^\t\n\r]*$/);
    const headers = triggerHeaders(options);
    let payload = body;
    if (body !== undefined) {
      let type = "text/plain";
      if (typeof body !== "string") {
        if (body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
          type = "application/octet-stream";
        } else {
          type = "application/json";
          // A BigInt throws its own TypeError here; functions and symbols give undefined.
          payload = JSON.stringify(body);
          if (payload === undefined) invalid("body", "must be text, bytes or JSON");
        }
      }
      headers["content-type"] = contentType ?? type;
    }
    return this.#send({
      method: "POST",
      // The URL goes in raw, as the service expects; only what would end the path is encoded.
      path: `/v2/trigger/${url.replace(/[%?# ]/g, encodeURIComponent)}`,
      headers,
      body: payload as RawBody,
      // Repeating a trigger without an id would start a second run. With an id the
      // service identifies the run by it, so a repeat cannot start another one.
      retry: !!runId,
      signal,
    });
  }
}
