import { plural } from "../plural.js";
import { InvalidInputError, NamespaceNotFoundError } from "./errors.js";
import type { CheckedRecord } from "./input.js";
import { Namespace } from "./namespace.js";
import type { IndexConfig } from "./types.js";

export interface NamespaceTotals {
  vectorCount: number;
  pendingVectorCount: number;
  /** What the namespace adds to indexSize. */
  bytes: number;
}

/**
 * The one index of a vector service: its namespaces, created by the first upsert into them
 * and kept (even when emptied by deletes or the reset routes) until `reset` drops them; the
 * default namespace "" always exists. Upserted records count as pending for `pendingMs`, then
 * as ready; queries, range and fetch see them at once.
 */
export class VectorStore {
  private namespaces = new Map<string, Namespace>();

  constructor(
    readonly config: IndexConfig,
    private readonly pendingMs = 50,
    private readonly now: () => number = Date.now,
    /** Namespaces at most, the default one included; an upsert that would add one more is refused. */
    private readonly maxNamespaces: number = Number.POSITIVE_INFINITY,
  ) {
    this.reset();
  }

  /** Every namespace's name, the default "" included. */
  names(): string[] {
    return [...this.namespaces.keys()];
  }

  /** The namespace; NamespaceNotFoundError when it does not exist. */
  namespace(name: string): Namespace {
    const ns = this.namespaces.get(name);
    if (!ns) throw new NamespaceNotFoundError(`Namespace '${name}' does not exist`);
    return ns;
  }

  /** The namespace `name`, created if new (within the limit on namespaces). */
  private opened(name: string): Namespace {
    let ns = this.namespaces.get(name);
    if (!ns) {
      if (this.namespaces.size >= this.maxNamespaces) {
        throw new InvalidInputError(
          `the index holds ${plural(this.namespaces.size, "namespace")}, this server's limit; upsert into an existing one, drop some (dev.vector.reset({ namespace }) in the test kit), or start the dev server with --max-namespaces to raise it`,
        );
      }
      ns = new Namespace(this.config);
      this.namespaces.set(name, ns);
    }
    return ns;
  }

  /**
   * Creates `name` if new, with dense memory for `rows` records in one growth: a restore
   * knows each namespace's size, and growing a quarter at a time left up to a quarter of
   * the rows' memory unused.
   */
  open(name: string, rows: number): void {
    this.opened(name).matrix?.reserve(rows);
  }

  /**
   * Takes `other`'s namespaces in place of its own (a restore loads aside, then swaps), and
   * returns its default namespace as it was, for the next restore to refill.
   */
  adopt(other: VectorStore): Namespace {
    const before = this.namespace("");
    this.namespaces = other.namespaces;
    return before;
  }

  /**
   * Makes an emptied `spare` (a default namespace a restore replaced) this store's default
   * namespace: its dense memory is refilled instead of fresh pages taken, which cost more
   * than everything else of restoring 10,000 rows of 384 (250 ms instead of 45).
   */
  refill(spare: Namespace): void {
    this.namespaces.set("", spare.emptied());
  }

  /** Upserts into `name` (created if new); the records count as pending for `pendingMs`. */
  upsert(records: CheckedRecord[], name: string, pendingMs: number = this.pendingMs): void {
    const ns = this.opened(name);
    const readyAt = this.now() + pendingMs;
    if (ns.matrix) {
      // Rows for the new ids only: a batch that replaces records reuses their rows.
      let added = 0;
      for (const record of records) if (!ns.records.has(record.id)) added++;
      ns.matrix.reserve(ns.matrix.count + added);
    }
    for (const record of records) ns.upsert(record, readyAt);
  }

  /** Deletes what exists of `ids`; returns how many were deleted. */
  delete(ids: string[], name: string): number {
    const ns = this.namespace(name);
    let deleted = 0;
    for (const id of ids) if (ns.delete(id)) deleted++;
    return deleted;
  }

  /** Empties the namespace `name`, which stays listed; NamespaceNotFoundError when it does not exist. */
  empty(name: string): void {
    this.namespaces.set(name, this.namespace(name).emptied());
  }

  /** Empties every namespace; each stays listed. */
  emptyAll(): void {
    for (const [name, ns] of this.namespaces) this.namespaces.set(name, ns.emptied());
  }

  /**
   * Drops every namespace and empties the default one, which keeps its dense memory: a
   * restore refills it.
   */
  reset(): void {
    const empty = this.namespaces.get("")?.emptied() ?? new Namespace(this.config);
    this.namespaces.clear();
    this.namespaces.set("", empty);
  }

  /** Drops the namespace `name`, or empties the default one; nothing for an unknown name. */
  resetNamespace(name: string): void {
    if (name === "") this.empty("");
    else this.namespaces.delete(name);
  }

  counts(): Map<string, NamespaceTotals> {
    const now = this.now();
    const out = new Map<string, NamespaceTotals>();
    for (const [name, ns] of this.namespaces) {
      let pending = 0;
      for (const record of ns.records.values()) if (record.readyAt > now) pending++;
      out.set(name, {
        vectorCount: ns.size - pending,
        pendingVectorCount: pending,
        bytes: ns.bytes,
      });
    }
    return out;
  }
}
