// The data layer throws domain errors that know nothing of HTTP; the service alone turns them
// into a status. Seeding (which has no HTTP request) sees the same errors.
import { describe, expect, it } from "vitest";
import { DimensionMismatch, InvalidInput, NamespaceNotFound } from "../src/vector/errors.js";
import { createVectorService } from "../src/vector/service.js";
import { VectorStore } from "../src/vector/store.js";

const config = { dimension: 2, metric: "COSINE", type: "DENSE" } as const;

describe("vector data layer errors", () => {
  it("a missing namespace is NamespaceNotFound, with no status on it", () => {
    const store = new VectorStore(config);
    let thrown: unknown;
    try {
      store.namespace("nowhere");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NamespaceNotFound);
    expect(thrown).not.toHaveProperty("status");
  });

  it("seeding a record of the wrong dimension throws DimensionMismatch", () => {
    const service = createVectorService({ token: "t", vector: config });
    expect(() => service.upsert([{ id: "a", vector: [1, 2, 3] }])).toThrow(DimensionMismatch);
  });

  it("seeding a record without an id throws InvalidInput naming the field", () => {
    const service = createVectorService({ token: "t", vector: config });
    expect(() => service.upsert([{ vector: [1, 2] }])).toThrow(InvalidInput);
    expect(() => service.upsert([{ vector: [1, 2] }])).toThrow(/\[0\]\.id/);
  });
});
