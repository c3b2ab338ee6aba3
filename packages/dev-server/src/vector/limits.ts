// The vector service's limits. The service documents none of these ("not shown"), so each
// is our choice: generous for real use, and small enough that no single request can take
// the dev server's memory or event loop. Each is an option and a CLI flag.

import { ValidationError } from "@x/core";
import { definedFields, type Optional } from "@x/core/internal";
import type { AnswerLimit } from "../http/serve.js";
import { InvalidInputError } from "./errors.js";
import type { Include, StoredRecord } from "./types.js";

/**
 * The vector service's limits on what one request may ask for; a request over one is
 * refused as invalid input. Set through the server's `limits` option or CLI flags.
 */
export interface VectorLimits {
  /**
   * Bytes of JSON one answer may carry, on either port (the workflow service takes the same
   * limit). Routes that answer records refuse early, as they choose them, once the records'
   * bytes alone pass it (counted as `indexSize` counts them: ids, data and metadata as UTF-8,
   * 4 bytes per dense value, 8 per sparse entry, fields asked for only), before anything is
   * built; every answer is then serialised in pieces and refused once its JSON passes it.
   */
  maxAnswerBytes: number;
  /** Characters of a `filter` (query, scan, delete). */
  maxFilterLength: number;
  /** Characters of one GLOB pattern; matching costs up to pattern x value length. */
  maxGlobLength: number;
  /**
   * Steps the filters of one request may take over every record they test (see
   * filter-work.ts): what bounds the time a filter holds the server, whatever the values.
   */
  maxFilterSteps: number;
  /** `ids` of one fetch. */
  maxFetchIds: number;
  /** Queries in one batch (an array body of `/query`). */
  maxBatchQueries: number;
  /** `topK` of a query. */
  maxTopK: number;
  /** `limit` of a range. */
  maxRangeLimit: number;
  /** Namespaces of the index, the default one included; each holds its own dense memory. */
  maxNamespaces: number;
}

/**
 * Steps of filter work one request may take: five conditions on each of 500,000 records,
 * or a GLOB tried at every position of 50 characters on each of 100,000, fits. A step
 * takes 40-100 ns on a loaded 2-core machine, so no filter holds the server longer than
 * about half a second (a GLOB of 1,024 characters on a 1,000,000-character value held it
 * 21-26 s before).
 */
const FILTER_STEPS = 5_000_000;

/** The vector limits used when no override is given; our choice, as the service states none. */
export const DEFAULT_VECTOR_LIMITS: VectorLimits = {
  maxAnswerBytes: 64 * 1024 * 1024,
  maxFilterLength: 16 * 1024,
  maxGlobLength: 1024,
  maxFilterSteps: FILTER_STEPS,
  maxFetchIds: 1000,
  maxBatchQueries: 100,
  maxTopK: 1000,
  maxRangeLimit: 1000,
  maxNamespaces: 10_000,
};

/** The defaults with the given overrides; a ValidationError names an override that is not a positive integer. */
export function vectorLimits(overrides: Optional<VectorLimits> = {}): VectorLimits {
  const limits = { ...DEFAULT_VECTOR_LIMITS, ...definedFields(overrides) };
  for (const [name, value] of Object.entries(limits)) {
    if (!(Number.isSafeInteger(value) && value >= 1)) {
      throw new ValidationError(name, `must be a positive integer (got ${String(value)})`);
    }
  }
  return limits;
}

function over(what: string, got: number, max: number, flag: string): never {
  throw new InvalidInputError(
    `${what} is ${got}, over this server's limit of ${max}; ask for fewer, or start the dev server with ${flag} to raise it`,
  );
}

/** The counts a body asks for, checked before any work; the spec states no maximum for them. */
export function checkRequestLimits(route: string, body: unknown, limits: VectorLimits): void {
  if (route === "range") {
    const { limit } = body as { limit: number };
    if (limit > limits.maxRangeLimit)
      over("limit", limit, limits.maxRangeLimit, "--max-range-limit");
  } else if (route === "fetch") {
    const { ids } = body as { ids?: unknown[] };
    if (ids !== undefined && ids.length > limits.maxFetchIds) {
      over("the number of ids", ids.length, limits.maxFetchIds, "--max-fetch-ids");
    }
  } else if (route === "query") {
    const queries = Array.isArray(body) ? body : [body];
    if (queries.length > limits.maxBatchQueries) {
      over(
        "the number of queries in the batch",
        queries.length,
        limits.maxBatchQueries,
        "--max-batch-queries",
      );
    }
    for (const query of queries as { topK?: number }[]) {
      if (query.topK !== undefined && query.topK > limits.maxTopK) {
        over("topK", query.topK, limits.maxTopK, "--max-top-k");
      }
    }
  }
}

/** The vector answers' limit, as the request path applies it to every answer (http/serve.ts). */
export function vectorAnswerLimit(limits: VectorLimits): AnswerLimit {
  return {
    bytes: limits.maxAnswerBytes,
    refusal: `the answer is over this server's limit of ${limits.maxAnswerBytes} bytes (maxAnswerBytes); ${FEWER}, or start the dev server with --max-answer-bytes to raise it`,
  };
}

/** What to ask for instead of an answer over the limit. */
const FEWER =
  "ask for fewer records (ids, limit, topK) or fewer fields (includeData, includeVectors, includeMetadata)";

/** What a record adds to an answer, in the units of `maxAnswerBytes`. */
export function answerBytes(record: StoredRecord, include: Include, dimension: number): number {
  let bytes = Buffer.byteLength(record.id);
  if (include.vectors) {
    if (record.slot >= 0) bytes += dimension * 4;
    if (record.sparse) bytes += record.sparse.indices.length * 8;
  }
  if (include.metadata) bytes += record.metadataBytes;
  if (include.data && record.data !== undefined) bytes += Buffer.byteLength(record.data);
  return bytes;
}

/** Adds up an answer's records as they are chosen, refusing it before it is built. */
export class AnswerBudget {
  private spent = 0;
  constructor(
    private readonly max: number,
    private readonly dimension: number,
  ) {}

  spend(record: StoredRecord, include: Include): void {
    this.spent += answerBytes(record, include, this.dimension);
    if (this.spent > this.max) {
      throw new InvalidInputError(
        `the answer would carry more than ${this.max} bytes of records; ${FEWER}, or start the dev server with --max-answer-bytes to raise it`,
      );
    }
  }
}
