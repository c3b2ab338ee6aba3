import { describe, expect, it } from "vitest";
import { replaceSection, SECTIONS } from "../lib/results.mjs";

describe("RESULTS.md blocks per Node version", () => {
  it("keeps the Node 24 block of a section apart from the machine Node's", () => {
    let doc = replaceSection("", "calls", "node 20, first run");
    doc = replaceSection(doc, "calls-node24", "node 24 figures");
    doc = replaceSection(doc, "calls", "node 20, second run");
    expect(doc).toContain("node 24 figures");
    expect(doc).toContain("node 20, second run");
    expect(doc).not.toContain("node 20, first run");
  });

  it("places each Node 24 block right after its section", () => {
    expect(SECTIONS.indexOf("calls-node24")).toBe(SECTIONS.indexOf("calls") + 1);
    expect(SECTIONS.indexOf("e2e-node24")).toBe(SECTIONS.indexOf("e2e") + 1);
  });
});
