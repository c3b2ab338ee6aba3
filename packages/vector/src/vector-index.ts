import { ApiPromise, type Middleware, type RequestOptions, ValidationError, XError } from "@x/core";
import {
  CLIENT_OPTION_KEYS,
  type ClientCore,
  checkBaseUrl,
  checkKnownKeys,
  checkObject,
  checkRequestOptions,
  createClientCore,
  definedFields,
  invalid,
  type KeyList,
  type Operation,
  quote,
  readEnv,
  readLogLevel,
} from "@x/core/internal";
import type { Client } from "openapi-fetch";
import type { RequestBodyJSON, SuccessResponseJSON } from "openapi-typescript-helpers";
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

/** A POST of `Path`: the default namespace's and the others' paths take and give the same. */
type Post<Path extends "/range" | "/query" | "/fetch"> = Operation<
  RequestBodyJSON<paths[Path]["post"]>,
  SuccessResponseJSON<paths[Path]["post"]>
>;

/** The operations of one namespace, built once: their URLs and path parameters. */
interface Operations {
  range: Post<"/range">;
  query: Post<"/query">;
  fetch: Post<"/fetch">;
  info: Operation<never, SuccessResponseJSON<paths["/info"]["get"]>>;
}

/**
 * The operations of `namespace`: the default one (`""`) has paths of its own, without the
 * segment; "." and ".." cannot be sent, as URLs resolve them as dot segments.
 */
function operationsOf(core: ClientCore<paths>, namespace: unknown): Operations {
  if (typeof namespace !== "string" || namespace === "." || namespace === "..") {
    invalid(
      "namespace",
      `${quote(namespace)} cannot be sent: give a string other than "." or ".."`,
    );
  }
  const info = core.operation("VectorIndex.info", "get", "/info");
  if (namespace === "") {
    return {
      range: core.operation("VectorIndex.range", "post", "/range"),
      query: core.operation("VectorIndex.query", "post", "/query"),
      fetch: core.operation("VectorIndex.fetch", "post", "/fetch"),
      info,
    };
  }
  const params = { path: { namespace } };
  return {
    range: core.operation("VectorIndex.range", "post", "/range/{namespace}", params),
    query: core.operation("VectorIndex.query", "post", "/query/{namespace}", params),
    fetch: core.operation("VectorIndex.fetch", "post", "/fetch/{namespace}", params),
    info,
  };
}

const CLIENT_KEYS: KeyList<VectorIndexOptions> = {
  ...CLIENT_OPTION_KEYS,
  url: true,
  namespace: true,
};

/** The paths the client appends to `url` itself, so `url` must not end with one. */
const APPENDED_PATH = /\/(range|query|fetch|info)\/*$/i;

/**
 * Where `namespace()` passes its client core to the index it makes, so every scope of one
 * index shares one transport and one list of middleware. A symbol: option checks and
 * spreads of the user's options never see it.
 */
const SHARED_CORE = Symbol("VectorIndex core");

type WithCore = VectorIndexOptions & { [SHARED_CORE]?: ClientCore<paths> };

/**
 * A client for one vector index, scoped to one namespace (the default one, `""`, unless
 * `namespace` says otherwise). `Meta` is the type of each vector's metadata.
 */
export class VectorIndex<Meta = AnyMeta> {
  // Private, so the token never shows when an index is logged.
  readonly #options: WithCore;
  readonly #core: ClientCore<paths>;
  // Built at construction; a namespace that cannot be sent is reported by each call instead.
  readonly #operations: Operations | ValidationError;

  /**
   * openapi-fetch's own client of the vector spec, over this index's transport (auth,
   * retries, timeouts, redirects refused, the token redacted) and middleware. It answers as
   * openapi-fetch does, `{ data, error, response }`, with `error` typed from the spec's error
   * responses; a call that got no answer throws a `ConnectionError`, `TimeoutError` or
   * `AbortError`. Path, method, parameters and body are typed from the generated `paths`.
   *
   * @example
   * ```ts
   * const { data, error } = await index.api.POST("/range/{namespace}", {
   *   params: { path: { namespace: "docs" } },
   *   body: { cursor: "0", limit: 10 },
   * });
   * if (error) console.error(error.error);
   * else console.log(data.result.nextCursor);
   * ```
   */
  readonly api: Client<paths>;

  /**
   * A client for the index at `options.url`, authenticated with `options.token`.
   * Nothing is sent until a method is called; bad options throw a `ValidationError` here.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * type Movie = { genre: string; year: number };
   * const index = new VectorIndex<Movie>({
   *   url: "https://my-index.example.com",
   *   token: "my-token",
   *   maxRetries: 2,
   * });
   * ```
   */
  constructor(options: VectorIndexOptions) {
    checkObject(options, "VectorIndex options", '{ url: "https://...", token: "..." }');
    checkKnownKeys("VectorIndex", options, CLIENT_KEYS);
    this.#options = options;
    this.#core =
      (options as WithCore)[SHARED_CORE] ??
      createClientCore<paths>({
        ...options,
        baseUrl: checkBaseUrl(options.url, "url", APPENDED_PATH),
        hints: {
          401: "Check the token: the client sends it as Authorization: Bearer <token>, and it must be this index's token (VECTOR_TOKEN) with access to it.",
          404: "Check the index URL and the namespace.",
          410: "This index was deleted: create an index and use its URL and token (VECTOR_URL, VECTOR_TOKEN).",
        },
      });
    this.api = this.#core.api;
    try {
      this.#operations = operationsOf(this.#core, options.namespace ?? "");
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      this.#operations = error;
    }
  }

