import { createHash } from "node:crypto";
import { InvalidInputError } from "./errors.js";
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
    if (ns.matrix && record.slot >= 0) out.vector = ns.matrix.row(record.slot);
    if (record.sparse) {
      out.sparseVector = { indices: [...record.sparse.indices], values: [...record.sparse.values] };
    }
  }
  if (include.metadata && record.metadata !== undefined) out.metadata = record.metadata;
  if (include.data && record.data !== undefined) out.data = record.data;
  return out;
}

/** First position in the sorted ids whose id is >= `key`. */
export function lowerBound(ids: string[], key: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// A range cursor names the next id to return: `<id>.<check>`, the id as base64url of its UTF-16
// code units (which keeps an id with a lone surrogate intact where UTF-8 would turn it into
// U+FFFD) and a check on it, so that a string this server never issued ("abc", "1") is
// refused instead of read as a place to resume. Never "0", which starts a range, nor "",
// which ends one. Iterating in id order from that id, ids that existed when the iteration
// began are each returned exactly once, whatever is upserted or deleted between pages: later
// inserts appear only if they sort after the cursor. The check is a checksum, not a secret:
// cursors stay valid across restarts with a state file.
export function encodeCursor(id: string): string {
  const encoded = Buffer.from(id, "utf16le").toString("base64url");
  return `${encoded}.${check(encoded)}`;
}

function check(encoded: string): string {
  return createHash("sha256").update(encoded).digest("base64url").slice(0, 8);
}

export function decodeCursor(cursor: string): string {
  if (cursor === "0") return "";
  const [encoded = ""] = cursor.split(".", 1);
  const id = Buffer.from(encoded, "base64url").toString("utf16le");
  // A cursor is valid exactly when it is what this server would issue for its id.
  if (id === "" || encodeCursor(id) !== cursor) {
    throw new InvalidInputError(
      `cursor: ${JSON.stringify(cursor)} is not a cursor this server issued; a cursor is "0" to start a range, then the nextCursor of the page before, sent back unchanged`,
    );
  }
  return id;
}

export function range(
  ns: Namespace,
  body: unknown,
  budget: AnswerBudget,
): { nextCursor: string; vectors: VectorRecordOutput[] } {
  const request = body as IncludeFlags & { cursor: string; limit: number; prefix?: string };
  const { cursor, limit, prefix = "" } = request;
  const include = includeFlags(request);
  const from = decodeCursor(cursor);
  const ids = ns.sortedIds();
  const vectors: VectorRecordOutput[] = [];
  // Start at whichever of the cursor and the prefix sorts later.
  let start = prefix;
  if (from > prefix) start = from;
  let i = lowerBound(ids, start);
  for (; i < ids.length && vectors.length < limit; i++) {
    const id = ids[i]!;
    if (!id.startsWith(prefix)) break;
    const record = ns.records.get(id)!;
    budget.spend(record, include);
    vectors.push(output(ns, record, include));
  }
  const next = ids[i];
  return { nextCursor: next?.startsWith(prefix) ? encodeCursor(next) : "", vectors };
}

/** By ids (and prefix), or by prefix alone: the spec requires one of the two. */
export function fetch(
  ns: Namespace,
  body: unknown,
  budget: AnswerBudget,
): (VectorRecordOutput | null)[] {
  const request = body as IncludeFlags & { ids?: string[]; prefix?: string };
  const { ids, prefix } = request;
  const include = includeFlags(request);
  if (ids !== undefined) {
    return ids.map((id) => {
      const record = ns.records.get(id);
      if (!record || (prefix !== undefined && !id.startsWith(prefix))) return null;
      budget.spend(record, include);
      return output(ns, record, include);
    });
  }
  const only = prefix as string; // without ids, the spec requires prefix
  const sorted = ns.sortedIds();
  const out: VectorRecordOutput[] = [];
  for (
    let i = lowerBound(sorted, only);
    i < sorted.length && out.length < FETCH_PREFIX_LIMIT;
    i++
  ) {
    const id = sorted[i]!;
    if (!id.startsWith(only)) break;
    const record = ns.records.get(id)!;
    budget.spend(record, include);
    out.push(output(ns, record, include));
  }
  return out;
}
