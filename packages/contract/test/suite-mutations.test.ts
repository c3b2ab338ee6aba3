// The quick half of the mutation check (the whole suite per mutant runs in
// scripts/contract-mutate.mjs): every listed mutation still applies to the committed spec,
// and the protocol tables alone turn red for each one they can see.
import { readFileSync } from "node:fs";
import { createSpec, loadSpec } from "@x/openapi-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { CASES_DIR, loadCaseFiles } from "../src/suite/case-data.js";
import { applyMutation, type SpecMutation } from "../src/suite/mutate.mjs";
import { runCase } from "../src/suite/run-case.js";

const { mutations, typeMutations } = JSON.parse(
  readFileSync(new URL("mutations.json", CASES_DIR), "utf8"),
) as { mutations: SpecMutation[]; typeMutations: SpecMutation[] };
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

// The type-level renames (killed by tsc in scripts/contract-mutate.mjs) are applied to the
// source spec; here they must still fit it, or the mutation run would report them broken.
describe("type-level spec mutations", () => {
  it("rename a request field, a response field and a header or parameter in each spec", () => {
    for (const service of ["workflow", "vector"]) {
      const kinds = typeMutations.filter((m) => m.service === service).map((m) => m.kind);
      const count = (pattern: RegExp) => kinds.filter((kind) => pattern.test(kind)).length;
      expect(count(/^rename a request field/), service).toBe(1);
      expect(count(/^rename a response field/), service).toBe(1);
      expect(count(/^rename a (header|request parameter)/), service).toBe(1);
    }
  });

  for (const mutation of typeMutations) {
    it(`${mutation.service}: ${mutation.name} applies to the source spec`, () => {
      const source = new URL(`../../../specs/${mutation.service}/openapi.yaml`, import.meta.url);
      const document: unknown = parseYaml(readFileSync(source, "utf8"));
      expect(() => applyMutation(document, mutation)).not.toThrow();
    });
  }
});
