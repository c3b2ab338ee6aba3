// A user coming from @upstash/vector writes its option names: each that has an equivalent
// of ours gets ours as the did-you-mean.
import { describe, expect, it } from "vitest";
import { index } from "./stub";

const loose = (value: unknown) => value as never;

describe("the Upstash SDKs' names", () => {
  it.each([
    ["retry", "maxRetries", { retries: 1 }],
    ["headers", "defaultHeaders", { "x-a": "1" }],
  ])("new VectorIndex({ %s }) names %s", (name, ours, value) => {
    expect(() => index([], loose({ [name]: value }))).toThrow(
      `VectorIndex: unknown option "${name}" (did you mean "${ours}"?)`,
    );
  });

  it("a call's options: retry is maxRetries, and nothing is sent", async () => {
    const { client, seen } = index([{ result: [] }]);
    const error = await client.query({ vector: [1], topK: 1 }, loose({ retry: 1 })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({
      name: "ValidationError",
      field: "retry",
      message: 'query options: unknown option "retry" (did you mean "maxRetries"?)',
    });
    expect(seen).toEqual([]);
  });
});
