// The upload check counts objects and arrays as the bytes stream; the state file the server
// saved itself is read with depth checked only, so a snapshot of any size it wrote loads.
import { expect, it } from "vitest";
import { JsonShape, MAX_JSON_CONTAINERS } from "../src/http/json-shape.js";

const many = new TextEncoder().encode(`[${"{},".repeat(MAX_JSON_CONTAINERS)}{}]`);

it("refuses an upload of more objects and arrays than the bound", () => {
  expect(new JsonShape().feed(many)).toBe(
    `holds more than ${MAX_JSON_CONTAINERS} objects and arrays`,
  );
});

it("reads as many as there are with no bound (the state file), still checking depth", () => {
  const unbounded = new JsonShape(Number.POSITIVE_INFINITY);
  expect(unbounded.feed(many)).toBeUndefined();
  const deep = new TextEncoder().encode("[".repeat(300));
  expect(new JsonShape(Number.POSITIVE_INFINITY).feed(deep)).toMatch(/nests deeper than/);
});
