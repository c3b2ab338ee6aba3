import type { NamespaceTotals } from "./store.js";
import type { IndexConfig, IndexType, Metric } from "./types.js";

/** The counts of one namespace in the index's info. */
interface NamespaceInfo {
  vectorCount: number;
  pendingVectorCount: number;
}

/** The index's info, as the vector service's `info` answers it. */
export interface IndexInfo {
  vectorCount: number;
  pendingVectorCount: number;
  indexSize: number;
  dimension: number;
  similarityFunction: Metric;
  indexType: IndexType;
  /** On a dense or hybrid index. */
  denseIndex?: { dimension: number; similarityFunction: Metric; embeddingModel: "NONE" };
  /** On a sparse or hybrid index. */
  sparseIndex?: { embeddingModel: "NONE" };
  namespaces: Record<string, NamespaceInfo>;
}

export function info(config: IndexConfig, counts: Map<string, NamespaceTotals>): IndexInfo {
  let vectorCount = 0;
  let pendingVectorCount = 0;
  let indexSize = 0;
  // Without a prototype: a namespace named "__proto__" is then a key like any other, where a
  // plain object would take it as its prototype and drop it from the answer.
  const namespaces: Record<string, NamespaceInfo> = Object.create(null);
  for (const [name, c] of counts) {
    vectorCount += c.vectorCount;
    pendingVectorCount += c.pendingVectorCount;
    indexSize += c.bytes;
    namespaces[name] = { vectorCount: c.vectorCount, pendingVectorCount: c.pendingVectorCount };
  }
  const dense = config.type !== "SPARSE";
  const dimension = dense ? config.dimension : 0;
  // A sparse index scores by inner product, so it reports DOT_PRODUCT.
  const similarityFunction = dense ? config.metric : "DOT_PRODUCT";
  return {
    vectorCount,
    pendingVectorCount,
    indexSize,
    dimension,
    similarityFunction,
    indexType: config.type,
    ...(dense ? { denseIndex: { dimension, similarityFunction, embeddingModel: "NONE" } } : {}),
    ...(config.type !== "DENSE" ? { sparseIndex: { embeddingModel: "NONE" } } : {}),
    namespaces,
  };
}
