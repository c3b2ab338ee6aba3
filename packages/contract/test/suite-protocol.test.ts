// One runner for every protocol table under cases/: adding a case is adding data.
import { describe, expect, it } from "vitest";
import type { ServiceName } from "../src/index.js";
import { loadCaseFiles } from "../src/suite/case-data.js";
import { runCase } from "../src/suite/run-case.js";
import { suiteSpec } from "../src/suite/spec-source.js";

const files = loadCaseFiles();
const covered = new Map<ServiceName, Set<string>>();

for (const file of files) {
  describe(`cases/${file.file}`, () => {
    for (const c of file.cases) {
      it(c.name, async () => {
        const spec = suiteSpec(file.service);
        const { failures, operations } = await runCase(file, c, spec);
        const seen = covered.get(file.service) ?? new Set();
        for (const op of operations) seen.add(op);
        covered.set(file.service, seen);
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  });
}

describe("protocol tables", () => {
  it("exist for both services", () => {
    expect(new Set(files.map((f) => f.service))).toEqual(new Set(["workflow", "vector"]));
  });

  // Declared last, so it runs after every case above (tests in a file run in order).
  it("exercise every operation of both specs", () => {
    for (const service of ["workflow", "vector"] as const) {
      const missing = suiteSpec(service)
        .operations.map((op) => op.operationId)
        .filter((id) => !covered.get(service)?.has(id));
      expect(missing, `${service} operations no table exercises`).toEqual([]);
    }
  });
});
