// One runner for every protocol table under cases/: adding a case is adding data.

import type { ServiceName } from "@x/openapi-check";
import { describe, expect, it } from "vitest";
import { loadCaseFiles } from "../src/suite/case-data.js";
import { runCase } from "../src/suite/run-case.js";
import { registerPerSpec, suiteSpec } from "../src/suite/spec-source.js";

const files = loadCaseFiles();

registerPerSpec(() => {
  for (const file of files) {
    describe(`cases/${file.file}`, () => {
      for (const c of file.cases) {
        it(c.name, async () => {
          const { failures } = await runCase(file, c, suiteSpec(file.service));
          expect(failures, failures.join("\n")).toEqual([]);
        });
      }
    });
  }

  describe("protocol tables", () => {
    it("exist for both services", () => {
      expect(new Set(files.map((f) => f.service))).toEqual(new Set(["workflow", "vector"]));
    });

    // Runs every case again itself rather than reading what the tests above saw, so it holds
    // when run alone or in any order.
    it("exercise every operation of both specs", async () => {
      const covered = new Map<ServiceName, Set<string>>();
      for (const file of files) {
        const seen = covered.get(file.service) ?? new Set();
        for (const c of file.cases) {
          const { operations } = await runCase(file, c, suiteSpec(file.service));
          for (const operation of operations) seen.add(operation);
        }
        covered.set(file.service, seen);
      }
      for (const service of ["workflow", "vector"] as const) {
        const missing = suiteSpec(service)
          .operations.map((op) => op.operationId)
          .filter((id) => !covered.get(service)?.has(id));
        expect(missing, `${service} operations no table exercises`).toEqual([]);
      }
    });
  });
});
