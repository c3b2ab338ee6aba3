// The suite run once per spec set, as `pnpm contract:mutate` runs it (X_CONTRACT_SPECS): each
// set's tests see that set's specs, while collected and while run, and nothing else does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSpec, type ServiceName } from "@x/openapi-check";
import { afterAll, describe, expect, it } from "vitest";
import { registerPerSpec, suiteSpec } from "../src/suite/spec-source.js";

const SETS = ["first set", "second set"];
const SERVICES: ServiceName[] = ["workflow", "vector"];
const work = mkdtempSync(join(tmpdir(), "spec-sets-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each set's copy of the committed specs, told apart by its title. */
const listed = SETS.map((name, i) => {
  const dir = join(work, `set-${i}`);
  mkdirSync(dir);
  for (const service of SERVICES) {
    const document = loadSpec(service).document as { info: object };
    const copy = { ...document, info: { ...document.info, title: name } };
    writeFileSync(join(dir, `${service}.openapi.json`), JSON.stringify(copy));
  }
  return { name, dir };
});
const list = join(work, "sets.json");
writeFileSync(list, JSON.stringify(listed));

const titleOf = (service: ServiceName) =>
  (suiteSpec(service).document as { info: { title: string } }).info.title;

const before = process.env.X_CONTRACT_SPECS;
process.env.X_CONTRACT_SPECS = list;
try {
  registerPerSpec(() => {
    const collected = titleOf("workflow");
    describe("a describe of the suite", () => {
      it("sees its set's specs, while collected and while run", async ({ task }) => {
        // The test sits in the describe named for its set.
        const set = task.suite?.suite?.name;
        expect(SETS).toContain(set);
        expect(collected).toBe(set);
        for (const service of SERVICES) expect(titleOf(service)).toBe(set);
        // And still after an await, as a test reads it between its requests.
        await new Promise(setImmediate);
        expect(titleOf("vector")).toBe(set);
      });
    });
  });
} finally {
  if (before === undefined) delete process.env.X_CONTRACT_SPECS;
  else process.env.X_CONTRACT_SPECS = before;
}

describe("outside the spec sets", () => {
  it("a test checks against the committed specs", () => {
    for (const service of SERVICES) expect(suiteSpec(service)).toBe(loadSpec(service));
  });
});
