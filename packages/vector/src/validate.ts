// Checks run before a request is sent, so a mistake names its field instead of
// coming back as a 400 (or worse, a silently wrong answer). Each builds the body as sent:
// only the fields the spec declares, since an unknown key is an error.
import { checkKnownKeys, checkObject, invalid, type KeyList } from "@x/core/internal";
import { BUILT, isFilter } from "./filter";
import type { components } from "./generated/schema";
import type { FetchRequest, IncludeOptions, Query, RangeAllRequest, RangeRequest } from "./types";

type Schemas = components["schemas"];

const INCLUDE_KEYS: KeyList<IncludeOptions> = {
  includeMetadata: true,
  includeVectors: true,
  includeData: true,
};
const RANGE_KEYS: KeyList<RangeRequest> = {
  cursor: true,
  limit: true,
  prefix: true,
  ...INCLUDE_KEYS,
};
const RANGE_ALL_KEYS: KeyList<RangeAllRequest> = { pageSize: true, prefix: true, ...INCLUDE_KEYS };
// Both query branches declare the same fields; only which is required differs.
const QUERY_KEYS: KeyList<Schemas["QueryWithVector"]> & KeyList<Schemas["QueryWithSparseVector"]> =
  {
    vector: true,
    sparseVector: true,
    topK: true,
    filter: true,
    weightingStrategy: true,
    fusionAlgorithm: true,
    ...INCLUDE_KEYS,
  };
const FETCH_KEYS: KeyList<Schemas["FetchByIds"]> & KeyList<Schemas["FetchByPrefix"]> = {
  ids: true,
  prefix: true,
  ...INCLUDE_KEYS,
};

const FINITE = "must be a finite number";

export function positive(value: unknown, field: string): void {
  if (!Number.isSafeInteger(value) || (value as number) <= 0) {
    invalid(field, "must be a positive integer");
  }
}

function optionalString(value: unknown, field: string): void {
  if (value !== undefined && typeof value !== "string") invalid(field, "must be a string");
}

function includeFlags(request: IncludeOptions, at = ""): void {
  for (const key of Object.keys(INCLUDE_KEYS) as (keyof IncludeOptions)[]) {
    const value = request[key];
    if (value !== undefined && typeof value !== "boolean")
      invalid(`${at}${key}`, "must be a boolean");
  }
}

function each(list: unknown, field: string, ok: (x: unknown) => boolean, rule: string): void {
  if (!Array.isArray(list)) invalid(field, "must be an array");
  list.forEach((x: unknown, i) => {
    if (!ok(x)) invalid(`${field}[${i}]`, rule);
  });
}

function oneOf(value: unknown, field: string, allowed: string[]): void {
  if (value !== undefined && !allowed.includes(value as string)) {
    invalid(field, `must be ${allowed.join(" or ")}`);
  }
}

/** The body of `range`. */
export function rangeBody(request: RangeRequest): RangeRequest {
  checkObject(request, "range", '{ cursor: "0", limit: 100 }');
  checkKnownKeys("range", request, RANGE_KEYS);
  if (typeof request.cursor !== "string") invalid("cursor", 'must be a string ("0" to start)');
  positive(request.limit, "limit");
  optionalString(request.prefix, "prefix");
  includeFlags(request);
  return request;
}

/** The request of `rangeAll`, checked; `pageSize` defaults to 100. */
export function rangeAllRequest(
  request: RangeAllRequest,
): Required<Pick<RangeAllRequest, "pageSize">> & RangeAllRequest {
  checkObject(request, "rangeAll", "{ pageSize: 100 }");
  checkKnownKeys("rangeAll", request, RANGE_ALL_KEYS);
  const { pageSize = 100 } = request;
  positive(pageSize, "pageSize");
  optionalString(request.prefix, "prefix");
  includeFlags(request);
  return { ...request, pageSize };
}

/**
 * The body of one query, with a built filter as its text. `at` prefixes field names and
 * `where` names the method, e.g. `queries[1].` and `queryMany queries[1]` inside a batch.
 */
export function queryBody(query: Query, at = "", where = "query"): Schemas["QueryRequest"] {
  checkObject(query, where, "{ vector: [0.1, 0.2], topK: 5 }");
  checkKnownKeys(where, query, QUERY_KEYS, at);
  if (!query.vector && !query.sparseVector)
    invalid(`${at}vector`, "give vector, sparseVector or both");
  if (query.vector) each(query.vector, `${at}vector`, Number.isFinite, FINITE);
  if (query.sparseVector) checkSparseVector(query.sparseVector, `${at}sparseVector`);
  if (query.topK !== undefined) positive(query.topK, `${at}topK`);
  oneOf(query.weightingStrategy, `${at}weightingStrategy`, ["IDF"]);
  oneOf(query.fusionAlgorithm, `${at}fusionAlgorithm`, ["RRF", "DBSF"]);
  includeFlags(query, at);
  const { filter } = query;
  if (filter !== undefined && typeof filter !== "string" && !isFilter(filter)) {
    invalid(`${at}filter`, `must be a string or ${BUILT}`);
  }
  // A built filter is sent as its text.
  return filter === undefined ? { ...query, filter } : { ...query, filter: String(filter) };
}

function checkSparseVector(sparse: Schemas["SparseVector"], field: string): void {
  const { indices, values } = sparse;
  const index = (i: unknown) => Number.isInteger(i) && (i as number) >= 0;
  each(indices, `${field}.indices`, index, "must be a non-negative integer");
  each(values, `${field}.values`, Number.isFinite, FINITE);
  if (indices.length !== values.length) {
    invalid(field, "indices and values must have the same length");
  }
  if (new Set(indices).size < indices.length)
    invalid(`${field}.indices`, "must not repeat an index");
}

/** The body of `fetch`: `ids` (an array of strings), or a `prefix`; never both. */
export function fetchBody(request: FetchRequest): FetchRequest {
  checkObject(request, "fetch", '{ ids: ["a", "b"] } or { prefix: "doc-" }');
  checkKnownKeys("fetch", request, FETCH_KEYS);
  // Read as a caller without types may send it: both fields, or neither.
  const { ids, prefix } = request as { ids?: string[]; prefix?: string };
  if (ids === undefined && prefix === undefined)
    invalid("ids", "give an array of ids, or { prefix }");
  // The service refuses both ("Only one of ids or prefix must be provided.").
  if (ids !== undefined && prefix !== undefined)
    invalid(
      "prefix",
      "give ids or a prefix, not both; fetch by ids, then keep the ids with the prefix",
    );
  if (ids !== undefined) each(ids, "ids", (id) => typeof id === "string", "must be a string");
  optionalString(prefix, "prefix");
  includeFlags(request);
  return request;
}
