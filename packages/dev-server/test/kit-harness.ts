// Shared by the test-kit tests: a dev server on the manual clock, a workflow endpoint that
// records each call at the dev server's time, a trigger checked against the spec, and a
// fetch of the dev routes with the token.
import { afterEach } from "vitest";
import { type DevServer, type DevServerOptions, startDevServer } from "../src/index.js";
import { trigger as postTrigger, type Receiver, startReceiver } from "./workflow-harness.js";

export type Endpoint = Receiver;

/**
 * A workflow endpoint answering each call with `status(call number)` (200 by default);
 * each call's `at` is the dev server's clock when it arrived.
 */
export function startEndpoint(
  dev: DevServer,
  status: (n: number) => number = () => 200,
): Promise<Endpoint> {
  return startReceiver(
    (_call, index) => status(index + 1),
    () => dev.clock.now(),
  );
}

export async function startManual(options: DevServerOptions = {}): Promise<DevServer> {
  return startDevServer({ clock: "manual", vector: { dimension: 2 }, ...options });
}

/** A dev route of the workflow port, with the token unless `token` is false. */
export async function devCall(
  dev: DevServer,
  path: string,
  init: { method?: string; body?: unknown; token?: boolean } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${dev.workflowUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.token === false ? {} : { authorization: `Bearer ${dev.token}` }),
      "content-type": "application/json",
    },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Triggers a run of `url` with raw `Svc-*` headers; resolves with its id and creation time. */
export async function trigger(
  dev: DevServer,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ workflowRunId: string; workflowCreatedAt: number }> {
  const answer = await postTrigger(dev.workflowUrl, url, {
    headers,
    body: "{}",
    auth: { bearer: dev.token },
  });
  if (answer.status !== 200) {
    throw new Error(`trigger answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as { workflowRunId: string; workflowCreatedAt: number };
}

/**
 * Call once at the top of a test file: returns `later`, which hands back what it is given
 * and closes it after the test that opened it.
 */
export function closedAfterEach(): <T extends { close(): Promise<void> }>(thing: T) => T {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((thing) => thing.close()));
  });
  return (thing) => {
    open.push(thing);
    return thing;
  };
}
