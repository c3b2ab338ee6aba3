// The data layer throws domain errors that know nothing of HTTP; the service alone turns them
// into a status. Seeding (which has no HTTP request) sees the same errors.
import { describe, expect, it } from "vitest";
import {
  DimensionMismatchError,
  InvalidInputError,
  NamespaceNotFoundError,
} from "../src/vector/errors.js";
import { createVectorService } from "../src/vector/service.js";
import { VectorStore } from "../src/vector/store.js";
import type { VectorRecordInput } from "../src/vector/types.js";

const config = { dimension: 2, metric: "COSINE", type: "DENSE" } as const;

describe("vector data layer errors", () => {
  it("a missing namespace is NamespaceNotFoundError, with no status on it", () => {
    const store = new VectorStore(config);
    let thrown: unknown;
    try {
      store.namespace("nowhere");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NamespaceNotFoundError);
    expect(thrown).not.toHaveProperty("status");
  });

  it("seeding a record of the wrong dimension throws DimensionMismatchError", () => {
    const service = createVectorService({ token: "t", vector: config });
    expect(() => service.upsert([{ id: "a", vector: [1, 2, 3] }])).toThrow(DimensionMismatchError);
  });

  it("seeding a record without an id throws InvalidInputError naming the field", () => {
    const service = createVectorService({ token: "t", vector: config });
    // As from JavaScript, or data read at run time: the types would refuse it.
    const noId = [{ vector: [1, 2] }] as unknown as VectorRecordInput[];
    expect(() => service.upsert(noId)).toThrow(InvalidInputError);
    expect(() => service.upsert(noId)).toThrow(/\[0\]\.id/);
  });
});
