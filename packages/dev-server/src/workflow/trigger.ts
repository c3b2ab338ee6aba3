import type { IncomingMessage } from "node:http";
import {
  type ContractSpec,
  parseBody,
  type Violation,
  validateRequestParts,
} from "@x/openapi-check";
import { decodePercent } from "@x/openapi-check/internal";
import { HttpError } from "../http/errors.js";
import { DEFAULT_MAX_BODY_BYTES, flatHeaders, readBody, short } from "../http/request.js";
import type { Answer } from "../http/serve.js";
import type { Bytes } from "./delivery.js";
import { deliveryUrl } from "./delivery-url.js";
import { readOptions, type TriggerOptions } from "./headers.js";
import type { WorkflowLimits } from "./limits.js";
import type { RandomSource } from "./random.js";
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
  /** Where new run ids come from: the system, or the dev server's random seed. */
  random: RandomSource;
  /** Logs a header named as another service names it, once per name (lookalike-headers.ts). */
  warnLookalikes: (rawHeaders: string[]) => void;
}

/**
 * POST /v2/trigger/<url>, already authorized: creates the run, schedules it and answers 200.
 * Throws for anything the spec or the interface document's rules forbid (HttpError,
 * HeaderError, or core's ValidationError for the URL), which the service answers as 4xx.
 */
export async function handleTrigger(
  req: IncomingMessage,
  rawPath: string,
  ctx: TriggerContext,
): Promise<Answer> {
  // Every escape is decoded: a client may encode the whole URL or only what would end the
  // path (%, ?, #, space), and both must name the same URL.
  const url = decodePercent(rawPath.slice(TRIGGER_PREFIX.length));
  if (url === undefined) {
    throw new HttpError(400, "workflowUrl: malformed percent-encoding in the path");
  }
  deliveryUrl(url, "workflowUrl");

  // A copy backed by its own ArrayBuffer, as fetch bodies for the deliveries must be.
  const bytes: Bytes = new Uint8Array(await readBody(req, DEFAULT_MAX_BODY_BYTES));
  const headers = flatHeaders(req);
  ctx.warnLookalikes(req.rawHeaders);
  const contentType = headers["content-type"];
  const body = parseBody(bytes, contentType);
  if (body.error !== undefined) {
    throw new HttpError(400, describe([body.error]));
  }

  // The semantic rules run first: where both would object, their messages say more than
  // a schema pattern does. The spec then catches everything else (unknown Svc- headers).
  const options = readOptions(headers);
  if (options.retries > ctx.limits.maxRetries) {
    throw new HttpError(
      400,
      `Svc-Retries: ${options.retries} is over this server's limit of ${ctx.limits.maxRetries}; send fewer, or start the dev server with --max-retries to raise it`,
    );
  }
  const check = validateRequestParts(ctx.spec, {
    method: "POST",
    url: req.url ?? "/",
    headers,
    body: body.body,
  });
  if (check.violations.length > 0) throw new HttpError(400, describe(check.violations));

  // A run id names one run. The same request again (a client retrying a trigger whose
  // answer was lost) gets the run it started; a different request under a used id is
  // refused rather than silently answered with a run whose body or options differ.
  const id = options.runId ?? `wfr_${ctx.random.hex(16)}`;
  const fingerprint = requestFingerprint(url, bytes, headers);
  const existing = ctx.store.get(id);
  if (existing !== undefined) {
    if (ctx.fingerprints.get(id) === fingerprint) {
      ctx.deps.log(`[workflow] run ${id}: the same trigger again, answered with the run`);
      return {
        status: 200,
        body: {
          workflowRunId: existing.workflowRunId,
          workflowCreatedAt: existing.workflowCreatedAt,
        },
      };
    }
    throw new HttpError(
      400,
      `Svc-Workflow-RunId: run id "${short(id)}" is taken by a run with a different request (URL, body or Svc- headers); send a new id or none`,
    );
  }
  ctx.fingerprints.set(id, fingerprint);

  const createdAt = ctx.deps.clock.now();
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
  return { status: 200, body: { workflowRunId: id, workflowCreatedAt: createdAt } };
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
    ...(options.forward.traceparent === undefined
      ? {}
      : { traceparent: options.forward.traceparent }),
  };
  return { plan, view, headers: request.headers };
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
