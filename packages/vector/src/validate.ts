// Checks run before a request is sent, so a mistake names its field instead of
// coming back as a 400 (or worse, a silently wrong answer). The known keys, required keys,
// types, enums and bounds come from the spec (`generated/schemas.ts`, written by
// `pnpm gen`); what is here is what the client adds to the spec (`rangeAll`'s `pageSize`,
// a `filter` built with `filter`) and the rules a schema cannot state. Each builds the
// body as sent: only the fields the spec declares, since an unknown key is an error.
import { checkFields, checkObject, invalid, type Schema } from "@x/core/internal";
import { BUILT, isFilter } from "./filter";
import type { components } from "./generated/schema";
import { FetchRequestSchema, QueryRequestSchema, RangeRequestSchema } from "./generated/schemas";
import type { FetchRequest, Query, RangeAllRequest, RangeRequest } from "./types";

type Schemas = components["schemas"];

/**
 * The request of `rangeAll`, which pages itself: the range body's fields but `limit`, with
 * `cursor` optional (where to start), and `pageSize`, the `limit` of each page.
 */
function rangeAllSchema(): Schema {
  const { limit = {}, ...properties } = RangeRequestSchema.properties ?? {};
  return { ...RangeRequestSchema, required: [], properties: { ...properties, pageSize: limit } };
}

/** The body of `range`. */
export function rangeBody(request: RangeRequest): RangeRequest {
  checkObject(request, "range", '{ cursor: "0", limit: 100 }');
  checkFields("range", request, RangeRequestSchema);
  return request;
}

/** The request of `rangeAll`, checked; `pageSize` defaults to 100, `cursor` to `"0"`. */
export function rangeAllRequest(
  request: RangeAllRequest,
): Required<Pick<RangeAllRequest, "pageSize" | "cursor">> & RangeAllRequest {
  checkObject(request, "rangeAll", "{ pageSize: 100 }");
  const { pageSize = 100, cursor = "0" } = request;
  checkFields("rangeAll", { ...request, pageSize, cursor }, rangeAllSchema());
  // "" is the nextCursor of the last page: starting there would page nothing, in silence.
  if (cursor === "") {
    invalid(
      "cursor",
      'is "", the nextCursor of the last page, after which no vectors remain; give "0" (or no cursor) to start from the first',
    );
  }
  return { ...request, pageSize, cursor };
}

/**
 * The body of one query, with a built filter as its text. `at` prefixes field names and
 * `where` names the method, e.g. `queries[1].` and `queryMany queries[1]` inside a batch.
 */
export function queryBody(query: Query, at = "", where = "query"): Schemas["QueryRequest"] {
  checkObject(query, where, "{ vector: [0.1, 0.2], topK: 5 }");
  const { filter } = query;
  if (filter !== undefined && typeof filter !== "string" && !isFilter(filter)) {
    invalid(`${at}filter`, `must be a string or ${BUILT}`);
  }
  // A built filter is sent as its text.
  const body: Schemas["QueryRequest"] =
    filter === undefined ? { ...query, filter } : { ...query, filter: String(filter) };
  checkFields(where, body, QueryRequestSchema, at);
  if (body.sparseVector) checkSparseVector(body.sparseVector, `${at}sparseVector`);
  return body;
}

/**
 * What the spec's `SparseVector` says in words only: as many values as indices. A repeated
 * index is sent as given: the service accepts it and sums its values.
 */
function checkSparseVector(sparse: Schemas["SparseVector"], field: string): void {
  if (sparse.indices.length !== sparse.values.length) {
    invalid(field, "indices and values must have the same length");
  }
}

/** The body of `fetch`: `ids` (an array of strings), or a `prefix`; never both. */
export function fetchBody(request: FetchRequest): FetchRequest {
  checkObject(request, "fetch", '{ ids: ["a", "b"] } or { prefix: "doc-" }');
  checkFields("fetch", request, FetchRequestSchema);
  // The spec's two branches exclude each other, which a list of known keys cannot say:
  // the service refuses both ("Only one of ids or prefix must be provided.").
  const { ids, prefix } = request as { ids?: string[]; prefix?: string };
  if (ids !== undefined && prefix !== undefined)
    invalid(
      "prefix",
      "give ids or a prefix, not both; fetch by ids, then keep the ids with the prefix",
    );
  return request;
}
