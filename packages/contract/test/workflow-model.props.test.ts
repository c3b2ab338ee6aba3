// Model-based: random sequences of triggers, clock moves, cancels and restarts from the
// state file against a model of due times and states (src/suite/workflow-model.ts): every
// run is delivered at its due time, once per attempt, and is in the state the model says.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  checkProperty,
  propsRuns,
  propsSeeds,
  propsTimeout,
  seedTitle,
} from "../src/suite/props.js";
import {
  Advance,
  Cancel,
  Restart,
  startWorkflowDev,
  Trigger,
  type WorkflowReal,
} from "../src/suite/workflow-commands.js";
import { startWorkflowEndpoint, type WorkflowEndpoint } from "../src/suite/workflow-endpoint.js";
import {
  DEFAULT_BACKOFF,
  type RetryDelay,
  type TriggerPlan,
  WorkflowModel,
} from "../src/suite/workflow-model.js";

const RETRY_DELAYS: RetryDelay[] = [
  DEFAULT_BACKOFF,
  { expression: "0", ms: () => 0 },
  { expression: "1000", ms: () => 1000 },
  { expression: "1000 * (retried + 1)", ms: (n) => 1000 * (n + 1) },
  { expression: "max(1000, 1000 * pow(2, retried))", ms: (n) => Math.max(1000, 1000 * 2 ** n) },
];

// Half the runs are due at once; the others wait for a Svc-Delay or a Svc-Not-Before
// (sometimes in the past), or both, where Not-Before wins.
const start = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  fc.record({ delaySeconds: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ notBeforeAfter: fc.integer({ min: -5, max: 120 }) }),
  fc.record({
    delaySeconds: fc.integer({ min: 1, max: 120 }),
    notBeforeAfter: fc.integer({ min: -5, max: 120 }),
  }),
);

const plan: fc.Arbitrary<TriggerPlan> = fc
  .tuple(
    fc.record({
      behaviour: fc.constantFrom<TriggerPlan["behaviour"]>("ok", "fail", "flaky"),
      callback: fc.boolean(),
      callbackOk: fc.boolean(),
      retries: fc.integer({ min: 0, max: 2 }),
      retryDelay: fc.constantFrom(...RETRY_DELAYS),
    }),
    start,
  )
  .map(([fields, when]) => ({ ...fields, ...when }));

// Short steps land between close due times; long ones cross the default backoff's.
const advance = fc.oneof(
  fc.constantFrom(0, 1, 999, 1000),
  fc.integer({ min: 0, max: 5_000 }),
  fc.integer({ min: 0, max: 200_000 }),
);

const commands = fc.commands(
  [
    plan.map((p) => new Trigger(p)),
    advance.map((ms) => new Advance(ms)),
    fc.nat().map((pick) => new Cancel(pick)),
    fc.constant(new Restart()),
  ],
  { maxCommands: 30, size: "+1" },
);

let dir: string;
let endpoint: WorkflowEndpoint;
let current: WorkflowReal | undefined;
let sequences = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "x-props-workflow-"));
  endpoint = await startWorkflowEndpoint(() => current?.dev.clock.now() ?? 0);
});
afterAll(async () => {
  await endpoint.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the workflow emulator against its model", () => {
  const runs = propsRuns();
  for (const seed of propsSeeds()) {
    const name = "workflow model sequences";
    it(seedTitle(name, seed), { timeout: propsTimeout(runs) }, async () => {
      const property = fc.asyncProperty(commands, async (sequence) => {
        endpoint.clear();
        const stateFile = join(dir, `state-${sequences++}.json`);
        const real: WorkflowReal = { dev: await startWorkflowDev(stateFile), endpoint, stateFile };
        current = real;
        try {
          // A day ahead of the wall clock: a restart resumes the manual clock at the saved
          // time only while that is later than the wall clock's.
          await real.dev.clock.advance("1d");
          const model = new WorkflowModel(real.dev.clock.now());
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        } finally {
          await real.dev.close();
          current = undefined;
        }
      });
      await checkProperty(property, { testUrl: import.meta.url, name, seed, runs });
    });
  }
});
