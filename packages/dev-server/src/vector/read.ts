import { InvalidInputError } from "./errors.js";
import { float32JsonArray } from "./float32.js";
import type { AnswerBudget } from "./limits.js";
import type { Namespace } from "./namespace.js";
import type { Include, StoredRecord, VectorRecordInput } from "./types.js";

/** A record as range, fetch and query return it: the fields its include flags ask for. */
export type VectorRecordOutput = VectorRecordInput;

const FETCH_PREFIX_LIMIT = 1000;

// The spec validator has checked every body read here (required fields, types, limit >= 1),
// so these functions read them as the spec declares them.

/** The include flags of a range, fetch or query body. */
export interface IncludeFlags {
  includeMetadata?: boolean;
  includeVectors?: boolean;
  includeData?: boolean;
}

export function includeFlags(body: IncludeFlags): Include {
  return {
    metadata: body.includeMetadata === true,
    vectors: body.includeVectors === true,
    data: body.includeData === true,
  };
}

export function output(ns: Namespace, record: StoredRecord, include: Include): VectorRecordOutput {
  const out: VectorRecordOutput = { id: record.id };
  if (include.vectors) {
    if (ns.matrix && record.slot >= 0) out.vector = float32JsonArray(ns.matrix.row(record.slot));
    if (record.sparse) {
      const { indices, values } = record.sparse;
      out.sparseVector = { indices: [...indices], values: float32JsonArray(values) };
    }
  }
  if (include.metadata && record.metadata !== undefined) out.metadata = record.metadata;
  if (include.data && record.data !== undefined) out.data = record.data;
  return out;
}

/**
 * The offset a range or scan cursor names: `""` and `"0"` start at the first record, and
 * every other cursor is the decimal offset of the next record in insertion order, as the
 * service's own `nextCursor` is.
 */
export function cursorOffset(cursor: string): number {
  if (cursor === "") return 0;
  if (!/^\d+$/.test(cursor)) {
    throw new InvalidInputError(
      `cursor: ${JSON.stringify(cursor)} is not a cursor; a cursor is the decimal offset of the next record: "0" (or "") to start a range, then the nextCursor of the page before`,
    );
  }
  return Number(cursor);
}

/** One page of a walk in insertion order: up to `limit` records that `accept` takes. */
export interface Page {
  records: StoredRecord[];
  /** The offset of the next record `accept` takes, or "" when none is left. */
  nextCursor: string;
}

/** From the record at `cursor`'s offset on, the first `limit` that `accept` takes. */
export function pageFrom(
  ns: Namespace,
  cursor: string,
  limit: number,
  accept: (record: StoredRecord) => boolean,
): Page {
  const ids = ns.ids();
  const records: StoredRecord[] = [];
  let i = cursorOffset(cursor);
  for (; i < ids.length; i++) {
    const record = ns.records.get(ids[i]!)!;
    if (!accept(record)) continue;
    if (records.length === limit) break;
    records.push(record);
  }
  return { records, nextCursor: i < ids.length ? String(i) : "" };
}

export function range(
  ns: Namespace,
  body: unknown,
  budget: AnswerBudget,
): { nextCursor: string; vectors: VectorRecordOutput[] } {
  const request = body as IncludeFlags & { cursor: string; limit: number; prefix?: string };
  const { cursor, limit, prefix = "" } = request;
  const include = includeFlags(request);
  const page = pageFrom(ns, cursor, limit, (record) => record.id.startsWith(prefix));
  const vectors = page.records.map((record) => {
    budget.spend(record, include);
    return output(ns, record, include);
  });
  return { nextCursor: page.nextCursor, vectors };
}

/** The service's own words for a fetch that names both ids and a prefix. */
const ONE_FETCH_CRITERION = "Only one of ids or prefix must be provided.";

/** Refuses a fetch body with both `ids` and `prefix`, as the service does. */
export function refuseBothFetchCriteria(body: unknown): void {
  if (typeof body !== "object" || body === null) return;
  const { ids, prefix } = body as { ids?: unknown; prefix?: unknown };
  if (ids !== undefined && prefix !== undefined) throw new InvalidInputError(ONE_FETCH_CRITERION);
}

/** By ids or by prefix: the service takes exactly one of the two. */
export function fetch(
  ns: Namespace,
  body: unknown,
  budget: AnswerBudget,
): (VectorRecordOutput | null)[] {
  const request = body as IncludeFlags & { ids?: string[]; prefix?: string };
  const include = includeFlags(request);
  const found = (record: StoredRecord) => {
    budget.spend(record, include);
    return output(ns, record, include);
  };
  if (request.ids !== undefined) {
    return request.ids.map((id) => {
      const record = ns.records.get(id);
      return record ? found(record) : null;
    });
  }
  const prefix = request.prefix as string; // without ids, the spec requires prefix
  const page = pageFrom(ns, "0", FETCH_PREFIX_LIMIT, (record) => record.id.startsWith(prefix));
  return page.records.map(found);
}
