// The import retries as the client does: 503s and a 429 with Retry-After from the live side
// are retried (the client's maxRetries), and the import completes equal. Each fault asks for
// no wait (Retry-After: 0): without it the client waits its backoff, real time, before each
// retry (3 s in all here), and the time a retry waits is the client's own tests' concern.
import { RateLimitError } from "@x/core";
import { expect, it } from "vitest";
import { contents, fill, LIVE_TOKEN, pair } from "./import-harness.js";

it("completes through 503s and a 429 with Retry-After on the live side", async () => {
  const { live, local } = await pair({ type: "SPARSE" });
  await fill(live, "SPARSE", { "": 30, docs: 30 });
  const noWait = { "retry-after": "0" };
  await live.faults.add({
    service: "vector",
    operation: "info",
    status: 503,
    headers: noWait,
    times: 1,
  });
  await live.faults.add({
    service: "vector",
    path: "/range/docs",
    status: 503,
    headers: noWait,
    times: 2,
  });
  await live.faults.add({
    service: "vector",
    operation: "range",
    status: 429,
    headers: noWait,
    times: 1,
  });
  const result = await local.vector.importFrom({
    url: live.vectorUrl,
    token: LIVE_TOKEN,
    pageSize: 20,
  });
  expect(result).toEqual({ namespaces: 2, records: 60 });
  expect(await contents(local)).toEqual(await contents(live));
  // Every fault was met, and retried past.
  expect((await live.faults.list()).map((f) => [f.hits, f.times])).toEqual([
    [1, 0],
    [2, 0],
    [1, 0],
  ]);
});

it("gives up as the client does once maxRetries is spent, saying the status", async () => {
  const { live, local } = await pair({ type: "DENSE" });
  await fill(live, "DENSE", { "": 5 });
  await live.faults.add({
    service: "vector",
    operation: "range",
    status: 429,
    headers: { "retry-after": "0" },
    times: 2,
  });
  const error = await local.vector
    .importFrom({ url: live.vectorUrl, token: LIVE_TOKEN, maxRetries: 1 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RateLimitError);
  expect(String((error as Error).message)).not.toContain(LIVE_TOKEN);
  expect((await contents(local))[""]).toEqual([]);
});
