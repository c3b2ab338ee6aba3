import { type Accept, denseScoreAll, denseTopK } from "./dense-search.js";
import { InvalidInputError } from "./errors.js";
import { matches } from "./filter-eval.js";
import { filterField } from "./filter-field.js";
import type { FilterNode } from "./filter-parse.js";
import type { FilterWork } from "./filter-work.js";
import { float32Json } from "./float32.js";
import { type Fusion, fuse } from "./fusion.js";
import { denseVector, sparseVector } from "./input.js";
import type { AnswerBudget, VectorLimits } from "./limits.js";
import type { Namespace } from "./namespace.js";
import { includeFlags, output, type VectorRecordOutput } from "./read.js";
import { sparseScoreAll } from "./sparse-search.js";
import type { Include, IndexConfig, Scored, SparseVector } from "./types.js";

export interface Query {
  /** In float32, as the service holds a query vector (and every stored one). */
  vector?: Float32Array;
  sparseVector?: SparseVector;
  topK: number;
  filter?: FilterNode;
  idf: boolean;
  fusion: Fusion;
  include: Include;
}

function bad(message: string): never {
  throw new InvalidInputError(message);
}

// The spec validator has checked the body's shape already (known fields, types, enums,
// topK >= 1); this reads it and applies the rules a schema cannot state: the filter
// syntax, the vector dimension and which vectors the index type takes.
function parseQuery(
  raw: Record<string, unknown>,
  config: IndexConfig,
  where: string,
  limits: VectorLimits,
): Query {
  const query: Query = {
    topK: (raw.topK as number | undefined) ?? 10,
    idf: raw.weightingStrategy === "IDF",
    fusion: (raw.fusionAlgorithm as Fusion | undefined) ?? "RRF",
    include: includeFlags(raw),
  };
  const filter = raw.filter as string | undefined;
  if (filter !== undefined) {
    const parsed = filterField(filter, limits, `${where}filter`);
    if (parsed) query.filter = parsed;
  }
  if (raw.vector !== undefined) {
    if (config.type === "SPARSE")
      bad(`${where}vector: this index is SPARSE; query with sparseVector`);
    query.vector = Float32Array.from(denseVector(raw.vector, config, `${where}vector`));
  }
  if (raw.sparseVector !== undefined) {
    if (config.type === "DENSE")
      bad(`${where}sparseVector: this index is DENSE; query with vector`);
    query.sparseVector = sparseVector(raw.sparseVector, `${where}sparseVector`, true);
  }
  if (config.type === "DENSE" && !query.vector) bad(`${where}vector: required on a DENSE index`);
  if (config.type === "SPARSE" && !query.sparseVector)
    bad(`${where}sparseVector: required on a SPARSE index`);
  if (!query.vector && !query.sparseVector) bad(`${where}body: give vector, sparseVector or both`);
  return query;
}

/** Parses the body: one query object, or an array of them (`batch` when more than one). */
export function parseQueryBody(
  body: unknown,
  config: IndexConfig,
  limits: VectorLimits,
): { queries: Query[]; batch: boolean } {
  if (Array.isArray(body)) {
    return {
      queries: body.map((q: Record<string, unknown>, i) =>
        parseQuery(q, config, `[${i}].`, limits),
      ),
      batch: body.length > 1,
    };
  }
  const query = parseQuery(body as Record<string, unknown>, config, "", limits);
  return { queries: [query], batch: false };
}

export function runQuery(
  ns: Namespace,
  config: IndexConfig,
  q: Query,
  budget: AnswerBudget,
  work: FilterWork,
): (VectorRecordOutput & { score: number })[] {
  const filter = q.filter;
  const accept: Accept = filter ? (r) => matches(filter, r.metadata, work) : () => true;
  let scored: Scored[];
  if (q.vector && q.sparseVector) {
    const dense = denseScoreAll(ns, config.metric, q.vector, accept);
    const sparse = sparseScoreAll(ns, q.sparseVector, q.idf, accept);
    scored = fuse([dense, sparse], q.fusion).slice(0, q.topK);
  } else if (q.vector) {
    scored = denseTopK(ns, config.metric, q.vector, q.topK, accept);
  } else {
    scored = sparseScoreAll(ns, q.sparseVector!, q.idf, accept).slice(0, q.topK);
  }
  for (const { record } of scored) budget.spend(record, q.include);
  // Ranked by the float64 scores of float32 inputs; answered in float32, as the service is.
  return scored.map(({ record, score }) => ({
    ...output(ns, record, q.include),
    score: float32Json(score),
  }));
}
