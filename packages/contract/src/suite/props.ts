// Settings shared by the generated (property) suites: how many cases, and which seeds.
//
// Every property runs twice by default: once with a fixed seed, so CI checks the same cases
// on every run, and once with a fresh seed, printed, so each run also explores new ones.
// `PROPS_SEED` runs one seed instead: with the same `PROPS_RUNS` it draws the same cases,
// fails on the same one and shrinks it the same way. (fast-check's `path` cannot replay a
// command sequence on its own, so `PROPS_PATH` is not used here.) The root
// `pnpm test:props` script passes `PROPS_RUNS` to run many more.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";

/** The seed CI runs on every run, beside a fresh one. */
export const FIXED_SEED = 28;
/** Cases per seed when `PROPS_RUNS` is not set. */
export const DEFAULT_RUNS = 100;

export interface PropsSeed {
  /** `fixed`, `fresh`, or `replay` (PROPS_SEED given). */
  kind: "fixed" | "fresh" | "replay";
  seed: number;
}

function integerFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer (got "${raw}")`);
  return value;
}

/** Cases per seed: `PROPS_RUNS`, else `fallback`. */
export function propsRuns(fallback = DEFAULT_RUNS): number {
  const runs = integerFromEnv("PROPS_RUNS") ?? fallback;
  if (runs < 1) throw new Error(`PROPS_RUNS must be at least 1 (got ${runs})`);
  return runs;
}

/**
 * A test's time limit for `cases` cases: a second each, two minutes at least. Only a case
 * that hangs comes near it; `pnpm test:props --runs 5000` must not hit it.
 */
export function propsTimeout(cases: number): number {
  return Math.max(120_000, cases * 1_000);
}

/** The seeds to run: the replayed one alone, else the fixed one and a fresh one. */
export function propsSeeds(): PropsSeed[] {
  const replay = integerFromEnv("PROPS_SEED");
  if (replay !== undefined) return [{ kind: "replay", seed: replay }];
  const fresh = Math.floor(Math.random() * 2 ** 31);
  return [
    { kind: "fixed", seed: FIXED_SEED },
    { kind: "fresh", seed: fresh },
  ];
}

/** A test title that names the seed, so the report shows which seeds ran. */
export function seedTitle(name: string, seed: PropsSeed): string {
  return `${name} (${seed.kind} seed ${seed.seed})`;
}

/**
 * Runs a property with one seed; a failure is rethrown with fast-check's report (seed,
 * shrunk case, the error) and the command that replays it.
 */
export async function checkProperty<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts> | fc.IPropertyWithHooks<Ts>,
  where: { testUrl: string; name: string; seed: PropsSeed; runs: number },
): Promise<void> {
  const { seed, runs } = where;
  console.info(`props: ${where.name}: ${runs} cases, ${seed.kind} seed ${seed.seed}`);
  const details = await fc.check(property, { seed: seed.seed, numRuns: runs });
  if (!details.failed) return;
  const report = fc.defaultReportMessage(details) ?? "the property failed";
  const file = relative(process.cwd(), fileURLToPath(where.testUrl));
  const replay = `PROPS_SEED=${details.seed} PROPS_RUNS=${runs} pnpm vitest run ${file} -t "${where.name}"`;
  const error = new Error(`${report}\n\nReplay this case with:\n  ${replay}`);
  if (details.errorInstance instanceof Error) error.cause = details.errorInstance;
  throw error;
}
