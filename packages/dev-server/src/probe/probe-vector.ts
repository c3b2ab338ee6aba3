// The vector probe: read-only calls that between them get every kind of answer the index
// gives (its info, a range page, a query's scores, fetched records), each through the spec
// guard. Nothing is written to the index.
import { type IndexInfo, VectorIndex } from "@x/vector";
import { specGuard } from "@x/vector/guard";
import { PROBE_ANSWER_LIMITS } from "../import/answer-scan.js";
import { LiveConnection } from "../import/live-connection.js";
import { MAX_DIMENSION } from "../import/live-index.js";
import { type ProbeStep, probeStep } from "./probe-steps.js";

/** A random value for each of `dimension` dimensions, in [-1, 1). */
function randomVector(dimension: number): number[] {
  return Array.from({ length: dimension }, () => Math.random() * 2 - 1);
}

/** A query the index takes: dense values, sparse ones, or both (hybrid). */
function randomQuery(info: IndexInfo) {
  const sparse = { indices: [Math.floor(Math.random() * 1000)], values: [Math.random()] };
  if (info.indexType === "SPARSE") return { sparseVector: sparse, topK: 1 };
  const vector = randomVector(info.dimension);
  if (info.indexType === "HYBRID") return { vector, sparseVector: sparse, topK: 1 };
  return { vector, topK: 1 };
}

/** Why no query can be built from `info`; undefined when one can. */
function noQuery(info: IndexInfo | undefined): string | undefined {
  if (info === undefined) return "info gave no dimension";
  const { indexType, dimension } = info;
  if (indexType === "SPARSE") return undefined;
  if (Number.isSafeInteger(dimension) && dimension >= 1 && dimension <= MAX_DIMENSION) {
    return undefined;
  }
  // JSON of a number is the number; of anything else (a hostile string), its type is enough.
  const shown = typeof dimension === "number" ? String(dimension) : `a ${typeof dimension}`;
  return `info's dimension ${shown} is not one of 1 to ${MAX_DIMENSION}`;
}

/** The vector index at `url`, probed: one step per call, in order. */
export async function probeVector(url: string, token: string): Promise<ProbeStep[]> {
  // Each answer read within the probe's bounds, so the guard's work is bounded too.
  const connection = new LiveConnection(PROBE_ANSWER_LIMITS);
  // One attempt per call: a retried answer would be checked only once anyway, and a probe
  // should show what the service answers, not wait out its failures.
  const index = new VectorIndex({ url, token, maxRetries: 0, fetch: connection.fetch });
  const guard = () => specGuard({ mode: "collect" });
  const steps: ProbeStep[] = [];
  const step = <T>(name: string, call: (signal: AbortSignal) => Promise<T>) =>
    probeStep(name, index, guard(), () => connection.call(name, undefined, call));

  const info = await step("info", (signal) => index.info({ signal }));
  steps.push(info.step);
  const range = await step("range", (signal) => index.range({ cursor: "0", limit: 1 }, { signal }));
  steps.push(range.step);
  // Checked before a vector of that many values is built.
  const why = noQuery(info.result);
  if (why !== undefined || info.result === undefined) {
    steps.push(skipped("query", why ?? "info gave no dimension"));
  } else {
    const query = randomQuery(info.result);
    steps.push((await step("query", (signal) => index.query(query, { signal }))).step);
  }
  // An empty index has no id to fetch: a made-up one is answered with `null`, which the
  // spec describes too.
  const first: unknown = range.result?.vectors?.[0]?.id;
  // Only an id the spec allows is sent back (a string, not past a cursor's length).
  const id =
    typeof first === "string" && first.length <= 1024
      ? first
      : `x-dev-probe-${Math.random().toString(36).slice(2)}`;
  steps.push((await step("fetch", (signal) => index.fetch({ ids: [id] }, { signal }))).step);
  return steps;
}

/** A call the probe could not make, and why. */
export function skipped(call: string, why: string): ProbeStep {
  return {
    call,
    operation: undefined,
    status: undefined,
    drifts: [],
    moreDrifts: 0,
    failure: `skipped: ${why}`,
  };
}
