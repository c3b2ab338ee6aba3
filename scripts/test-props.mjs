// Runs the generated scenario suites (`*.props.test.ts`) with a number of runs and,
// to replay, a seed: `pnpm test:props --runs 5000`, `pnpm test:props --seed S --path P`.
// Without --seed each suite runs its fixed seed and then a fresh one, which it prints.
// `--survey` runs every scenario without stopping at the first failure and lists each
// broken invariant with the first scenario that broke it.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    seed: { type: "string" },
    path: { type: "string" },
    survey: { type: "boolean", default: false },
  },
});
if (!/^[1-9]\d*$/.test(args.runs)) {
  console.error(`test:props: --runs must be a positive whole number, got ${args.runs}`);
  process.exit(2);
}
if (args.seed !== undefined && !/^-?\d+$/.test(args.seed)) {
  console.error(`test:props: --seed must be a whole number, got ${args.seed}`);
  process.exit(2);
}
const env = {
  ...process.env,
  PROPS_RUNS: args.runs,
  ...(args.seed === undefined ? {} : { PROPS_SEED: args.seed }),
  ...(args.path === undefined ? {} : { PROPS_PATH: args.path }),
  ...(args.survey ? { PROPS_SURVEY: "1" } : {}),
};
const run = spawnSync("pnpm", ["exec", "vitest", "run", ".props.test.ts"], {
  stdio: "inherit",
  env,
});
process.exit(run.status ?? 1);
