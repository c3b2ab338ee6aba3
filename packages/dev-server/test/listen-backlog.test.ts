// Both ports listen with a deep accept queue. With Node's default (511), a load test that
// opens a connection per request in flight filled the workflow port's queue while a request
// was being handled (`ss` showed 512/511 for seconds at 1,000 triggers/s); the kernel then
// dropped the new connections, and each client waited 1 s, 3 s, 7 s to try again: lags of
// 10-18 s in `pnpm bench devserver`. Checked on the calls to listen, not timed.
import { Server } from "node:net";
import { afterEach, expect, it, vi } from "vitest";
import { ACCEPT_BACKLOG } from "../src/http/listen.js";
import { startDevServer } from "../src/index.js";

afterEach(() => {
  vi.restoreAllMocks();
});

it("listens on both ports with a backlog of 4096 connections, not Node's 511", async () => {
  const listen = vi.spyOn(Server.prototype, "listen");
  const dev = await startDevServer({ vector: { dimension: 2 }, workflowPort: 0, vectorPort: 0 });
  try {
    const backlogs = listen.mock.calls.map(
      ([options]) => (options as { backlog?: number }).backlog,
    );
    expect(ACCEPT_BACKLOG).toBe(4096);
    expect(backlogs).toEqual([ACCEPT_BACKLOG, ACCEPT_BACKLOG]);
  } finally {
    await dev.close();
  }
});
