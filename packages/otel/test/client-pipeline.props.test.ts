// Generated scenarios of the client pipeline (issue 28, part 1): a client, its middleware,
// a call, an abort and the server's behaviour per attempt, drawn by fast-check, with every
// invariant of scenarios/invariants.ts checked in each one.
//
// PROPS_RUNS sets the scenarios per seed (default 200). Without PROPS_SEED, a fixed seed
// runs, then a fresh one, printed. A failure prints its seed, the shrunk scenario and the
// command that replays it (`pnpm test:props --seed S --path P`). PROPS_SURVEY=1 runs every
// scenario without stopping and lists, per broken invariant, how often and where first.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Scenario, scenario } from "./scenarios/draw";
import { startHostileServer } from "./scenarios/hostile-server";
import { type Violation, violations } from "./scenarios/invariants";
import { ClientTimers, SpanLedger } from "./scenarios/observe";
import { type Rig, runScenario } from "./scenarios/run";
import { Tally } from "./scenarios/tally";

const FIXED_SEED = 20_261_126;
const runs = Number(process.env.PROPS_RUNS ?? 200);
const given = process.env.PROPS_SEED;
const path = process.env.PROPS_PATH;
const survey = process.env.PROPS_SURVEY === "1";
const seeds = given ? [Number(given)] : [FIXED_SEED, Math.floor(Math.random() * 2 ** 31)];

/** How long a spare socket of Node 20 and 22's fetch may stay idle (about 4 s). */
const LINGER_MS = 6000;

let rig: Rig;
const tally = new Tally();
const onUnhandled = (reason: unknown) => rig.unhandled.push(reason);

beforeAll(async () => {
  rig = {
    server: await startHostileServer(),
    ledger: new SpanLedger(),
    timers: new ClientTimers(),
    unhandled: [],
  };
  rig.timers.install();
  process.on("unhandledRejection", onUnhandled);
  // The first fetch of a process loads its HTTP stack, slower than the scenarios' timeouts:
  // a first call of each client, with time to spare, so a replayed case runs as it first did.
  for (const service of ["workflow", "vector"] as const) await runScenario(rig, warmUp(service));
});

/** A plain, traced call with one middleware and a patient timeout. */
function warmUp(service: Scenario["service"]): Scenario {
  return {
    service,
    client: {
      tokenIn: "header",
      logLevel: "info",
      tracing: true,
      maxRetries: 0,
      timeoutMs: 5000,
      middleware: ["pass"],
    },
    call: {
      op: service === "workflow" ? "trigger" : "query",
      take: "await",
      namespace: "",
      options: {},
      parseAs: "json",
      secretInUrl: false,
      runId: true,
    },
    abort: { when: "none" },
    behaviours: [{ kind: "json" }],
  };
}

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  rig.timers.uninstall();
  const closeBy = Date.now() + LINGER_MS;
  while (rig.server.lingering() > 0 && Date.now() < closeBy) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  tally.socketsLeft += rig.server.lingering();
  await rig.server.close();
  console.log(`client pipeline scenarios\n${tally.report()}`);
  // Every socket of the run, spare ones too, is closed in the end.
  expect(tally.socketsLeft).toBe(0);
}, LINGER_MS + 5000);

/** The first scenario that broke each invariant, and how to run it again. */
function surveyReport(
  seed: number,
  first: Map<string, { at: number; drawn: Scenario; v: Violation }>,
) {
  return [...first]
    .map(
      ([invariant, { at, drawn, v }]) =>
        `${invariant}\n  ${v.detail}\n  replay: pnpm test:props --seed ${seed} --path ${at} --runs ${runs}\n  ${JSON.stringify(drawn)}`,
    )
    .join("\n");
}

describe("client pipeline, generated scenarios", () => {
  for (const seed of seeds) {
    const name = seed === FIXED_SEED ? `fixed seed ${seed}` : `seed ${seed}`;
    const timeout = 60_000 + runs * 600;
    test(`${name}: ${runs} scenarios keep every invariant`, { timeout }, async () => {
      console.log(`client pipeline scenarios: ${name}, ${runs} runs`);
      const first = new Map<string, { at: number; drawn: Scenario; v: Violation }>();
      let at = 0;
      const property = fc.asyncProperty(scenario, async (drawn) => {
        const seen = await runScenario(rig, drawn);
        const broken = violations(drawn, seen);
        tally.add(drawn, seen, broken);
        for (const v of broken) {
          // One example per invariant and kind of finding (the detail up to its first colon).
          const key = `${v.invariant} (${v.detail.split(":")[0]})`;
          if (!first.has(key)) first.set(key, { at, drawn, v });
        }
        at++;
        if (broken.length > 0 && !survey) {
          throw new Error(broken.map((v) => `${v.invariant}: ${v.detail}`).join("\n"));
        }
      });
      const details = await fc.check(property, { numRuns: runs, seed, ...(path ? { path } : {}) });
      if (survey) {
        console.log(`survey of ${name}\n${surveyReport(seed, first)}`);
        expect([...first.keys()]).toEqual([]);
      }
      if (!details.failed) return;
      const cause = details.errorInstance;
      const message = [
        `scenario failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath})`,
        `shrunk scenario: ${JSON.stringify(details.counterexample?.[0], null, 1)}`,
        `broken: ${cause instanceof Error ? cause.message : String(cause)}`,
        `replay: pnpm test:props --seed ${details.seed} --path ${details.counterexamplePath} --runs ${runs}`,
      ].join("\n");
      console.log(message);
      expect.fail(message);
    });
  }
});
