import { describe, expect, it } from "vitest";
import { editSpec } from "../build.mjs";
import { replaceSection, SECTIONS } from "../lib/results.mjs";
import { pick } from "../run.mjs";
import { gateFailures, measure, overBudget } from "../size.mjs";

const row = (name: string, gzip: number, budget?: number) => ({
  name,
  file: "",
  budget,
  gzip,
  min: gzip * 2,
  externals: [],
  modules: 1,
});

describe("size budgets", () => {
  it("flags only bundles over their budget, by how much", () => {
    const failures = overBudget([
      row("over", 4001, 4000),
      row("at", 3800, 3800),
      row("under", 10, 3800),
      row("reference", 23_000),
    ]);
    expect(failures.map((f: { name: string }) => f.name)).toEqual(["over"]);
    expect(failures[0]?.message).toContain("1 B over the 4,000 B budget");
  });

  it("fails the check on a bundle over its ceiling, or holding openapi-fetch without /api", () => {
    const failures = gateFailures([
      { ...row("heavier", 14_397), ceiling: 14_396, parts: [] },
      { ...row("as before", 14_396), ceiling: 14_396, parts: [] },
      {
        ...row("lean", 9_000),
        api: false,
        parts: [["node_modules/openapi-fetch/dist/index.mjs", 1]],
      },
      { ...row("api", 11_000), parts: [["node_modules/openapi-fetch/dist/index.mjs", 1]] },
    ]);
    expect(failures.map((f: { message: string }) => f.message)).toEqual([
      "heavier: 14,397 B min+gzip is 1 B over its 14,396 B ceiling",
      "lean: holds openapi-fetch, which only /api may bring",
    ]);
  });

  it("measures a minified, gzipped bundle smaller than its minified size", async () => {
    const measured = await measure({ name: "openapi-fetch", file: "size/openapi-fetch.ts" });
    expect(measured.gzip).toBeGreaterThan(1000);
    expect(measured.gzip).toBeLessThan(measured.min);
    expect(measured.externals).toEqual([]);
  });
});

describe("RESULTS.md sections", () => {
  it("replaces one section and keeps the others in their fixed order", () => {
    let doc = replaceSection("", "calls", "calls v1");
    doc = replaceSection(doc, "size", "size v1");
    doc = replaceSection(doc, "calls", "calls v2");
    expect(doc).toContain("calls v2");
    expect(doc).not.toContain("calls v1");
    expect(doc.indexOf("size v1")).toBeLessThan(doc.indexOf("calls v2"));
    expect(SECTIONS.indexOf("size")).toBeLessThan(SECTIONS.indexOf("calls"));
  });
});

describe("pnpm bench arguments", () => {
  it("runs every section by default, the named ones, or all but the skipped", () => {
    expect(pick([])).toEqual(["size", "calls", "e2e", "devserver", "build"]);
    expect(pick(["--", "e2e", "calls"])).toEqual(["calls", "e2e"]);
    expect(pick(["--skip", "build", "--skip", "devserver"])).toEqual(["size", "calls", "e2e"]);
    expect(() => pick(["sizes"])).toThrow(/unknown section "sizes"/);
  });
});

describe("spec edit of the build bench", () => {
  it("appends to the first property description of the first schema with properties", () => {
    const spec = [
      "openapi: 3.1.0",
      "components:",
      "  schemas:",
      "    Empty:",
      "      type: string",
      "    Vector:",
      "      type: object",
      "      properties:",
      "        id:",
      "          type: string",
      "          description: The id.",
    ].join("\n");
    const edit = editSpec(spec, "Edited.");
    expect(edit).toMatchObject({ schema: "Vector", property: "id" });
    expect(edit.text).toContain("description: The id. Edited.");
  });
});
