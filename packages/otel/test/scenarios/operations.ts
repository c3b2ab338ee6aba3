// Every method of both clients, `rangeAll`, and `api`, as a scenario calls them, with the
// result each must give for a valid 2xx body and the error statuses its spec declares.
import type { Middleware, RequestOptions } from "@x/core";
import type { VectorIndex } from "@x/vector";
import { createVectorApi } from "@x/vector/api";
import type { WorkflowClient } from "@x/workflow";
import { createWorkflowApi } from "@x/workflow/api";

export const WORKFLOW_OPS = ["trigger", "api.trigger"] as const;
export const VECTOR_OPS = [
  "range",
  "rangeAll",
  "rangeAll.pages",
  "query",
  "queryMany",
  "fetch.ids",
  "fetch.prefix",
  "info",
  "api.range",
] as const;

export type Op = (typeof WORKFLOW_OPS)[number] | (typeof VECTOR_OPS)[number];

/** The error statuses each service's spec declares for these operations. */
export const DECLARED_ERRORS = { workflow: [400, 401, 500], vector: [400, 401, 404, 422] };

/** How the caller takes the answer of a client method. */
export type Take = "await" | "withResponse" | "asResponse";

/** `api`'s own per-call options that the scenario draws. */
export interface ApiOptions {
  parseAs?: "json" | "text";
  middleware?: Middleware[];
  signal?: AbortSignal;
}

/** What a call gave back, before any checking. */
export interface Returned {
  value: unknown;
  /** The response the caller got: from `withResponse`, `asResponse` or `api`. */
  response?: Response;
}

/** The parts of a call a scenario draws. */
export interface CallPlan {
  op: Op;
  take: Take;
  options: RequestOptions;
  api: ApiOptions;
  /** How long a caller reads the body `asResponse` leaves unread. */
  bodyMs: number;
  /** The trigger's destination URL; its query may hold a secret. */
  workflowUrl: string;
  runId?: string;
}

/**
 * The body of a raw response, which `asResponse` leaves to its caller, read as a careful
 * caller does: within `ms`, else given up (a body cut short or stalled is the caller's to
 * read, not the call's failure). {@link BODY_UNREAD} when it could not be read.
 */
async function readWithin(response: Response, ms: number): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), ms);
  });
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === "late") {
        // Cancelled through the reader that holds the stream, so the socket is let go.
        await reader.cancel().catch(() => {});
        return BODY_UNREAD;
      }
      if (chunk.done) return text + decoder.decode();
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch {
    return BODY_UNREAD;
  } finally {
    clearTimeout(timer);
  }
}

/** What `asResponse` gave when its body could not be read to the end. */
export const BODY_UNREAD = Symbol("body unread");

/** The answer of a client method, taken the way the scenario drew. */
async function taken(
  promise: PromiseLike<unknown> & {
    withResponse(): Promise<{ data: unknown; response: Response }>;
    asResponse(): Promise<Response>;
  },
  take: Take,
  bodyMs: number,
): Promise<Returned> {
  if (take === "withResponse") {
    const { data, response } = await promise.withResponse();
    return { value: data, response };
  }
  if (take === "asResponse") {
    const response = await promise.asResponse();
    return { value: await readWithin(response, bodyMs), response };
  }
  return { value: await promise };
}

export async function callWorkflow(client: WorkflowClient, plan: CallPlan): Promise<Returned> {
  const header = plan.runId === undefined ? {} : { "Svc-Workflow-RunId": plan.runId };
  if (plan.op === "api.trigger") {
    const { data, error, response } = await createWorkflowApi(client).POST(
      "/v2/trigger/{workflowUrl}",
      {
        params: { path: { workflowUrl: plan.workflowUrl }, header },
        body: JSON.stringify({ order: 1 }),
        headers: plan.options.headers,
        ...plan.api,
      },
    );
    return { value: { data, error }, response };
  }
  const request = { url: plan.workflowUrl, body: { order: 1 }, runId: plan.runId };
  return taken(client.trigger(request, plan.options), plan.take, plan.bodyMs);
}

export async function callVector(index: VectorIndex, plan: CallPlan): Promise<Returned> {
  const { options, take, bodyMs } = plan;
  const query = { vector: [0.1, 0.2], topK: 1 };
  switch (plan.op) {
    case "range":
      return taken(index.range({ cursor: "0", limit: 2 }, options), take, bodyMs);
    case "rangeAll": {
      const records: unknown[] = [];
      for await (const record of index.rangeAll({ pageSize: 2 }, options)) records.push(record);
      return { value: records };
    }
    case "rangeAll.pages": {
      const records: unknown[] = [];
      for await (const page of index.rangeAll({ pageSize: 2 }, options).pages()) {
        records.push(...page.vectors);
      }
      return { value: records };
    }
    case "query":
      return taken(index.query(query, options), take, bodyMs);
    case "queryMany":
      return taken(index.queryMany([query, query], options), take, bodyMs);
    case "fetch.ids":
      return taken(index.fetch(["a", "b"], { includeMetadata: true }, options), take, bodyMs);
    case "fetch.prefix":
      return taken(index.fetch({ prefix: "p-" }, options), take, bodyMs);
    case "info":
      return taken(index.info(options), take, bodyMs);
    case "api.range": {
      const { data, error, response } = await createVectorApi(index).POST("/range", {
        body: { cursor: "0", limit: 2 },
        headers: options.headers,
        ...plan.api,
      });
      return { value: { data, error }, response };
    }
    default:
      throw new Error(`${plan.op} is not a vector operation`);
  }
}

/**
 * The result a call must give when its final answer was `body`, a valid 2xx body (from
 * the server or a middleware): the body itself for a trigger, its `result` otherwise. A
 * batch of queries answered with one list gives that one list, as the service does.
 */
export function expectedResult(op: Op, body: Record<string, unknown>): unknown {
  if (op === "trigger") return body;
  const result = body.result;
  if (op === "queryMany") return Array.isArray((result as unknown[])[0]) ? result : [result];
  return result;
}

/** Whether an operation is `api` (answers `{ data, error }` rather than throwing). */
export function isApi(op: Op): boolean {
  return op.startsWith("api.");
}

/** Whether an operation may page through several requests. */
export function isRangeAll(op: Op): boolean {
  return op.startsWith("rangeAll");
}
