// What the dashboard's vector panel writes about the index, how its namespace choice follows
// the index's namespaces, and where it scans.
import { describe, expect, it } from "vitest";
import {
  infoFacts,
  namespaceChange,
  namespaceLabel,
  namespaceOptions,
  scanPath,
} from "../src/dashboard/browser/vector-text.js";
import type { IndexInfo } from "../src/dashboard/browser/wire.js";

const INFO: IndexInfo = {
  indexType: "DENSE",
  dimension: 2,
  similarityFunction: "COSINE",
  vectorCount: 4,
  pendingVectorCount: 1,
  indexSize: 96,
  namespaces: {
    notes: { vectorCount: 1, pendingVectorCount: 0 },
    "": { vectorCount: 3, pendingVectorCount: 1 },
    archive: { vectorCount: 0, pendingVectorCount: 0 },
  },
};

describe("infoFacts", () => {
  it("lists the index's type, dimension, similarity, counts and size", () => {
    expect(infoFacts(INFO)).toEqual([
      ["Type", "DENSE"],
      ["Dimension", "2"],
      ["Similarity", "COSINE"],
      ["Vectors", "4 ready, 1 pending"],
      ["Size", "96 bytes"],
    ]);
  });
});

describe("namespaceOptions", () => {
  it("offers the namespaces by name, the default one first, each with its records pending or not", () => {
    expect(namespaceOptions(INFO)).toEqual([
      { value: "", label: "(default) (4)" },
      { value: "archive", label: "archive (0)" },
      { value: "notes", label: "notes (1)" },
    ]);
    expect(namespaceLabel("notes")).toBe("notes");
  });
});

describe("namespaceChange", () => {
  it("leaves the select alone while the namespaces are the same, so a pick stays", () => {
    expect(namespaceChange(["", "notes"], ["", "notes"], "notes")).toBeUndefined();
  });

  it("selects the default namespace and loads the records the first time", () => {
    expect(namespaceChange(["", "notes"], [], "")).toEqual({ value: "", first: true });
  });

  it("keeps the chosen namespace while it exists, else falls back to the default one", () => {
    expect(namespaceChange(["", "archive", "notes"], ["", "notes"], "notes")).toEqual({
      value: "notes",
      first: false,
    });
    expect(namespaceChange([""], ["", "notes"], "notes")).toEqual({ value: "", first: false });
  });

  it("tells a renamed namespace from the same list", () => {
    expect(namespaceChange(["", "b"], ["", "a"], "")).toEqual({ value: "", first: false });
  });
});

describe("scanPath", () => {
  it("scans the default namespace without a suffix, another by its encoded name", () => {
    expect(scanPath("")).toBe("/v2/dev/vector/scan");
    expect(scanPath("a b/c")).toBe("/v2/dev/vector/scan/a%20b%2Fc");
  });
});
