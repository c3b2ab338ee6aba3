import { describe, expect, it } from "vitest";
import {
  cut,
  TRACING_BUDGET,
  tracingCost,
  tracingFailures,
  tracingModules,
} from "../lib/tracing-cost.mjs";
import { ENTRIES, measure } from "../size.mjs";

describe("the cost of the unused tracing option", () => {
  it("is measured on core's current code: every cut is found, and it weighs something", async () => {
    // The cuts are made in core's sources: the bundles are made from them here.
    const fromSources = (entry: (typeof ENTRIES)[number]) => measure(entry, { sources: true });
    const vector = ENTRIES.filter((entry) => entry.file === "size/x-vector.ts");
    const [cost] = await tracingCost(await Promise.all(vector.map(fromSources)), fromSources);
    expect(cost?.gzip).toBeGreaterThan(0);
    expect(cost?.gzip).toBeLessThanOrEqual(TRACING_BUDGET);
    expect(cost?.modules).toEqual([]);
  });

  it("refuses a cut that is no longer in the source, naming the file", () => {
    expect(() => cut("const a = 1;\n", [["const b = 2;\n", ""]], "core/src/x.ts")).toThrow(
      /packages\/core\/src\/x\.ts has 0 copies of "const b = 2;\\n"/,
    );
  });

  it("finds tracing modules in a bundle, and fails over the budget", async () => {
    const traced = await measure(
      { name: "traced", file: "size/x-vector-query-traced.ts", external: ["@opentelemetry/api"] },
      { sources: true },
    );
    expect(tracingModules(traced)).toContain("otel/src/tracing.ts");
    expect(
      tracingFailures([
        { name: "a", min: 0, gzip: TRACING_BUDGET + 1, modules: [] },
        { name: "b", min: 0, gzip: 1, modules: ["otel/src/tracing.ts"] },
        { name: "c", min: 0, gzip: TRACING_BUDGET, modules: [] },
      ]),
    ).toEqual([
      `a: the unused tracing option costs ${TRACING_BUDGET + 1} B min+gzip, over its ${TRACING_BUDGET} B budget`,
      "b: bundles tracing code it should not (otel/src/tracing.ts)",
    ]);
  });
});
