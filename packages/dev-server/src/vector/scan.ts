import { InvalidInputError } from "./errors.js";
import { matches } from "./filter-eval.js";
import { filterField } from "./filter-field.js";
import type { FilterNode } from "./filter-parse.js";
import type { FilterWork } from "./filter-work.js";
import type { AnswerBudget, VectorLimits } from "./limits.js";
import type { Namespace } from "./namespace.js";
import { output, pageFrom, type VectorRecordOutput } from "./read.js";

/**
 * Dev only (`POST /scan[/ns]`, what the dashboard pages through): records in insertion
 * order with range's cursors, but narrowed by a metadata filter, which range does not take.
 * Answers with the metadata and data of each record, not its vectors.
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
export function scanRequest(body: unknown, limits: VectorLimits): ScanRequest {
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
  const parsed = filterField(filter, limits, "filter");
  return { cursor, limit, ...(parsed === undefined ? {} : { filter: parsed }) };
}

/**
 * One page of the records the filter accepts, from the cursor on; "" ends the scan. The
 * page's records are counted against `budget` before any is copied into the answer: 100
 * records of 9.5 MB data each were answered whole (285 MB in 10.8 s, the server stalled).
 */
export function scan(
  ns: Namespace,
  request: ScanRequest,
  work: FilterWork,
  budget: AnswerBudget,
): { nextCursor: string; vectors: VectorRecordOutput[] } {
  const { filter, limit } = request;
  const include = { metadata: true, vectors: false, data: true };
  const page = pageFrom(
    ns,
    request.cursor,
    limit,
    (record) => filter === undefined || matches(filter, record.metadata, work),
  );
  for (const record of page.records) budget.spend(record, include);
  return {
    nextCursor: page.nextCursor,
    vectors: page.records.map((record) => output(ns, record, include)),
  };
}
