import { describe, expect, it } from "vitest";
import { closestKey } from "../src/options/known-keys";
import { UPSTASH_NAMES } from "../src/options/upstash-names";

describe("closestKey and the Upstash SDKs' names", () => {
  it("offers our name for each of theirs where ours is accepted", () => {
    for (const [theirs, ours] of Object.entries(UPSTASH_NAMES)) {
      expect(closestKey(theirs, ["url", ours, "token"])).toBe(ours);
    }
  });

  it("falls back to spelling where ours is not accepted: retry means retries in trigger", () => {
    expect(closestKey("retry", ["url", "retries", "delay"])).toBe("retries");
    expect(closestKey("failureUrl", ["url", "token"])).toBeUndefined();
  });

  it("reads only the table's own names, not what every object inherits", () => {
    expect(closestKey("toString", ["url"])).toBeUndefined();
  });
});
