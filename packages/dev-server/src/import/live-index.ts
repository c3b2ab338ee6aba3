// The live index as its `info` describes it: the index a dev server must run to take its
// records, and how many records each namespace holds.
import { ValidationError } from "@x/core";
import type { IndexInfo } from "@x/vector";
import type { IndexConfig, IndexType, Metric } from "../vector/types.js";

const TYPES: readonly string[] = ["DENSE", "SPARSE", "HYBRID"] satisfies IndexType[];
const METRICS: readonly string[] = ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"] satisfies Metric[];

export interface LiveIndex {
  index: IndexConfig;
  /** Records of each namespace, ready and pending, as `info` counted them. */
  counts: Map<string, number>;
}

/** The live index of `info`; a ValidationError when it is of a kind the dev server does not emulate. */
export function liveIndexOf(info: IndexInfo): LiveIndex {
  const { indexType, similarityFunction, dimension } = info;
  if (!TYPES.includes(indexType)) {
    throw new ValidationError(
      "type",
      `the live index reports indexType "${indexType}", which the dev server does not emulate (${TYPES.join(", ")})`,
    );
  }
  // A sparse index scores by inner product whatever it reports; only dense ones need a metric.
  if (indexType !== "SPARSE" && !METRICS.includes(similarityFunction)) {
    throw new ValidationError(
      "metric",
      `the live index reports similarityFunction "${similarityFunction}", which the dev server does not emulate (${METRICS.join(", ")})`,
    );
  }
  const counts = new Map<string, number>();
  for (const [name, ns] of Object.entries(info.namespaces)) {
    counts.set(name, ns.vectorCount + ns.pendingVectorCount);
  }
  return {
    index: {
      type: indexType as IndexType,
      dimension,
      metric: (indexType === "SPARSE" ? "DOT_PRODUCT" : similarityFunction) as Metric,
    },
    counts,
  };
}

/** The namespaces to import: the ones asked for (each must exist on the live index), else all. */
export function namespacesToImport(live: LiveIndex, asked: string[] | undefined): string[] {
  const all = [...live.counts.keys()];
  if (asked === undefined) return all;
  for (const name of asked) {
    if (!live.counts.has(name)) {
      const shown = all.slice(0, 10).map((n) => `"${n}"`);
      if (all.length > 10) shown.push(`and ${all.length - 10} more`);
      throw new ValidationError(
        "namespaces",
        `"${name}" is not a namespace of the live index (it has ${shown.join(", ")}); check the name`,
      );
    }
  }
  return asked;
}
