// The two middleware engines of `@x/core` held to openapi-fetch's own (issue 39, item 6):
// a method runs our engine (core's middleware.ts), `api` runs openapi-fetch's with ours
// relayed inside it. Generated stacks of 0-3 middleware run through a method
// (`VectorIndex.range`/`info`, `WorkflowClient.trigger`), through the client's `api`, and
// through openapi-fetch's `createClient` over the same stub service; what each hook saw, the
// order of the hooks, what the service received, each call's result or error and, for ours,
// the span names must agree, but for the differences named in differential/differences.ts.
//
// PROPS_RUNS sets the scenarios per seed (default 200). Without PROPS_SEED, a fixed seed
// runs, then a fresh one, printed. A failure prints its seed, the shrunk scenario and the
// command that replays it (`pnpm test:props --seed S --path P`).
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { comparableOf, expectedOf } from "./differential/differences";
import { type Observed, runWay, type Scenario, scenario } from "./differential/ways";

const FIXED_SEED = 20_261_128;
const runs = Number(process.env.PROPS_RUNS ?? 200);
const given = process.env.PROPS_SEED;
const path = process.env.PROPS_PATH;
const seeds = given ? [Number(given)] : [FIXED_SEED, Math.floor(Math.random() * 2 ** 31)];

/** Ours and what openapi-fetch's observation says it must be, for one way. */
interface Comparison {
  way: "method" | "api";
  ours: Observed;
  expected: Observed;
}

/** Runs the scenario openapi-fetch's way and ours. */
async function compare(drawn: Scenario): Promise<Comparison[]> {
  // openapi-fetch with every middleware by `use`, as a method has them.
  const reference = await runWay(drawn, "openapi-fetch", false);
  const method = await runWay(drawn, "method");
  // With the last ones per call, as `api` has them (the same as by `use` when there are none).
  const split = drawn.perCall > 0 ? await runWay(drawn, "openapi-fetch", true) : reference;
  const api = await runWay(drawn, "api");
  return [
    { way: "method", ours: comparableOf(method), expected: expectedOf(reference, drawn, "method") },
    { way: "api", ours: comparableOf(api), expected: expectedOf(split, drawn, "api") },
  ];
}

describe("middleware: a method and api against openapi-fetch's createClient", () => {
  for (const seed of seeds) {
    const name = seed === FIXED_SEED ? `fixed seed ${seed}` : `seed ${seed}`;
    test(`${name}: ${runs} generated stacks agree`, { timeout: 30_000 + runs * 300 }, async () => {
      console.log(`middleware differential: ${name}, ${runs} runs`);
      const property = fc.asyncProperty(scenario, async (drawn) => {
        for (const { way, ours, expected } of await compare(drawn)) {
          if (!isDeepStrictEqual(ours, expected)) throw new Error(`${way} disagrees`);
        }
      });
      const details = await fc.check(property, { numRuns: runs, seed, ...(path ? { path } : {}) });
      if (!details.failed) return;
      const cause = details.errorInstance;
      const shrunk = details.counterexample?.[0] as Scenario;
      console.log(
        [
          `stacks disagree after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath})`,
          `shrunk scenario: ${JSON.stringify(shrunk, null, 1)}`,
          `${cause instanceof Error ? cause.message : String(cause)}`,
          `replay: pnpm test:props --seed ${details.seed} --path ${details.counterexamplePath} --runs ${runs}`,
        ].join("\n"),
      );
      // The shrunk scenario once more, for the assertion's own diff of what disagrees.
      for (const { way, ours, expected } of await compare(shrunk)) {
        expect(ours, way).toStrictEqual(expected);
      }
      expect.fail(`${cause instanceof Error ? cause.message : String(cause)} (not on its replay)`);
    });
  }
});
