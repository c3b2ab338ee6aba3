// An import stopped mid-way (its signal, or a failure of the live side) resumes where it
// stopped: the second call writes only what the first did not, and the two indexes end
// equal, with no record twice.
import { AbortError, BadRequestError } from "@x/core";
import { expect, it } from "vitest";
import { contents, fill, LIVE_TOKEN, pair } from "./import-harness.js";

it("resumes after an abort mid-way, ending equal with no record written twice", async () => {
  const { live, local } = await pair({ type: "HYBRID" });
  await fill(live, "HYBRID", { "": 1_000, a: 1_500, b: 1_000 });
  const controller = new AbortController();
  const stopped = await local.vector
    .importFrom({
      url: live.vectorUrl,
      token: LIVE_TOKEN,
      pageSize: 100,
      signal: controller.signal,
      onProgress: ({ records }) => {
        if (records === 1_700) controller.abort(new Error("enough"));
      },
    })
    .catch((error: unknown) => error);
  expect(stopped).toBeInstanceOf(AbortError);
  // The pages written so far: all of "", and 7 of the 15 pages of "a".
  const partial = await contents(local);
  expect(partial[""]).toHaveLength(1_000);
  expect(partial.a).toHaveLength(700);
  expect(partial.b).toBeUndefined();

  const written: number[] = [];
  const resumed = await local.vector.importFrom({
    url: live.vectorUrl,
    token: LIVE_TOKEN,
    pageSize: 100,
    onProgress: ({ records }) => written.push(records),
  });
  // Only what the first call left: 800 of "a" and 1,000 of "b".
  expect(resumed).toEqual({ namespaces: 2, records: 1_800 });
  expect(written[0]).toBe(100);
  expect(await contents(local)).toEqual(await contents(live));
});

it("resumes after the live side failed mid-way, from the page that failed", async () => {
  const { live, local } = await pair({ type: "DENSE" });
  await fill(live, "DENSE", { "": 30, b: 30 });
  // Not retryable: the import stops at the first page of "b".
  await live.faults.add({ service: "vector", path: "/range/b", status: 400 });
  const options = { url: live.vectorUrl, token: LIVE_TOKEN, pageSize: 10 };
  const stopped = await local.vector.importFrom(options).catch((error: unknown) => error);
  expect(stopped).toBeInstanceOf(BadRequestError);
  expect((await contents(local)).b).toBeUndefined();
  expect(await local.vector.importFrom(options)).toEqual({ namespaces: 1, records: 30 });
  expect(await contents(local)).toEqual(await contents(live));
});

it("starts over when the dev server was reset after the interruption", async () => {
  const { live, local } = await pair({ type: "DENSE" });
  await fill(live, "DENSE", { "": 50 });
  const controller = new AbortController();
  await local.vector
    .importFrom({
      url: live.vectorUrl,
      token: LIVE_TOKEN,
      pageSize: 10,
      signal: controller.signal,
      onProgress: ({ records }) => {
        if (records === 20) controller.abort();
      },
    })
    .catch(() => {});
  await local.vector.reset();
  const again = await local.vector.importFrom({ url: live.vectorUrl, token: LIVE_TOKEN });
  expect(again.records).toBe(50);
  expect(await contents(local)).toEqual(await contents(live));
});
