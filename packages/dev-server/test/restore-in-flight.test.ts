// A snapshot taken while a delivery is in flight: the restore cancels that delivery and
// sends it again, so the run shows the attempt once, finished, not a first copy that never
// ends next to the resent one.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { openSnapshot } from "../src/persistence/state.js";
import { closedAfterEach, startManual, trigger } from "./kit-harness.js";

const later = closedAfterEach();

/**
 * An endpoint that holds the calls it gets until `release()`, then answers 200 at once;
 * `reached` resolves when the first call has arrived.
 */
async function holdingEndpoint() {
  const held: ServerResponse[] = [];
  let holding = true;
  let calls = 0;
  let arrived: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    calls++;
    arrived();
    if (holding) held.push(response);
    else response.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reached,
    calls: () => calls,
    release: () => {
      holding = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("restoring a snapshot taken while a delivery was in flight", () => {
  it("sends that attempt again and shows it once, finished", async () => {
    const dev = later(await startManual());
    const endpoint = later(await holdingEndpoint());
    const { workflowRunId } = await trigger(dev, `${endpoint.url}/job`, {});
    // The delivery has reached the endpoint, which holds it unanswered.
    await endpoint.reached;
    const snapshot = await dev.snapshot();
    const saved = openSnapshot(snapshot).runs.find((run) => run.id === workflowRunId);
    // The snapshot holds the attempt as it was: started, not finished.
    expect(saved?.view.attempts).toHaveLength(1);
    expect(saved?.view.attempts[0]?.finishedAt).toBeUndefined();

    endpoint.release();
    await dev.restore(snapshot);
    const run = await dev.runs.waitFor(workflowRunId, "succeeded");
    expect(endpoint.calls()).toBe(2);
    expect(run.attempts).toHaveLength(1);
    expect(run.attempts[0]).toMatchObject({ kind: "delivery", attempt: 1, status: 200 });
    expect(run.attempts[0]?.finishedAt).toBeTypeOf("number");
  });
});
