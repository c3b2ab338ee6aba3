// The root is the validator's API; the helpers the dev server shares with it live on the
// internal subpath, outside the semver promise and the API report.
import { expect, it } from "vitest";
import * as root from "../src/index.js";
import * as internal from "../src/internal.js";

it("the root exports no helper of the validator's own", () => {
  for (const helper of ["essence", "mediaKind", "decodePercent", "nestsDeeperThan"]) {
    expect(Object.keys(root)).not.toContain(helper);
  }
});

it("the internal subpath has what the dev server imports", () => {
  expect(Object.keys(internal).sort()).toEqual(["decodePercent", "nestsDeeperThan"]);
});
