import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type ContractSpec,
  essence,
  mediaKind,
  type Violation,
  validateRequestParts,
} from "@x/contract";
import { flatHeaders, HttpError, MAX_JSON_DEPTH, nestsDeeperThan, readBody } from "../http.js";
import type { Bytes } from "./delivery.js";
import { HeaderError, isHttpUrl, readOptions, type TriggerOptions } from "./headers.js";
import { MAX_BODY_BYTES, sendError, sendJson } from "./http.js";
import type { WorkflowLimits } from "./limits.js";
import { requestFingerprint } from "./repeat.js";
import type { RunStore, RunView } from "./runs.js";
import { type DriverDeps, drive, type LiveRun, type RunPlan } from "./scheduler.js";

export const TRIGGER_PREFIX = "/v2/trigger/";

export interface TriggerContext {
  spec: ContractSpec;
  limits: WorkflowLimits;
  store: RunStore;
  deps: DriverDeps;
  /** Each run's request fingerprint, to tell a repeat from another request under its id. */
  fingerprints: Map<string, string>;
}

/**
 * POST /v2/trigger/<url>, already authorized. Answers 400 for anything the spec or the
 * seed's rules forbid, else creates the run, schedules it and answers 200.
 */
export async function handleTrigger(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  ctx: TriggerContext,
): Promise<void> {
  const url = decodeWorkflowUrl(rawPath.slice(TRIGGER_PREFIX.length));
  if (url === undefined) {
    return sendError(res, 400, "workflowUrl: malformed percent-encoding in the path");
  }
  if (!isHttpUrl(url)) {
    return sendError(
      res,
      400,
      `workflowUrl: must be an absolute http:// or https:// URL (got "${short(url)}")`,
    );
  }

  let bytes: Bytes;
  try {
    // A copy backed by its own ArrayBuffer, as fetch bodies for the deliveries must be.
    bytes = new Uint8Array(await readBody(req, MAX_BODY_BYTES));
  } catch (error) {
    // Too large, or the client went away mid-body: either way nothing to run. The spec
    // declares 400 for a bad request, so the limit is reported as one, not as 413.
    const reason = error instanceof HttpError ? error.message : "could not be read";
    return sendError(res, 400, `body: ${reason}`);
  }
  const headers = flatHeaders(req);
  const contentType = headers["content-type"];
  const body = asSpecBody(bytes, contentType);
  if ("error" in body) return sendError(res, 400, body.error);

  // The semantic rules run first: where both would object, their messages say more than
  // a schema pattern does. The spec then catches everything else (unknown Svc- headers).
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(headers);
  } catch (error) {
    if (error instanceof HeaderError) return sendError(res, 400, error.message);
    throw error;
  }
  if (options.retries > ctx.limits.maxRetries) {
    return sendError(
      res,
      400,
      `Svc-Retries: ${options.retries} is over this server's limit of ${ctx.limits.maxRetries}; send fewer, or start the dev server with --max-retries to raise it`,
    );
  }
  const check = validateRequestParts(ctx.spec, {
    method: "POST",
    url: req.url ?? "/",
    headers,
    body: body.value,
  });
  if (check.violations.length > 0) return sendError(res, 400, describe(check.violations));

  // A run id names one run. The same request again (a client retrying a trigger whose
  // answer was lost) gets the run it started; a different request under a used id is
  // refused rather than silently answered with a run whose body or options differ.
  const id = options.runId ?? `wfr_${randomUUID().replaceAll("-", "")}`;
  const fingerprint = requestFingerprint(url, bytes, headers);
  const existing = ctx.store.get(id);
  if (existing !== undefined) {
    if (ctx.fingerprints.get(id) === fingerprint) {
      ctx.deps.log(`[workflow] run ${id}: the same trigger again, answered with the run`);
      return sendJson(res, 200, {
        workflowRunId: existing.workflowRunId,
        workflowCreatedAt: existing.workflowCreatedAt,
      });
    }
    return sendError(
      res,
      400,
      `Svc-Workflow-RunId: run id "${short(id)}" is taken by a run with a different request (URL, body or Svc- headers); send a new id or none`,
    );
  }
  ctx.fingerprints.set(id, fingerprint);

  const createdAt = Date.now();
  const notBefore =
    options.notBefore !== undefined
      ? options.notBefore * 1000
      : createdAt + (options.delay ?? 0) * 1000;
  const run = buildRun(
    { id, createdAt, notBefore, url, body: bytes, headers: runHeaders(headers) },
    options,
  );
  ctx.store.add(run.view);
  ctx.deps.live.set(id, run);
  drive(run, ctx.deps);
  sendJson(res, 200, { workflowRunId: id, workflowCreatedAt: createdAt });
}

/** What a run keeps of its trigger request: enough to rebuild it after a restart. */
export interface RunRequest {
  id: string;
  createdAt: number;
  /** Unix ms of the first delivery, before scaling. */
  notBefore: number;
  url: string;
  body: Bytes;
  /** The `Svc-*` headers and the content type. */
  headers: Record<string, string>;
}

/** Only the headers that shape a run; the token and transport headers are not kept. */
function runHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith("svc-") || name === "content-type") kept[name] = value;
  }
  return kept;
}

/** The plan and view of a run, from its request and the options read from its headers. */
export function buildRun(request: RunRequest, options: TriggerOptions): LiveRun {
  const { id, createdAt, notBefore, url, body } = request;
  const contentType = request.headers["content-type"];
  const plan: RunPlan = {
    id,
    createdAt,
    url,
    body,
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
    bodyBytes: body.byteLength,
    attempts: [],
  };
  return { plan, view, headers: request.headers };
}

// Clients encode only what would end the path (%, ?, #, space); undo exactly that.
function decodeWorkflowUrl(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

// The validator wants parsed JSON, text or bytes, by content type; the run keeps the bytes.
function asSpecBody(
  bytes: Bytes,
  contentType: string | undefined,
): { value: unknown } | { error: string } {
  if (bytes.byteLength === 0) return { value: undefined };
  const type = essence(contentType);
  if (type === undefined) return { value: bytes };
  const kind = mediaKind(type);
  if (kind === "binary") return { value: bytes };
  const text = new TextDecoder().decode(bytes);
  if (kind === "text") return { value: text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: `body: is not valid JSON, but Content-Type is ${type}` };
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { error: `body: nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  return { value };
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

function short(text: string): string {
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
