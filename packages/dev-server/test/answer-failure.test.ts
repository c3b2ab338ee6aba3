// A failure after the route logic (serialising or writing the answer) must be a 500 with
// the service's error body and a log line, and the process must keep serving. The answer's
// first writeHead is made to throw, as a serialiser or socket failure would.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createVectorService } from "../src/vector/service.js";
import { createWorkflowService } from "../src/workflow/service.js";

const TOKEN = "answer-failure-token";
const auth = { authorization: `Bearer ${TOKEN}` };

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Serves `handle`, making the first answer's writeHead throw. */
async function serveFailingOnce(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<string> {
  let failed = false;
  server = createServer((req, res) => {
    if (!failed) {
      failed = true;
      const writeHead = res.writeHead.bind(res);
      let calls = 0;
      res.writeHead = ((...args: Parameters<typeof writeHead>) => {
        calls++;
        if (calls === 1) throw new RangeError("Invalid string length");
        return writeHead(...args);
      }) as typeof res.writeHead;
    }
    handle(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("an answer that cannot be sent", () => {
  it("vector: 500 with the error body, a log line, and the next request is served", async () => {
    const log: string[] = [];
    const service = createVectorService({
      token: TOKEN,
      vector: { dimension: 2 },
      log: (line) => log.push(line),
    });
    const base = await serveFailingOnce(service.handle);
    const failed = await fetch(`${base}/info`, { headers: auth });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      error: "the answer could not be sent: RangeError: Invalid string length",
      status: 500,
    });
    expect(log.some((line) => line.startsWith("[vector] answering 200 failed (RangeError"))).toBe(
      true,
    );
    expect(log.some((line) => line.startsWith("[vector] GET /info 500"))).toBe(true);
    const next = await fetch(`${base}/info`, { headers: auth });
    expect(next.status).toBe(200);
  });

  it("workflow: 500 with the error body, a log line, and the next request is served", async () => {
    const log: string[] = [];
    const service = createWorkflowService({ token: TOKEN, log: (line) => log.push(line) });
    const base = await serveFailingOnce(service.handle);
    const failed = await fetch(`${base}/v2/dev/runs`, { headers: auth });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      error: "the answer could not be sent: RangeError: Invalid string length",
    });
    expect(log.some((line) => line.startsWith("[workflow] answering 200 failed (RangeError"))).toBe(
      true,
    );
    expect(log.some((line) => line.startsWith("[workflow] GET /v2/dev/runs 500"))).toBe(true);
    const next = await fetch(`${base}/v2/dev/runs`, { headers: auth });
    expect(next.status).toBe(200);
    await service.close();
  });
});
