import {
  ApiPromise,
  CLIENT_OPTION_KEYS,
  checkBaseUrl,
  checkKnownKeys,
  checkObject,
  checkRequestOptions,
  createRequest,
  createTransport,
  invalid,
  type KeyList,
  type OperationRequest,
  quote,
  type RequestOptions,
  readEnv,
  readLogLevel,
  XError,
} from "@x/core";
import { listOf, resultOf } from "./envelope";
import type { components, paths } from "./generated/schema";
import type {
  AnyMeta,
  FetchByIds,
  FetchByPrefix,
  IndexInfo,
  Query,
  RangeAllRequest,
  RangeIterable,
  RangePage,
  RangeRequest,
  ScoreRecord,
  VectorIndexOptions,
  VectorRecord,
} from "./types";
import { fetchBody, queryBody, rangeAllRequest, rangeBody } from "./validate";

type QueryRequest = components["schemas"]["QueryRequest"];
type QueryResult = components["schemas"]["QueryResult"];
type ScoreList = components["schemas"]["ScoreList"];

const CLIENT_KEYS: KeyList<VectorIndexOptions> = {
  ...CLIENT_OPTION_KEYS,
  url: true,
  namespace: true,
};

/** The paths the client appends to `url` itself, so `url` must not end with one. */
const APPENDED_PATH = /\/(range|query|fetch|info)\/*$/i;

/**
 * A client for one vector index, scoped to one namespace (the default one, `""`, unless
 * `namespace` says otherwise). `Meta` is the type of each vector's metadata.
 */
export class VectorIndex<Meta = AnyMeta> {
  // Private, so the token never shows when an index is logged.
  readonly #options: VectorIndexOptions;

  /**
   * Calls any operation of the vector spec through this client's transport (auth, retries,
   * timeouts, typed errors, `withResponse()`): `index.request("POST", "/range/{namespace}",
   * { params: { path: { namespace } }, body }, options)`. Path, method, parameters, body and
   * result are typed from the generated `paths`; the result is the raw `{ result }` body.
   */
  readonly request: OperationRequest<paths>;

  constructor(options: VectorIndexOptions) {
    checkObject(options, "VectorIndex options", '{ url: "https://...", token: "..." }');
    checkKnownKeys("VectorIndex", options, CLIENT_KEYS);
    this.#options = options;
    this.request = createRequest<paths>(
      createTransport({
        ...options,
        baseUrl: checkBaseUrl(options.url, "url", APPENDED_PATH),
        hints: { 404: "Check the index URL and the namespace." },
      }),
    );
  }

  /**
   * Reads `VECTOR_URL`, `VECTOR_TOKEN` and `X_LOG` (the log level) from `env` (default:
   * `process.env` where it exists); `options` win over them.
   */
  static fromEnv<Meta = AnyMeta>(
    env?: Record<string, string | undefined>,
    options?: Omit<VectorIndexOptions, "url" | "token">,
  ): VectorIndex<Meta> {
    const need = (name: string) => readEnv(name, env) ?? invalid(name, "is not set");
    const logLevel = readLogLevel(env);
    return new VectorIndex({
      ...(logLevel === undefined ? {} : { logLevel }),
      ...options,
      url: need("VECTOR_URL"),
      token: need("VECTOR_TOKEN"),
    });
  }

