import type { ServerResponse } from "node:http";
import { describe, expect, it, type TestContext } from "vitest";
import { TimeoutError } from "../src/index";
import { createTransport } from "./harness";
import { type Hostile, hostileServer, rejection } from "./helpers";

// Over real sockets: a timed-out attempt is cut, so its socket closes and its late body is
// never read. The server never closes a connection itself, so each close it sees is the
// client's. A client that only abandoned the attempt would keep the socket open, and the
// test would fail on its own timeout waiting for the close.

const TOKEN = "tok-timeouts-1";
/** Long enough for a request to reach the server on a loaded machine before time is up. */
const TIMEOUT_MS = 1000;

/**
 * A server that answers `/warm` at once and hands anything else to `hang`, warmed up with
 * one call: the first fetch of a process loads its HTTP stack, which takes a while. It is
 * closed when the test ends.
 */
async function warmedUp(
  { onTestFinished }: TestContext,
  maxRetries: number,
  hang: (response: ServerResponse) => void,
) {
  const server: Hostile = await hostileServer((request, response) => {
    if (request.url === "/warm") response.end("{}");
    else hang(response);
  });
  onTestFinished(() => server.close());
  const warm = createTransport({ baseUrl: server.url, token: TOKEN });
  await warm({ method: "GET", path: "/warm" });
  const send = createTransport({
    baseUrl: server.url,
    token: TOKEN,
    timeoutMs: TIMEOUT_MS,
    maxRetries,
  });
  return { server, send };
}

const neverAnswer = () => {};

// Each test waits out real timeouts: they wait at the same time, each on a server of its own.
describe.concurrent("a timed-out attempt", () => {
  it("closes the socket of a server that never answers", async (context) => {
    const { server, send } = await warmedUp(context, 0, neverAnswer);
    const error = await rejection(send({ method: "POST", path: "/query", json: {} }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(
      `POST ${server.url}/query: attempt 1 of 1 got no response within ${TIMEOUT_MS} ms, ` +
        "and was cut. Raise timeoutMs or check the service.",
    );
    expect(server.requests.map((request) => request.url)).toEqual(["/warm", "/query"]);
    await server.closed(1);
  });

  it("closes the socket of a server that sends headers and never ends the body", async (context) => {
    const { server, send } = await warmedUp(context, 0, (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"result": [');
    });
    const error = await rejection(send({ method: "GET", path: "/info" }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain(
      `got the response headers but not the whole body within ${TIMEOUT_MS} ms`,
    );
    await server.closed(1);
  });

  it("closes each retry's socket too, and says which attempt timed out", async (context) => {
    const { server, send } = await warmedUp(context, 1, neverAnswer);
    const error = await rejection(send({ method: "GET", path: "/info?x=1" }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain(`GET ${server.url}/info: attempt 2 of 2 got no response`);
    expect(server.requests.map((request) => request.url)).toEqual([
      "/warm",
      "/info?x=1",
      "/info?x=1",
    ]);
    await Promise.all([server.closed(1), server.closed(2)]);
  });
});
