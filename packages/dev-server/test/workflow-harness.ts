// Shared by the workflow-*.test.ts files: a service on its own socket, a receiving
// workflow endpoint that records every call, and a trigger call checked against the spec.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadSpec, validateResponseParts } from "@x/openapi-check";
import { afterEach, expect } from "vitest";
import type { RunView } from "../src/workflow/runs.js";
import { createWorkflowService, type WorkflowService } from "../src/workflow/service.js";

export const TOKEN = "dev-token-for-tests";

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export interface Started {
  base: string;
  service: WorkflowService;
  log: string[];
  close(): Promise<void>;
}

export async function startService(
  options: { timeScale?: number; fetch?: typeof fetch; deliveryTimeoutMs?: number } = {},
): Promise<Started> {
  const log: string[] = [];
  const service = createWorkflowService({
    token: TOKEN,
    timeScale: options.timeScale ?? 0.001,
    log: (line) => log.push(line),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.deliveryTimeoutMs === undefined
      ? {}
      : { deliveryTimeoutMs: options.deliveryTimeoutMs }),
  });
  const server = createServer((req, res) => service.handle(req, res));
  const base = await listen(server);
  return {
    base,
    service,
    log,
    async close() {
      await service.close();
      await shut(server);
    },
  };
}

export interface Endpoints {
  svc: Started;
  /** The workflow URL's endpoint. */
  workflow: Receiver;
  /** An endpoint for failure callbacks. */
  callback: Receiver;
}

/**
 * For a test file whose tests each need their own service and endpoints: call once at the
 * top; what the returned function starts (and whatever is passed to `closeLater`) is
 * closed after each test.
 */
export function perTest() {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((thing) => thing.close()));
  });
  return {
    async setup(
      options: { timeScale?: number; workflow?: Reply; callback?: Reply } = {},
    ): Promise<Endpoints> {
      const svc = await startService({ timeScale: options.timeScale ?? 0.001 });
      const workflow = await startReceiver(options.workflow);
      const callback = await startReceiver(options.callback);
      open.push(svc, workflow, callback);
      return { svc, workflow, callback };
    },
    closeLater(thing: { close(): Promise<void> }): void {
      open.push(thing);
    },
  };
}

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  at: number;
}

export type Reply = (call: Received, index: number) => number | Promise<number>;

export interface Receiver {
  url: string;
  calls: Received[];
  /** Calls currently being answered. */
  active(): number;
  maxActive(): number;
  close(): Promise<void>;
}

/**
 * A workflow endpoint: records each call, with its time on `now` (the wall clock by
 * default), and answers the status `reply` returns (200 by default).
 */
export async function startReceiver(
  reply: Reply = () => 200,
  now: () => number = Date.now,
): Promise<Receiver> {
  const calls: Received[] = [];
  let active = 0;
  let maxActive = 0;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    active++;
    maxActive = Math.max(maxActive, active);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const call: Received = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
      at: now(),
    };
    calls.push(call);
    const status = await reply(call, calls.length - 1);
    active--;
    res.writeHead(status, { "content-type": "text/plain", "x-from": "receiver" });
    res.end(`answer ${status}`);
  });
  const url = await listen(server);
  return {
    url,
    calls,
    active: () => active,
    maxActive: () => maxActive,
    close: () => shut(server),
  };
}

/** Percent-encodes only what would end the path, as the clients do. */
export function encodeWorkflowUrl(url: string): string {
  return url.replace(/[%?# ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface TriggerResult {
  status: number;
  body: { workflowRunId?: string; workflowCreatedAt?: number; error?: string };
}

const spec = loadSpec("workflow");

/**
 * POSTs a trigger and asserts the answer is one the spec allows for triggerWorkflow.
 * The token goes as a bearer header unless `auth` says otherwise.
 */
export async function trigger(
  base: string,
  workflowUrl: string,
  init: {
    headers?: Record<string, string>;
    body?: string | Uint8Array<ArrayBuffer>;
    auth?: "bearer" | "query" | "none" | { bearer: string } | { query: string };
  } = {},
): Promise<TriggerResult> {
  const auth = init.auth ?? "bearer";
  const headers: Record<string, string> = { ...init.headers };
  let query = "";
  if (auth === "bearer") headers.authorization = `Bearer ${TOKEN}`;
  else if (auth === "query") query = `?svc_token=${TOKEN}`;
  else if (typeof auth === "object" && "bearer" in auth)
    headers.authorization = `Bearer ${auth.bearer}`;
  else if (typeof auth === "object") query = `?svc_token=${encodeURIComponent(auth.query)}`;
  const response = await fetch(`${base}/v2/trigger/${encodeWorkflowUrl(workflowUrl)}${query}`, {
    method: "POST",
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const body = (await response.json()) as TriggerResult["body"];
  // Every status, a 413 of the dev server's own size cap too: one the operation does not list
  // is held to the spec's `default` answer, the error object.
  const violations = validateResponseParts(spec, "triggerWorkflow", {
    status: response.status,
    headers: response.headers,
    body,
  });
  expect(violations, `${response.status} ${JSON.stringify(body)}`).toEqual([]);
  return { status: response.status, body };
}

export async function getJson(
  base: string,
  path: string,
  token: string = TOKEN,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `ms`. */
export async function until<T>(
  check: () => T | undefined | false,
  ms = 5000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function runOf(started: Started, id: string): RunView {
  const run = started.service.runs().find((r) => r.workflowRunId === id);
  if (run === undefined) throw new Error(`no run ${id}`);
  return run;
}

export async function untilState(
  started: Started,
  id: string,
  states: RunView["state"][],
  ms = 5000,
): Promise<RunView> {
  return until(
    () => {
      const run = runOf(started, id);
      return states.includes(run.state) ? run : undefined;
    },
    ms,
    `run ${id} to reach ${states.join(" or ")}`,
  );
}

/** A trigger that must be accepted; its run id. */
export async function triggerOk(...args: Parameters<typeof trigger>): Promise<string> {
  const result = await trigger(...args);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.workflowRunId ?? "";
}
