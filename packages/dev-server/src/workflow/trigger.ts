import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { httpUrl } from "@x/core";
import {
  type ContractSpec,
  decodePercent,
  parseBody,
  type Violation,
  validateRequestParts,
} from "@x/openapi-check";
import { DEFAULT_MAX_BODY_BYTES, flatHeaders, HttpError, readBody } from "../http.js";
import type { Bytes } from "./delivery.js";
import { readOptions } from "./headers.js";
import { sendJson, short } from "./http.js";
import type { RunStore, RunView } from "./runs.js";
import { type DriverDeps, drive, type RunPlan } from "./scheduler.js";

export const TRIGGER_PREFIX = "/v2/trigger/";

export interface TriggerContext {
  spec: ContractSpec;
  store: RunStore;
  deps: DriverDeps;
}

/**
 * POST /v2/trigger/<url>, already authorized: creates the run, schedules it and answers 200.
 * Throws for anything the spec or the interface document's rules forbid (HttpError,
 * HeaderError, or core's ValidationError for the URL), which the service answers as 4xx.
 */
export async function handleTrigger(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  ctx: TriggerContext,
): Promise<void> {
  // Every escape is decoded: a client may encode the whole URL or only what would end the
  // path (%, ?, #, space), and both must name the same URL.
  const url = decodePercent(rawPath.slice(TRIGGER_PREFIX.length));
  if (url === undefined) {
    throw new HttpError(400, "workflowUrl: malformed percent-encoding in the path");
  }
  httpUrl(url, "workflowUrl");

  // A copy backed by its own ArrayBuffer, as fetch bodies for the deliveries must be.
  const bytes: Bytes = new Uint8Array(await readBody(req, DEFAULT_MAX_BODY_BYTES));
  const headers = flatHeaders(req);
  const contentType = headers["content-type"];
  const body = parseBody(bytes, contentType);
  if (body.error !== undefined) {
    throw new HttpError(400, describe([body.error]));
  }

  // The semantic rules run first: where both would object, their messages say more than
  // a schema pattern does. The spec then catches everything else (unknown Svc- headers).
  const options = readOptions(headers);
  const check = validateRequestParts(ctx.spec, {
    method: "POST",
    url: req.url ?? "/",
    headers,
    body: body.body,
  });
  if (check.violations.length > 0) throw new HttpError(400, describe(check.violations));

  // A run id names one run: reusing it is refused rather than silently answered with the
  // old run, whose body and options may differ from this request's.
  const id = options.runId ?? `wfr_${randomUUID().replaceAll("-", "")}`;
  if (ctx.store.has(id)) {
    throw new HttpError(
      400,
      `Svc-Workflow-RunId: run id "${short(id)}" already exists; send a new id or none`,
    );
  }

  const createdAt = Date.now();
  const notBefore =
    options.notBefore !== undefined
      ? options.notBefore * 1000
      : createdAt + (options.delay ?? 0) * 1000;
  const plan: RunPlan = {
    id,
    createdAt,
    url,
    body: bytes,
    ...(contentType === undefined ? {} : { contentType }),
    forward: options.forward,
    callbackForward: options.callbackForward,
    retries: options.retries,
    retryDelayMs: options.retryDelayMs,
    notBefore,
    labels: options.labels,
    ...(options.flowControl === undefined ? {} : { flowControl: options.flowControl }),
    ...(options.failureCallback === undefined ? {} : { failureCallback: options.failureCallback }),
  };
  const view: RunView = {
    workflowRunId: id,
    workflowCreatedAt: createdAt,
    url,
    state: "scheduled",
    labels: options.labels,
    retries: options.retries,
    ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
    notBefore,
    ...(options.flowControl === undefined
      ? {}
      : { flowControl: { key: options.flowControl.key, ...options.flowControl.limits } }),
    failureCallback: options.failureCallback ?? url,
    ...(contentType === undefined ? {} : { contentType }),
    bodyBytes: bytes.byteLength,
    attempts: [],
  };
  ctx.store.add(view);
  drive(plan, view, ctx.deps);
  sendJson(res, 200, { workflowRunId: id, workflowCreatedAt: createdAt });
}

// "header Svc-Retries" reads better as the header itself; the message then names it first.
function describe(violations: Violation[]): string {
  return violations
    .map(({ where, message }) => {
      const name = where.startsWith("header ")
        ? where.slice("header ".length)
        : where.replace(/^path\./, "");
      // Usually a workflow URL's own query sent with a raw "?" that ended the path.
      const hint = where.startsWith("query ") ? ' (encode "?" in the workflow URL as %3F)' : "";
      return `${name}: ${message}${hint}`;
    })
    .join("; ");
}
