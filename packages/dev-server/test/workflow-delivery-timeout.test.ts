import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { describe, expect, type TestContext, test } from "vitest";
import {
  runOf,
  type Started,
  startReceiver,
  startService,
  triggerOk,
  until,
  untilState,
} from "./workflow-harness.js";

// Long enough for a loaded machine to send the request before the cut, so each endpoint
// is reached; nothing is asserted about elapsed time.
const TIMEOUT_MS = 500;

/**
 * An endpoint that never finishes an answer: `/never` sends no headers, `/trickle` sends
 * headers then one byte every 20 ms, `/slow` answers 200 after a minute. Counts the
 * connections a request came on that are still open, so a test can tell that a cut attempt
 * closed its socket. (Not every connection: after a cut, fetch opens a spare one that
 * carries nothing and stays open, idle, for its keep-alive time of 4 s.)
 */
async function startHostile() {
  const tickers = new Set<NodeJS.Timeout>();
  const carriers = new Set<Socket>();
  let carriersClosed = 0;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    if (!carriers.has(req.socket)) {
      carriers.add(req.socket);
      req.socket.once("close", () => carriersClosed++);
    }
    req.resume();
    if (req.url === "/trickle") {
      res.writeHead(200, { "content-type": "text/plain" });
      const ticker = setInterval(() => res.write("."), 20);
      tickers.add(ticker);
      res.on("close", () => clearInterval(ticker));
    } else if (req.url === "/slow") {
      const timer = setTimeout(() => res.end("late"), 60_000);
      tickers.add(timer);
      res.on("close", () => clearTimeout(timer));
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Connections a request came on that are still open. */
    leftOpen: () => carriers.size - carriersClosed,
    async close() {
      for (const ticker of tickers) clearInterval(ticker);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A service, the hostile endpoint and a receiver, closed when the test ends. */
async function setup({ onTestFinished }: TestContext) {
  const svc = await startService({ timeScale: 0.001, deliveryTimeoutMs: TIMEOUT_MS });
  const hostile = await startHostile();
  const callback = await startReceiver();
  for (const thing of [svc, hostile, callback]) onTestFinished(() => thing.close());
  // fetch loads its HTTP stack on first use; do that before a timed attempt depends on it.
  await fetch(`${callback.url}/warm-up`, { method: "POST" });
  callback.calls.length = 0;
  return { svc, hostile, callback };
}

// Each test waits out real delivery timeouts: they wait at the same time.
describe.concurrent("the delivery timeout cuts an attempt", () => {
  test.for(["/never", "/trickle", "/slow"])(
    "%s: each attempt is cut, counted failed, retried, then the failure call is made",
    async (path, context) => {
      const { svc, hostile, callback } = await setup(context);
      const id = await triggerOk(svc.base, `${hostile.url}${path}`, {
        headers: {
          "Svc-Retries": "1",
          "Svc-Retry-Delay": "1",
          "Svc-Failure-Callback": `${callback.url}/failed`,
        },
      });
      const run = await untilState(svc, id, ["callback-succeeded", "callback-failed"]);
      expect(run.state).toBe("callback-succeeded");
      expect(run.attempts.map((a) => [a.kind, a.attempt, a.status, a.error])).toEqual([
        ["delivery", 1, undefined, `timed out after ${TIMEOUT_MS} ms`],
        ["delivery", 2, undefined, `timed out after ${TIMEOUT_MS} ms`],
        ["failure-call", 1, 200, undefined],
      ]);
      const report = JSON.parse(callback.calls[0]!.body.toString());
      expect(report).toMatchObject({ status: 0, error: `timed out after ${TIMEOUT_MS} ms` });
      expect(hostile.requests).toEqual([path, path]);
      // Cutting an attempt closes its connection: none is left open on the endpoint.
      await until(() => hostile.leftOpen() === 0, 5000, "the cut attempts' connections to close");
    },
  );

  test("a flow-control slot held by a hung attempt is freed when it is cut", async (context) => {
    const { svc, hostile } = await setup(context);
    let hungAttemptAtSecondDelivery: string | undefined;
    let hungId = "";
    const receiver = await startReceiver(() => {
      hungAttemptAtSecondDelivery = runOf(svc as Started, hungId).attempts[0]?.error;
      return 200;
    });
    context.onTestFinished(() => receiver.close());
    const flow = {
      "Svc-Flow-Control-Key": "one-at-a-time",
      "Svc-Flow-Control-Value": "parallelism=1",
    };
    hungId = await triggerOk(svc.base, `${hostile.url}/never`, {
      headers: { ...flow, "Svc-Retries": "0", "Svc-Failure-Callback": `${receiver.url}/failed` },
    });
    await until(() => hostile.requests.length === 1, 5000, "the hung delivery to start");
    const nextId = await triggerOk(svc.base, `${receiver.url}/next`, { headers: flow });
    await untilState(svc, nextId, ["succeeded"]);
    // The second run was delivered only after the first attempt had been cut.
    expect(hungAttemptAtSecondDelivery).toBe(`timed out after ${TIMEOUT_MS} ms`);
    expect(receiver.calls.map((call) => call.path)).toContain("/next");
  });
});

test("deliveryTimeoutMs outside 1..2^31-1 is refused at creation", async () => {
  await expect(startService({ deliveryTimeoutMs: 0 })).rejects.toThrow(/deliveryTimeoutMs/);
  await expect(startService({ deliveryTimeoutMs: 2 ** 31 })).rejects.toThrow(/deliveryTimeoutMs/);
});