  /**
   * The same index scoped to namespace `name` (`""` is the default namespace). A name that
   * cannot be sent is reported by each call of the new index.
   */
  namespace(name: string): VectorIndex<Meta> {
    return new VectorIndex({ ...this.#options, namespace: name });
  }

  /** One page of vectors from `cursor` (`"0"` first, then `nextCursor` until it is `""`). */
  range(request: RangeRequest, options?: RequestOptions): ApiPromise<RangePage<Meta>> {
    return ApiPromise.from(() => {
      checkRequestOptions("range", options);
      const body = rangeBody(request);
      const namespace = this.#namespace();
      const sent =
        namespace === ""
          ? this.request("POST", "/range", { body }, options)
          : this.request(
              "POST",
              "/range/{namespace}",
              { params: { path: { namespace } }, body },
              options,
            );
      return sent.map((body, response) => {
        const result = resultOf(body, response);
        const vectors = listOf(result?.vectors, "vectors", body, response);
        return { ...result, vectors: vectors.map((record) => withMeta<Meta>(record)) };
      });
    });
  }

  /**
   * Every vector (with `prefix`, every matching one), fetched `pageSize` at a time as the
   * loop asks for them. `pages()` yields whole pages instead of records. Bad input is
   * reported by the first `next()`; `options` apply to every page's request.
   */
  rangeAll(request: RangeAllRequest = {}, options?: RequestOptions): RangeIterable<Meta> {
    const index = this;
    async function* pages(): AsyncGenerator<RangePage<Meta>> {
      const { pageSize, ...rest } = rangeAllRequest(request);
      checkRequestOptions("rangeAll", options);
      // A cursor seen before, the one just sent or an older one, would loop forever.
      const seen = new Set<string>();
      for (let cursor = "0"; cursor !== ""; ) {
        options?.signal?.throwIfAborted();
        seen.add(cursor);
        const page = await index.range({ ...rest, cursor, limit: pageSize }, options);
        yield page;
        cursor = page.nextCursor;
        if (seen.has(cursor)) {
          throw new XError(
            `rangeAll: got cursor ${quote(cursor)} twice, so pages would repeat; stopped.`,
          );
        }
      }
    }
    return {
      pages,
      async *[Symbol.asyncIterator]() {
        for await (const page of pages()) yield* page.vectors;
      },
    };
  }

  /** The `topK` (default 10) nearest vectors, highest score first. */
  query(query: Query, options?: RequestOptions): ApiPromise<ScoreRecord<Meta>[]> {
    return ApiPromise.from(() => {
      checkRequestOptions("query", options);
      return this.#query(queryBody(query), options).map((lists) => lists[0] ?? []);
    });
  }

  /** Several queries in one request: one list of results per query, in order. */
  queryMany(queries: Query[], options?: RequestOptions): ApiPromise<ScoreRecord<Meta>[][]> {
    return ApiPromise.from(() => {
      checkRequestOptions("queryMany", options);
      if (!Array.isArray(queries) || queries.length === 0) {
        invalid("queries", "must be a non-empty array");
      }
      const body = queries.map((query, i) =>
        queryBody(query, `queries[${i}].`, `queryMany queries[${i}]`),
      );
      return this.#query(body, options);
    });
  }

  /**
   * The vectors with these ids, in order, `null` for an id with no vector; `fetch(ids,
   * { includeMetadata: true })`, or the whole request as one object, `fetch({ ids, ... })`.
   */
  fetch(
    ids: string[],
    include?: Omit<FetchByIds, "ids">,
    options?: RequestOptions,
  ): ApiPromise<(VectorRecord<Meta> | null)[]>;
  /** The vectors with `request.ids`, in order, `null` for an id with no vector. */
  fetch(request: FetchByIds, options?: RequestOptions): ApiPromise<(VectorRecord<Meta> | null)[]>;
  /** Up to 1000 vectors whose id starts with `prefix`; use `rangeAll({ prefix })` for more. */
  fetch(request: FetchByPrefix, options?: RequestOptions): ApiPromise<VectorRecord<Meta>[]>;
  fetch(
    first: string[] | FetchByIds | FetchByPrefix,
    second?: Omit<FetchByIds, "ids"> | RequestOptions,
    third?: RequestOptions,
  ): ApiPromise<(VectorRecord<Meta> | null)[]> {
    // With an array of ids first, the includes come second and the call options third.
    if (Array.isArray(first)) {
      return this.#fetch({ ...(second as Omit<FetchByIds, "ids">), ids: first }, third);
    }
    return this.#fetch(first, second as RequestOptions | undefined);
  }

  #fetch(
    request: FetchByIds | FetchByPrefix,
    options: RequestOptions | undefined,
  ): ApiPromise<(VectorRecord<Meta> | null)[]> {
    return ApiPromise.from(() => {
      checkRequestOptions("fetch", options);
      const body = fetchBody(request);
      // Nothing asked, nothing to send; withResponse() then gives a local 200, not the service's.
      if (body.ids?.length === 0) return ApiPromise.resolved([], new Response("[]"));
      const namespace = this.#namespace();
      const sent =
        namespace === ""
          ? this.request("POST", "/fetch", { body }, options)
          : this.request(
              "POST",
              "/fetch/{namespace}",
              { params: { path: { namespace } }, body },
              options,
            );
      return sent.map((body, response) => {
        const records = listOf(resultOf(body, response), "records", body, response);
        return records.map((record) => record && withMeta<Meta>(record));
      });
    });
  }

  /** Counts and configuration of the whole index, with per-namespace counts. */
  info(options?: RequestOptions): ApiPromise<IndexInfo> {
    return ApiPromise.from(() => {
      checkRequestOptions("info", options);
      return this.request("GET", "/info", {}, options).map(resultOf);
    });
  }

  /** One query or a batch; the service answers a single query, or a batch of one, with one list. */
  #query(
    body: QueryRequest | QueryRequest[],
    options: RequestOptions | undefined,
  ): ApiPromise<ScoreRecord<Meta>[][]> {
    const namespace = this.#namespace();
    const sent =
      namespace === ""
        ? this.request("POST", "/query", { body }, options)
        : this.request(
            "POST",
            "/query/{namespace}",
            { params: { path: { namespace } }, body },
            options,
          );
    return sent.map((body, response) => {
      const result = listOf(resultOf(body, response), "score", body, response);
      const lists = isListOfLists(result) ? result : [result];
      return lists.map((list) => list.map((record) => scoreWithMeta<Meta>(record)));
    });
  }

  /** The namespace as sent; "." and ".." cannot be, as URLs resolve them as dot segments. */
  #namespace(): string {
    const { namespace = "" } = this.#options;
    if (typeof namespace !== "string" || namespace === "." || namespace === "..") {
      invalid(
        "namespace",
        `${quote(namespace)} cannot be sent: give a string other than "." or ".."`,
      );
    }
    return namespace;
  }
}

/** A batch's answer (one list per query) rather than a single query's list. */
function isListOfLists(result: QueryResult): result is ScoreList[] {
  return Array.isArray(result[0]);
}

/**
 * A record with its metadata typed as `Meta`. The service returns the metadata that was
 * stored; `Meta` is the caller's statement of its shape, as with a typed `JSON.parse`.
 */
function withMeta<Meta>(record: components["schemas"]["VectorRecord"]): VectorRecord<Meta> {
  return record as VectorRecord<Meta>;
}

/** A score record with its metadata typed as `Meta`, as above. */
function scoreWithMeta<Meta>(record: components["schemas"]["ScoreRecord"]): ScoreRecord<Meta> {
  return record as ScoreRecord<Meta>;
}
