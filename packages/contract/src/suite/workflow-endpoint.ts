// The workflow endpoint of the model suite: one loopback server that answers each run as
// its plan says and records every call at the dev server's time.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExpectedCall } from "./workflow-model.js";

/** Paths: `/wf/<key>` is a run's workflow URL, `/cb/<key>` its failure callback URL. */
export interface WorkflowEndpoint {
  url: string;
  /** Calls received since the last `take()`. */
  take(): ExpectedCall[];
  /** What a run's nth delivery (1-based) is answered, and what any failure call of it is. */
  answer(key: number, reply: { delivery(n: number): number; failureCall: number }): void;
  /** Forgets every run: a new sequence starts. */
  clear(): void;
  close(): Promise<void>;
}

export async function startWorkflowEndpoint(now: () => number): Promise<WorkflowEndpoint> {
  let received: ExpectedCall[] = [];
  const replies = new Map<number, { delivery(n: number): number; failureCall: number }>();
  const deliveries = new Map<number, number>();
  const server: Server = createServer(async (req, res) => {
    for await (const _ of req); // the body is not looked at
    const match = /^\/(wf|cb)\/(\d+)$/.exec(req.url ?? "");
    const key = Number(match?.[2]);
    const reply = replies.get(key);
    if (match === null || reply === undefined) {
      res.writeHead(404).end();
      return;
    }
    const failureCall = req.headers["svc-failure-call"] !== undefined;
    let status = reply.failureCall;
    if (!failureCall) {
      const n = (deliveries.get(key) ?? 0) + 1;
      deliveries.set(key, n);
      status = reply.delivery(n);
    }
    received.push({
      key,
      kind: failureCall ? "failure-call" : "delivery",
      to: match[1] === "cb" ? "callback" : "workflow",
      at: now(),
    });
    res.writeHead(status, { "content-type": "text/plain" }).end(`answer ${status}`);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take() {
      const taken = received;
      received = [];
      return taken;
    },
    answer: (key, reply) => replies.set(key, reply),
    clear() {
      received = [];
      replies.clear();
      deliveries.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
