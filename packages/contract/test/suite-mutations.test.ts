// The quick half of the mutation check (the whole suite per mutant runs in
// scripts/contract-mutate.mjs): every listed mutation still applies to the committed spec,
// and the protocol tables alone turn red for each one they can see.
import { readFileSync } from "node:fs";
import { createSpec, loadSpec } from "@x/openapi-check";
import { describe, expect, it } from "vitest";
import { CASES_DIR, loadCaseFiles } from "../src/suite/case-data.js";
import { applyMutation, type SpecMutation } from "../src/suite/mutate.mjs";
import { runCase } from "../src/suite/run-case.js";

const { mutations } = JSON.parse(readFileSync(new URL("mutations.json", CASES_DIR), "utf8")) as {
  mutations: SpecMutation[];
};
const files = loadCaseFiles();

describe("spec mutations", () => {
  it("cover every kind the suite promises to catch", () => {
    const kinds = new Set(mutations.map((m) => m.kind));
    for (const kind of [
      "rename a header",
      "change a header's type",
      "drop a required response field",
      "add a required request field",
      "change a path",
      "change an enum",
      "remove a content type",
      "change a status code",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("the committed spec passes every table (the baseline)", async () => {
    for (const file of files) {
      const spec = loadSpec(file.service);
      for (const c of file.cases) {
        expect((await runCase(file, c, spec)).failures, `${file.file}: ${c.name}`).toEqual([]);
      }
    }
  });

  for (const mutation of mutations) {
    const title = `${mutation.service}: ${mutation.name}`;
    if (mutation.tablesMiss !== undefined) {
      it(`${title} applies (the generated tests kill it: ${mutation.tablesMiss})`, () => {
        expect(() => applyMutation(loadSpec(mutation.service).document, mutation)).not.toThrow();
      });
      continue;
    }
    it(`${title} is killed by a protocol table`, async () => {
      const mutant = createSpec(
        mutation.service,
        applyMutation(loadSpec(mutation.service).document, mutation) as object,
      );
      for (const file of files.filter((f) => f.service === mutation.service)) {
        for (const c of file.cases) {
          if ((await runCase(file, c, mutant)).failures.length > 0) return;
        }
      }
      expect.fail(`no protocol case fails against the mutant "${mutation.name}"`);
    });
  }
});
