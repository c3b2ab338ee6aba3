import type { ApiPromise, PolicyLike, RequestOptions } from "@x/core";
import {
  createVectorClient,
  optionsFromEnv,
  shareClient,
  type VectorClient,
  withNamespace,
} from "./client";
import { vectorFetch } from "./fetch";
import { vectorInfo } from "./info";
import { vectorQuery, vectorQueryMany } from "./query";
import { vectorRange, vectorRangeAll } from "./range";
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

/**
 * Where `namespace()` passes the client of the new scope, so every scope of one index
 * shares one chain of policies. A symbol: option checks and spreads of the user's options
 * never see it.
 */
const SCOPED_CLIENT = Symbol("VectorIndex client");

type WithClient = VectorIndexOptions & { [SCOPED_CLIENT]?: VectorClient<unknown> };

/**
 * A client for one vector index, scoped to one namespace (the default one, `""`, unless
 * `namespace` says otherwise). `Meta` is the type of each vector's metadata. Each method
 * calls its standalone function (`query` calls `vectorQuery`): a bundle that imports the
 * functions alone ships only the ones it calls.
 */
export class VectorIndex<Meta = AnyMeta> {
  // Private, so the token never shows when an index is logged.
  readonly #options: VectorIndexOptions;
  readonly #client: VectorClient<Meta>;

  /**
   * A client for the index at `options.url`, authenticated with `options.token`.
   * Nothing is sent until a method is called; bad options throw a `ConfigurationError` here.
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
    this.#options = options;
    const scoped = (options as WithClient | undefined)?.[SCOPED_CLIENT];
    this.#client = (scoped as VectorClient<Meta> | undefined) ?? createVectorClient<Meta>(options);
    // So the functions and `createVectorApi` take the index as its client.
    shareClient(this, this.#client);
  }

  /**
   * Adds policies to every call of this index and of every index `namespace()` made from
   * it: a policy, `(request, next) => Promise<Response>`, or an openapi-fetch middleware
   * object. Each runs once per call, around all of the call's HTTP attempts, and never
   * sees the token.
   *
   * @example
   * ```ts
   * index.use(async (request, next) => {
   *   request.headers.set("x-request-id", crypto.randomUUID());
   *   return next(request);
   * });
   * index.use({
   *   onResponse({ response }) {
   *     console.log("answered", response.status);
   *   },
   * });
   * ```
   */
  use(...policies: PolicyLike[]): void {
    this.#client.use(...policies);
  }

  /**
   * Removes policies that `use()` added.
   *
   * @example
   * ```ts
   * const stamp = { onRequest: () => undefined };
   * index.use(stamp);
   * index.eject(stamp);
   * ```
   */
  eject(...policies: PolicyLike[]): void {
    this.#client.eject(...policies);
  }

  /**
   * Reads `VECTOR_URL`, `VECTOR_TOKEN` and `X_LOG` (the log level) from `env` (any object,
   * such as a Worker's `Env`: only its string values are read; default: `process.env`
   * where it exists); `options` win over them. A missing one is a `ConfigurationError`.
   *
   * @example
   * ```ts
   * import { VectorIndex } from "@x/vector";
   *
   * // VECTOR_URL and VECTOR_TOKEN, e.g. as `npx x-dev start` prints them.
   * const index = VectorIndex.fromEnv<{ genre: string }>();
   * const custom = VectorIndex.fromEnv(
   *   { VECTOR_URL: "http://127.0.0.1:8081", VECTOR_TOKEN: "dev-token" },
   *   { timeoutMs: 5_000 },
   * );
   * ```
   */
  static fromEnv<Meta = AnyMeta>(
    env?: object,
    options?: Omit<VectorIndexOptions, "url" | "token">,
  ): VectorIndex<Meta> {
    return new VectorIndex<Meta>(optionsFromEnv(env, options));
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
    const scoped: WithClient = {
      ...this.#options,
      namespace: name,
      [SCOPED_CLIENT]: withNamespace(this.#client, name),
    };
    return new VectorIndex<Meta>(scoped);
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
    return vectorRange(this.#client, request, options);
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
    return vectorRangeAll(this.#client, request, options);
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
    return vectorQuery(this.#client, query, options);
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
    return vectorQueryMany(this.#client, queries, options);
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
      const include = second as Omit<FetchByIds, "ids"> | undefined;
      return vectorFetch(this.#client, { ...include, ids: first }, third);
    }
    return vectorFetch(this.#client, first as FetchByIds, second as RequestOptions | undefined);
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
    return vectorInfo(this.#client, options);
  }
}
