// The vector probe: read-only calls that between them get every kind of answer the index
// gives (its info, a range page, a query's scores, fetched records), each through the spec
// guard. Nothing is written to the index.
import { type IndexInfo, VectorIndex } from "@x/vector";
import { specGuard } from "@x/vector/guard";
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

/** The vector index at `url`, probed: one step per call, in order. */
export async function probeVector(url: string, token: string): Promise<ProbeStep[]> {
  // One attempt per call: a retried answer would be checked only once anyway, and a probe
  // should show what the service answers, not wait out its failures.
  const index = new VectorIndex({ url, token, maxRetries: 0 });
  const guard = () => specGuard({ mode: "collect" });
  const steps: ProbeStep[] = [];

  const info = await probeStep("info", index, guard(), () => index.info());
  steps.push(info.step);
  const range = await probeStep("range", index, guard(), () =>
    index.range({ cursor: "0", limit: 1 }),
  );
  steps.push(range.step);
  if (info.result === undefined) {
    steps.push(skipped("query", "info gave no dimension"));
  } else {
    const query = randomQuery(info.result);
    steps.push((await probeStep("query", index, guard(), () => index.query(query))).step);
  }
  // An empty index has no id to fetch: a made-up one is answered with `null`, which the
  // spec describes too.
  const id = range.result?.vectors[0]?.id ?? `x-dev-probe-${Math.random().toString(36).slice(2)}`;
  steps.push((await probeStep("fetch", index, guard(), () => index.fetch([id]))).step);
  return steps;
}

/** A call the probe could not make, and why. */
export function skipped(call: string, why: string): ProbeStep {
  return { call, operation: undefined, status: undefined, drifts: [], failure: `skipped: ${why}` };
}
