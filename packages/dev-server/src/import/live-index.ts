// The live index as its `info` describes it: the index a dev server must run to take its
// records, and how many records each namespace holds.
import { ValidationError } from "@x/core";
import type { IndexInfo } from "@x/vector";
import type { IndexConfig, IndexType, Metric } from "../vector/types.js";
import { printable } from "./printable.js";

const TYPES: readonly string[] = ["DENSE", "SPARSE", "HYBRID"] satisfies IndexType[];
const METRICS: readonly string[] = ["COSINE", "EUCLIDEAN", "DOT_PRODUCT"] satisfies Metric[];

/** The most dimensions the dev server's index takes (its `vector.dimension` option). */
export const MAX_DIMENSION = 65_536;

/** Characters of a live value quoted in a message: enough to recognise it. */
const QUOTED_CHARS = 80;

/** How a message quotes a value the live index gave. */
export type Quote = (value: unknown) => string;

/**
 * Quotes live values in JSON, made printable with `secrets` redacted first and then cut to
 * QUOTED_CHARS: cut first, a secret at the cut would keep the part before it.
 */
export function quoter(secrets: readonly string[]): Quote {
  const shown = printable(secrets);
  return (value) => {
    const text = shown(typeof value === "string" ? JSON.stringify(value) : String(value));
    return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}...` : text;
  };
}

export interface LiveIndex {
  index: IndexConfig;
  /** Records of each namespace, ready and pending, as `info` counted them. */
  counts: Map<string, number>;
}

/** The live index of `info`; a ValidationError when it is of a kind the dev server does not emulate. */
export function liveIndexOf(info: IndexInfo, quoted: Quote): LiveIndex {
  const { indexType, similarityFunction, dimension } = info;
  if (!TYPES.includes(indexType)) {
    throw new ValidationError(
      "type",
      `the live index reports indexType ${quoted(indexType)}, which the dev server does not emulate (${TYPES.join(", ")})`,
    );
  }
  // A sparse index scores by inner product whatever it reports; only dense ones need a metric.
  if (indexType !== "SPARSE" && !METRICS.includes(similarityFunction)) {
    throw new ValidationError(
      "metric",
      `the live index reports similarityFunction ${quoted(similarityFunction)}, which the dev server does not emulate (${METRICS.join(", ")})`,
    );
  }
  if (
    indexType !== "SPARSE" &&
    !(Number.isSafeInteger(dimension) && dimension >= 1 && dimension <= MAX_DIMENSION)
  ) {
    throw new ValidationError(
      "dimension",
      `the live index reports a dimension of ${quoted(dimension)}, where the dev server takes 1 to ${MAX_DIMENSION}; check the URL points at a vector index`,
    );
  }
  return { index: indexOf(info), counts: countsOf(info, quoted) };
}

/** Records of each namespace; a count that is no count is off-spec. */
function countsOf(info: IndexInfo, quoted: Quote): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [name, ns] of Object.entries(info.namespaces)) {
    const count = ns.vectorCount + ns.pendingVectorCount;
    if (!(Number.isSafeInteger(count) && count >= 0)) {
      throw new ValidationError(
        "namespaces",
        `the live index reports ${quoted(count)} records in namespace ${quoted(name)}, which is no count; check the URL points at a vector index`,
      );
    }
    counts.set(name, count);
  }
  return counts;
}

function indexOf(info: IndexInfo): IndexConfig {
  const { indexType, similarityFunction, dimension } = info;
  return {
    type: indexType as IndexType,
    dimension,
    metric: (indexType === "SPARSE" ? "DOT_PRODUCT" : similarityFunction) as Metric,
  };
}

/** The namespaces to import: the ones asked for (each must exist on the live index), else all. */
export function namespacesToImport(
  live: LiveIndex,
  asked: string[] | undefined,
  quoted: Quote,
): string[] {
  const all = [...live.counts.keys()];
  if (asked === undefined) return all;
  for (const name of asked) {
    if (!live.counts.has(name)) {
      const shown = all.slice(0, 10).map(quoted);
      if (all.length > 10) shown.push(`and ${all.length - 10} more`);
      throw new ValidationError(
        "namespaces",
        `${quoted(name)} is not a namespace of the live index (it has ${shown.join(", ")}); check the name`,
      );
    }
  }
  return asked;
}
