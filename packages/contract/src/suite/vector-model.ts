// A plain in-memory model of the vector service, to the semantics the repo's README and the
// dev server's README state: records
// kept in insertion order per namespace (an upsert of an existing id keeps its place, as a
// Map does), values stored as float32, dense scores by brute force, `/reset` emptying one
// namespace or all of them while every namespace stays listed, an unknown namespace a 404.

export type ModelMetric = "COSINE" | "EUCLIDEAN";

export interface ModelRecord {
  id: string;
  vector: number[];
  metadata?: { n: number; tag: string };
  data?: string;
  /** Model time at which the record stops being pending. */
  readyAt: number;
}

/** The filters the model understands: a tiny subset of the service's language. */
export type ModelFilter =
  | { kind: "atLeast"; n: number }
  | { kind: "tagIs"; tag: string }
  | { kind: "hasTag" };

export function filterText(filter: ModelFilter): string {
  switch (filter.kind) {
    case "atLeast":
      return `n >= ${filter.n}`;
    case "tagIs":
      return `tag = '${filter.tag}'`;
    case "hasTag":
      return "HAS FIELD tag";
  }
}

export function matches(record: ModelRecord, filter: ModelFilter): boolean {
  switch (filter.kind) {
    case "atLeast":
      return record.metadata !== undefined && record.metadata.n >= filter.n;
    case "tagIs":
      return record.metadata?.tag === filter.tag;
    case "hasTag":
      return record.metadata !== undefined;
  }
}

/**
 * The score the service defines for two dense vectors, in float64, in [0, 1]: cosine
 * `(1 + cos) / 2`, euclidean `1 / (1 + squared distance)` (the model's two metrics).
 */
export function denseScore(metric: ModelMetric, a: number[], b: number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  let squared = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    aa += x * x;
    bb += y * y;
    squared += (x - y) ** 2;
  }
  return metric === "COSINE" ? (1 + dot / Math.sqrt(aa * bb)) / 2 : 1 / (1 + squared);
}

/** A value as the service stores it: float32, and +0 for -0, which JSON cannot carry. */
export function float32(x: number): number {
  return Math.fround(x) + 0;
}

export class VectorModel {
  /** Namespace name -> records by id, in insertion order. "" always exists. */
  readonly namespaces = new Map<string, Map<string, ModelRecord>>([["", new Map()]]);
  now = 0;

  constructor(
    readonly metric: ModelMetric,
    readonly pendingMs: number,
  ) {}

  records(namespace: string): ModelRecord[] | undefined {
    const ns = this.namespaces.get(namespace);
    return ns === undefined ? undefined : [...ns.values()];
  }

  upsert(namespace: string, records: Omit<ModelRecord, "readyAt">[]): void {
    let ns = this.namespaces.get(namespace);
    if (ns === undefined) {
      ns = new Map();
      this.namespaces.set(namespace, ns);
    }
    for (const record of records) {
      ns.set(record.id, {
        ...record,
        vector: record.vector.map(float32),
        readyAt: this.now + this.pendingMs,
      });
    }
  }

  /** Deletes what `which` selects; the count deleted, or undefined for an unknown namespace. */
  delete(
    namespace: string,
    which: { ids: string[] } | { prefix: string } | { filter: ModelFilter },
  ): number | undefined {
    const ns = this.namespaces.get(namespace);
    if (ns === undefined) return undefined;
    const doomed = [...ns.values()].filter((record) => {
      if ("ids" in which) return which.ids.includes(record.id);
      if ("prefix" in which) return record.id.startsWith(which.prefix);
      return matches(record, which.filter);
    });
    for (const record of doomed) ns.delete(record.id);
    return doomed.length;
  }

  /** One namespace emptied, or every one; each stays listed. False for an unknown namespace. */
  reset(namespace: string | "all"): boolean {
    if (namespace !== "all" && !this.namespaces.has(namespace)) return false;
    for (const [name, ns] of this.namespaces) {
      if (namespace === "all" || name === namespace) ns.clear();
    }
    return true;
  }

  counts(): Record<string, { vectorCount: number; pendingVectorCount: number }> {
    const out: Record<string, { vectorCount: number; pendingVectorCount: number }> = {};
    for (const [name, ns] of this.namespaces) {
      let pending = 0;
      for (const record of ns.values()) if (record.readyAt > this.now) pending++;
      out[name] = { vectorCount: ns.size - pending, pendingVectorCount: pending };
    }
    return out;
  }

  /** Every record a query may return, with its score, best first (ties in any order). */
  ranked(namespace: string, vector: number[], filter?: ModelFilter) {
    const query = vector.map(float32);
    return (this.records(namespace) ?? [])
      .filter((record) => filter === undefined || matches(record, filter))
      .map((record) => ({ record, score: denseScore(this.metric, query, record.vector) }))
      .sort((a, b) => b.score - a.score);
  }
}