  /**
   * Adds openapi-fetch middleware to every call of this index (its methods and `api`), and
   * of every index `namespace()` made from it. Each middleware runs once per call, around
   * all of the call's HTTP attempts, and never sees the token.
   *
   * @example
   * ```ts
   * index.use({
   *   onRequest({ request }) {
   *     request.headers.set("x-request-id", crypto.randomUUID());
   *   },
   * });
   * ```
   */
  use(...middleware: Middleware[]): void {
    this.#core.use(...middleware);
  }

  /**
   * Removes middleware that `use()` added.
   *
   * @example
   * ```ts
   * const stamp = { onRequest: () => undefined };
   * index.use(stamp);
   * index.eject(stamp);
   * ```
   */
  eject(...middleware: Middleware[]): void {
    this.#core.eject(...middleware);
  }

  /**
   * Reads `VECTOR_URL`, `VECTOR_TOKEN` and `X_LOG` (the log level) from `env` (default:
   * `process.env` where it exists); `options` win over them.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * // VECTOR_URL and VECTOR_TOKEN, e.g. as `pnpm x-dev start` prints them.
   * const index = VectorIndex.fromEnv<{ genre: string }>();
   * const custom = VectorIndex.fromEnv(
   *   { VECTOR_URL: "http://127.0.0.1:8081", VECTOR_TOKEN: "dev-token" },
   *   { timeoutMs: 5_000 },
   * );
   * ```
   */
  static fromEnv<Meta = AnyMeta>(
    env?: Record<string, string | undefined>,
    options?: Omit<VectorIndexOptions, "url" | "token">,
  ): VectorIndex<Meta> {
    const need = (name: string) => readEnv(name, env) ?? invalid(name, "is not set");
    const logLevel = readLogLevel(env);
    return new VectorIndex({
      ...(logLevel === undefined ? {} : { logLevel }),
      // An option given as undefined leaves the environment's value in place.
      ...(options && definedFields(options)),
      url: need("VECTOR_URL"),
      token: need("VECTOR_TOKEN"),
    });
  }

  /**
   * The same index scoped to namespace `name` (`""` is the default namespace). A name that
   * cannot be sent is reported by each call of the new index.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const movies = index.namespace("movies");
   * const hits = await movies.query({ vector: [0.1, 0.2, 0.3], topK: 5 });
   * ```
   */
  namespace(name: string): VectorIndex<Meta> {
    const scoped: WithCore = { ...this.#options, namespace: name, [SHARED_CORE]: this.#core };
    return new VectorIndex(scoped);
  }

  /**
   * One page of vectors from `cursor` (`"0"` first, then `nextCursor` until it is `""`).
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * let cursor = "0";
   * do {
   *   const page = await index.range({ cursor, limit: 100, includeMetadata: true });
   *   for (const record of page.vectors) console.log(record.id, record.metadata);
   *   cursor = page.nextCursor;
   * } while (cursor !== "");
   * ```
   */
  range(request: RangeRequest, options?: RequestOptions): ApiPromise<RangePage<Meta>> {
    return ApiPromise.from(() => {
      const checked = checkRequestOptions("range", options);
      const json = rangeBody(request);
      const sent = this.#core.call(this.#ops().range, { json }, checked);
      return sent.map((body, response) => {
        const result = resultOf(body, response);
        listOf(result?.vectors, "vectors", body, response);
        // The metadata typed as `Meta`: the caller's statement of its shape, as with a typed JSON.parse.
        return result as RangePage<Meta>;
      });
    });
  }

