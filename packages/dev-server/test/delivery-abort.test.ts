// Concurrent deliveries share one signal that close() and restore() abort; each used to add
// its own listener to it, and the 11th printed a MaxListenersExceededWarning. Now the signal
// holds one listener however many deliveries are in flight, and aborting it still cuts each.
import { getEventListeners } from "node:events";
import { expect, it } from "vitest";
import { post } from "../src/workflow/delivery.js";

it("50 concurrent deliveries add one abort listener to the shared signal, and its abort cuts all", async () => {
  const closing = new AbortController();
  let started = 0;
  // An endpoint that answers only when its request is aborted.
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      started++;
      init?.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
    });
  const call = {
    url: "http://127.0.0.1:9/wf",
    headers: {},
    body: new Uint8Array(),
    signal: closing.signal,
  };
  const deliveries = Array.from({ length: 50 }, () => post(hanging, call, 60_000, 1024));
  expect(started).toBe(50);
  expect(getEventListeners(closing.signal, "abort")).toHaveLength(1);
  closing.abort();
  const outcomes = await Promise.all(deliveries);
  expect(outcomes.map((outcome) => outcome.error)).toEqual(
    Array.from({ length: 50 }, () => "aborted: the service closed"),
  );
});

it("a delivery that ended leaves nothing to cut, and one started after the abort is cut at once", async () => {
  const closing = new AbortController();
  const answering: typeof fetch = async () => new Response("ok");
  const call = {
    url: "http://127.0.0.1:9/wf",
    headers: {},
    body: new Uint8Array(),
    signal: closing.signal,
  };
  expect((await post(answering, call, 60_000, 1024)).status).toBe(200);
  closing.abort();
  expect((await post(answering, call, 60_000, 1024)).error).toBe("aborted: the service closed");
});
