import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ContractSpec, createSpec, loadSpec, type ServiceName } from "@x/openapi-check";
import { describe, it, type RunnerTestSuite, TestRunner } from "vitest";

/**
 * The mutation script (`pnpm contract:mutate`) names here a JSON file listing spec sets,
 * `[{ "name": "...", "dir": "..." }]`, each directory holding a `<service>.openapi.json` for
 * every service: the real spec (the baseline) and each mutant. The suite then runs once per
 * set, all in one process, instead of once per process.
 */
const SPEC_SETS_ENV = "X_CONTRACT_SPECS";
const SERVICES: ServiceName[] = ["workflow", "vector"];

type Specs = (service: ServiceName) => ContractSpec;

/** The indexed specs of each set's directory: read once, shared by the suite files. */
const byDir = new Map<string, Specs>();

function readSpecs(dir: string): Specs {
  let specs = byDir.get(dir);
  if (specs === undefined) {
    const indexed = Object.fromEntries(
      SERVICES.map((service) => {
        const path = join(dir, `${service}.openapi.json`);
        return [service, createSpec(service, JSON.parse(readFileSync(path, "utf8")))];
      }),
    ) as Record<ServiceName, ContractSpec>;
    specs = (service) => indexed[service];
    byDir.set(dir, specs);
  }
  return specs;
}

/** The specs of each set's describe (its suite task), as `registerPerSpec` registered them. */
const specsOfSuite = new WeakMap<RunnerTestSuite, Specs>();

/**
 * The spec the test checks against: its spec set's, found by the describe it sits in (while
 * tests are collected, the describe being collected: a test's name may read the spec), else
 * the committed one. Nothing here changes as tests run, so no set's run can reach another's.
 */
export function suiteSpec(service: ServiceName): ContractSpec {
  let suite = TestRunner.getCurrentTest()?.suite ?? TestRunner.getCurrentSuite()?.suite;
  for (; suite !== undefined; suite = suite.suite) {
    const specs = specsOfSuite.get(suite);
    if (specs !== undefined) return specs(service);
  }
  return loadSpec(service);
}

/**
 * Registers a suite file's tests: as they are, against the committed spec; or, when
 * `X_CONTRACT_SPECS` lists spec sets, once per set inside a `describe` named for the set, so
 * the mutation script tells each set's results apart by that name.
 */
export function registerPerSpec(register: () => void): void {
  const list = process.env[SPEC_SETS_ENV];
  if (!list) {
    register();
    return;
  }
  const sets = JSON.parse(readFileSync(list, "utf8")) as { name: string; dir: string }[];
  for (const { name, dir } of sets) {
    describe(name, () => {
      let specs: Specs;
      try {
        specs = readSpecs(dir);
      } catch (error) {
        // A mutant the index cannot read fails alone: every other set still runs.
        it("reads its specs", () => {
          throw error;
        });
        return;
      }
      const suite = TestRunner.getCurrentSuite().suite;
      if (suite === undefined) throw new Error(`vitest collects no describe for "${name}"`);
      specsOfSuite.set(suite, specs);
      register();
    });
  }
}