  /**
   * Every vector (with `prefix`, every matching one), fetched `pageSize` at a time as the
   * loop asks for them. `pages()` yields whole pages instead of records. Bad input is
   * reported by the first `next()`; `options` apply to every page's request.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * for await (const record of index.rangeAll({ prefix: "doc-", pageSize: 500 })) {
   *   console.log(record.id);
   * }
   * ```
   */
  rangeAll(request: RangeAllRequest = {}, options?: RequestOptions): RangeIterable<Meta> {
    const index = this;
    async function* pages(): AsyncGenerator<RangePage<Meta>> {
      const { pageSize, cursor: start, ...rest } = rangeAllRequest(request);
      checkRequestOptions("rangeAll", options);
      // A cursor seen before, the one just sent or an older one, would loop forever.
      const seen = new Set<string>();
      for (let cursor = start; cursor !== ""; ) {
        seen.add(cursor);
        // An aborted signal ends the loop here: each page's call checks it before sending.
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

  /**
   * The `topK` (default 10) nearest vectors, highest score first.
   *
   * @example
   * ```ts
   * import { filter, VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv<{ genre: string }>();
   * const hits = await index.query({
   *   vector: [0.1, 0.2, 0.3],
   *   topK: 3,
   *   includeMetadata: true,
   *   filter: filter.eq("genre", "sci-fi"),
   * });
   * for (const hit of hits) console.log(hit.id, hit.score, hit.metadata?.genre);
   * ```
   */
  query(query: Query, options?: RequestOptions): ApiPromise<ScoreRecord<Meta>[]> {
    return ApiPromise.from(() => {
      const checked = checkRequestOptions("query", options);
      return this.#query(queryBody(query), checked).map((lists) => lists[0] ?? []);
    });
  }

  /**
   * Several queries in one request: one list of results per query, in order.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const [near, far] = await index.queryMany([
   *   { vector: [0.1, 0.2, 0.3], topK: 2 },
   *   { vector: [0.9, 0.8, 0.7], topK: 2 },
   * ]);
   * console.log(near?.length, far?.length);
   * ```
   */
  queryMany(queries: Query[], options?: RequestOptions): ApiPromise<ScoreRecord<Meta>[][]> {
    return ApiPromise.from(() => {
      const checked = checkRequestOptions("queryMany", options);
      if (!Array.isArray(queries) || queries.length === 0) {
        invalid("queries", "must be a non-empty array");
      }
      const body = queries.map((query, i) =>
        queryBody(query, `queries[${i}].`, `queryMany queries[${i}]`),
      );
      return this.#query(body, checked);
    });
  }

  /**
   * The vectors with these ids, in order, `null` for an id with no vector; `fetch(ids,
   * { includeMetadata: true })`, or the whole request as one object, `fetch({ ids, ... })`.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const records = await index.fetch(["a", "b"], { includeVectors: true });
   * console.log(records.map((record) => record?.vector ?? "no such vector"));
   * ```
   */
  fetch(
    ids: string[],
    include?: Omit<FetchByIds, "ids">,
    options?: RequestOptions,
  ): ApiPromise<(VectorRecord<Meta> | null)[]>;
  /**
   * The vectors with `request.ids`, in order, `null` for an id with no vector.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const [first, second] = await index.fetch({ ids: ["a", "b"], includeMetadata: true });
   * console.log(first?.metadata, second?.id ?? "no vector b");
   * ```
   */
  fetch(request: FetchByIds, options?: RequestOptions): ApiPromise<(VectorRecord<Meta> | null)[]>;
  /**
   * Up to 1000 vectors whose id starts with `prefix`; use `rangeAll({ prefix })` for more.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const docs = await index.fetch({ prefix: "doc-", includeData: true });
   * console.log(docs.map((record) => record.id));
   * ```
   */
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
      const checked = checkRequestOptions("fetch", options);
      const body = fetchBody(request);
      // Nothing asked, nothing to send; withResponse() then gives a local 200, not the service's.
      if ((body as { ids?: string[] }).ids?.length === 0)
        return ApiPromise.resolved([], new Response("[]"));
      const sent = this.#core.call(this.#ops().fetch, { json: body }, checked);
      return sent.map((body, response) => {
        const records = listOf(resultOf(body, response), "records", body, response);
        return records as (VectorRecord<Meta> | null)[];
      });
    });
  }

  /**
   * Counts and configuration of the whole index, with per-namespace counts.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * const index = VectorIndex.fromEnv();
   * const { vectorCount, dimension, similarityFunction } = await index.info();
   * console.log(`${vectorCount} vectors of ${dimension} dimensions, ${similarityFunction}`);
   * ```
   */
  info(options?: RequestOptions): ApiPromise<IndexInfo> {
    return ApiPromise.from(() => {
      const checked = checkRequestOptions("info", options);
      return this.#core.call(this.#ops().info, {}, checked).map(resultOf);
    });
  }

  /** One query or a batch; the service answers a single query, or a batch of one, with one list. */
  #query(
    body: QueryRequest | QueryRequest[],
    options: RequestOptions | undefined,
  ): ApiPromise<ScoreRecord<Meta>[][]> {
    const sent = this.#core.call(this.#ops().query, { json: body }, options);
    return sent.map((body, response) => {
      const result = listOf(resultOf(body, response), "score", body, response);
      const lists = isListOfLists(result) ? result : [result];
      return lists as ScoreRecord<Meta>[][];
    });
  }

  /** This namespace's operations, or the ValidationError of a namespace that cannot be sent. */
  #ops(): Operations {
    if (this.#operations instanceof ValidationError) throw this.#operations;
    return this.#operations;
  }
}

/** A batch's answer (one list per query) rather than a single query's list. */
function isListOfLists(result: QueryResult): result is ScoreList[] {
  return Array.isArray(result[0]);
}
