import { InvalidInputError } from "./errors.js";
import { matches } from "./filter-eval.js";
import { type FilterNode, FilterSyntaxError, parseFilter } from "./filter-parse.js";
import type { Namespace } from "./namespace.js";
import { decodeCursor, encodeCursor, lowerBound, output, type VectorRecordOutput } from "./read.js";

/**
 * Dev only (`POST /scan[/ns]`, what the dashboard pages through): records in id order, like
 * range, but narrowed by a metadata filter, which range does not take. Answers with the
 * metadata and data of each record, not its vectors.
 */
export interface ScanRequest {
  cursor: string;
  limit: number;
  filter?: FilterNode;
}

export const MAX_SCAN_LIMIT = 100;

const KNOWN = new Set(["cursor", "limit", "filter"]);

function bad(message: string): never {
  throw new InvalidInputError(message);
}

/** Reads `{ cursor?: "0", limit?: 20, filter?: "" }`; a 400 names what was wrong. */
export function scanRequest(body: unknown, maxGlobLength: number): ScanRequest {
  const raw = body ?? {};
  if (typeof raw !== "object" || Array.isArray(raw) || raw === null) {
    bad("body: must be an object { cursor?, limit?, filter? }");
  }
  const fields = raw as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!KNOWN.has(name)) bad(`${name}: unknown field; use cursor, limit or filter`);
  }
  const { cursor = "0", limit = 20, filter = "" } = fields;
  if (typeof cursor !== "string") bad("cursor: must be a string");
  if (
    typeof limit !== "number" ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_SCAN_LIMIT
  ) {
    bad(`limit: must be an integer from 1 to ${MAX_SCAN_LIMIT} (got ${JSON.stringify(limit)})`);
  }
  if (typeof filter !== "string") bad("filter: must be a string");
  let parsed: FilterNode | undefined;
  try {
    parsed = parseFilter(filter, maxGlobLength);
  } catch (err) {
    if (err instanceof FilterSyntaxError) bad(`filter: ${err.message}`);
    throw err;
  }
  return { cursor, limit, ...(parsed === undefined ? {} : { filter: parsed }) };
}

/** One page of the records the filter accepts, from the cursor on; "" ends the scan. */
export function scan(
  ns: Namespace,
  request: ScanRequest,
): { nextCursor: string; vectors: VectorRecordOutput[] } {
  const { filter, limit } = request;
  const ids = ns.sortedIds();
  const vectors: VectorRecordOutput[] = [];
  const include = { metadata: true, vectors: false, data: true };
  let i = lowerBound(ids, decodeCursor(request.cursor));
  for (; i < ids.length && vectors.length < limit; i++) {
    const record = ns.records.get(ids[i]!)!;
    if (filter === undefined || matches(filter, record.metadata)) {
      vectors.push(output(ns, record, include));
    }
  }
  const next = ids[i];
  return { nextCursor: next === undefined ? "" : encodeCursor(next), vectors };
}
