import { ValidationError } from "@x/core";
import { describe, expect, it } from "vitest";
import { createVectorService, type DevServerOptions, startDevServer } from "../src/index.js";
import { closest } from "../src/server/closest.js";

// Options as a caller without types (plain JavaScript, a JSON config) would pass them.
function untyped(options: Record<string, unknown>): DevServerOptions {
  return options as DevServerOptions;
}

describe("option names", () => {
  it("startDevServer refuses an unknown option with the closest known one", async () => {
    await expect(startDevServer(untyped({ timescale: 0.1 }))).rejects.toThrow(ValidationError);
    await expect(startDevServer(untyped({ timescale: 0.1 }))).rejects.toThrow(
      'timescale: startDevServer has no option "timescale"; did you mean "timeScale"?',
    );
    await expect(startDevServer(untyped({ vector: { dimensions: 3 } }))).rejects.toThrow(
      'dimensions: vector has no option "dimensions"; did you mean "dimension"?',
    );
  });

  it("createVectorService takes the same `vector` and refuses what it used to take", () => {
    const token = "t";
    expect(createVectorService({ token, vector: { dimension: 3, pendingMs: 5 } }).index).toEqual({
      dimension: 3,
      metric: "COSINE",
      type: "DENSE",
    });
    const old = { token, pendingMs: 5 } as Parameters<typeof createVectorService>[0];
    expect(() => createVectorService(old)).toThrow(
      'pendingMs: createVectorService no longer takes "pendingMs"; use vector.pendingMs',
    );
    const index = { token, index: { dimension: 3 } } as Parameters<typeof createVectorService>[0];
    expect(() => createVectorService(index)).toThrow(/no longer takes "index"; use vector/);
    const odd = { token, colour: "red" } as Parameters<typeof createVectorService>[0];
    expect(() => createVectorService(odd)).toThrow(
      'colour: createVectorService has no option "colour"; expected one of "token", "vector", "maxBodyBytes", "log", "limits", "corsOrigin", "now"',
    );
  });
});

describe("closest", () => {
  it("counts a swap of two letters as one edit, and finds nothing three edits away", () => {
    expect(closest("prot", ["port"])).toBe("port");
    expect(closest("kitten", ["sitting"])).toBeUndefined();
    expect(closest("", ["abc"])).toBeUndefined();
  });

  it("finds a near name, or one that has the name as a word, else nothing", () => {
    expect(closest("dimesion", ["dimension", "metric"])).toBe("dimension");
    expect(closest("port", ["host", "workflow-port", "vector-port"])).toBe("workflow-port");
    expect(closest("colour", ["host", "port"])).toBeUndefined();
  });
});
