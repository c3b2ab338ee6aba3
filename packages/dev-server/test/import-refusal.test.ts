// An import refuses before it writes anything when the live index is not the dev server's
// (type, dimension, metric) or its records would pass the dev server's limits, with a
// ValidationError naming what differs; bad options are refused before anything is sent.
import { ValidationError } from "@x/core";
import { describe, expect, it } from "vitest";
import { contents, devServer, fill, LIVE_TOKEN } from "./import-harness.js";

type Index = {
  type: "DENSE" | "SPARSE" | "HYBRID";
  dimension: number;
  metric: "COSINE" | "EUCLIDEAN";
};

async function refusal(live: Index, local: Index, limits = {}) {
  const liveDev = await devServer({ token: LIVE_TOKEN, vector: live });
  await fill(liveDev, live.type, { "": 3, a: 2, b: 2 }, live.dimension);
  const localDev = await devServer({ vector: local, limits });
  const before = await contents(localDev);
  const error = await localDev.vector
    .importFrom({ url: liveDev.vectorUrl, token: LIVE_TOKEN })
    .catch((e: unknown) => e);
  // Nothing written: not one record, not one namespace.
  expect(await contents(localDev)).toEqual(before);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

const dense: Index = { type: "DENSE", dimension: 4, metric: "COSINE" };

describe("importFrom refuses before writing", () => {
  it("a live index of another dimension", async () => {
    const error = await refusal(dense, { ...dense, dimension: 8 });
    expect(error.field).toBe("dimension");
    expect(error.message).toBe(
      "dimension: the live index is DENSE (4 dimensions, COSINE) but this dev server runs DENSE (8 dimensions, COSINE); start the dev server with --dimension 4 (vector.dimension)",
    );
  });

  it("a live index of another metric", async () => {
    const error = await refusal(dense, { ...dense, metric: "EUCLIDEAN" });
    expect(error.field).toBe("metric");
    expect(error.message).toContain("--metric COSINE");
  });

  it("a live index of another type", async () => {
    const error = await refusal({ ...dense, type: "SPARSE" }, dense);
    expect(error.field).toBe("type");
    expect(error.message).toBe(
      "type: the live index is SPARSE but this dev server runs DENSE (4 dimensions, COSINE); start the dev server with --type SPARSE (vector.type)",
    );
  });

  it("more namespaces than the dev server's maxNamespaces", async () => {
    const error = await refusal(dense, dense, { maxNamespaces: 2 });
    expect(error.field).toBe("namespaces");
    expect(error.message).toContain("3 namespaces, over its limit of 2");
    expect(error.message).toContain("--max-namespaces 3");
  });

  it("a namespace the live index does not have", async () => {
    const live = await devServer({ token: LIVE_TOKEN, vector: dense });
    await fill(live, "DENSE", { docs: 2 });
    const local = await devServer({ vector: dense });
    const error = await local.vector
      .importFrom({ url: live.vectorUrl, token: LIVE_TOKEN, namespaces: ["docs", "dosc"] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'namespaces: "dosc" is not a namespace of the live index (it has "", "docs"); check the name',
    );
    expect(Object.keys(await contents(local))).toEqual([""]);
  });
});

describe("importFrom refuses bad options before sending anything", () => {
  it.each([
    [
      { url: "http://127.0.0.1:1", token: "t", namespace: ["a"] },
      "namespace",
      /did you mean "namespaces"/,
    ],
    [{ url: "http://127.0.0.1:1", token: "t", namespaces: "a" }, "namespaces", /array/],
    [{ url: "http://127.0.0.1:1", token: "t", namespaces: ["a", "a"] }, "namespaces", /twice/],
    [{ url: "http://127.0.0.1:1", token: "t", signal: "stop" }, "signal", /AbortSignal/],
    [{ url: "http://127.0.0.1:1", token: "t", onProgress: 1 }, "onProgress", /function/],
    [{ url: "http://127.0.0.1:1", token: "t", pageSize: 0 }, "pageSize", /./],
  ])("%o", async (options, field, message) => {
    const dev = await devServer({ vector: dense });
    const error = await dev.vector
      // @ts-expect-error: the options a caller without types can pass
      .importFrom(options)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe(field);
    expect((error as ValidationError).message).toMatch(message);
  });

  // The live index's URL is input to this call: refused as such, before any client is made.
  it("refuses a live URL that is not one with a ValidationError on url", async () => {
    const dev = await devServer({ vector: dense });
    const error = await dev.vector
      .importFrom({ url: "not a url", token: "t" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe("url");
  });
});
