import { type Call, createTransport, httpUrl, invalid, readEnv, XError } from "@x/core";
import type {
  AnyMeta,
  CallOptions,
  FetchOptions,
  IndexInfo,
  Query,
  RangeAllOptions,
  RangeIterable,
  RangeOptions,
  RangePage,
  ScoreRecord,
  VectorIndexOptions,
  VectorRecord,
} from "./types";
import { checkQuery, positive } from "./validate";

type Send = <T>(op: string, options?: CallOptions, json?: unknown) => Promise<T>;

/**
 * A client for one vector index, scoped to one namespace (the default one, `""`, unless
 * `namespace` says otherwise). `Meta` is the type of each vector's metadata.
 */
export class VectorIndex<Meta = AnyMeta> {
  // Private, so the token never shows when an index is logged.
  readonly #options: VectorIndexOptions;
  readonly #send: Send;

  constructor(options: VectorIndexOptions) {
    const { url, namespace = "" } = options;
    httpUrl(url, "url");
    // "." and ".." cannot be sent: URLs resolve them as dot segments, even percent-encoded.
    if (typeof namespace !== "string" || /^\.\.?$/.test(namespace)) {
      invalid("namespace", 'must be a string, not "." or ".."');
    }
    const transport = createTransport({ ...options, baseUrl: url });
    const scope = namespace && `/${encodeURIComponent(namespace)}`;
    this.#options = options;
    // Every operation but info (op "") is namespaced; every success is `{ result }`.
    this.#send = async (op, { signal, ...rest } = {}, json = rest) => {
      const call: Call = op
        ? { method: "POST", path: `/${op}${scope}`, json, signal }
        : { method: "GET", path: "/info", signal };
      return ((await transport(call)) as { result: never }).result;
    };
  }

  /** Reads `VECTOR_URL` and `VECTOR_TOKEN` from `env` (default: `process.env` where it exists). */
  static fromEnv<Meta = AnyMeta>(
    env?: Record<string, string | undefined>,
    options?: Omit<VectorIndexOptions, "url" | "token">,
  ): VectorIndex<Meta> {
    const need = (name: string) => readEnv(name, env) ?? invalid(name, "is not set");
    return new VectorIndex({ ...options, url: need("VECTOR_URL"), token: need("VECTOR_TOKEN") });
  }

  /** The same index scoped to namespace `name` (`""` is the default namespace). */
  namespace(name: string): VectorIndex<Meta> {
    return new VectorIndex({ ...this.#options, namespace: name });
  }

  /** One page of vectors from `cursor` (`"0"` first, then `nextCursor` until it is `""`). */
  range(options: RangeOptions): Promise<RangePage<Meta>> {
    if (typeof options?.cursor !== "string") {
      invalid("cursor", 'must be a string ("0" to start)');
    }
    positive(options.limit, "limit");
    return this.#send("range", options);
  }

  /**
   * Every vector (with `prefix`, every matching one), fetched `pageSize` at a time as the
   * loop asks for them. `pages()` yields whole pages instead of records.
   */
  rangeAll(options: RangeAllOptions = {}): RangeIterable<Meta> {
    const { pageSize = 100, ...rest } = options;
    positive(pageSize, "pageSize");
    const range = (cursor: string) => this.range({ ...rest, cursor, limit: pageSize });
    async function* pages() {
      // A cursor seen before, the one just sent or an older one, would loop forever.
      const seen = new Set<string>();
      for (let cursor = "0"; cursor !== ""; ) {
        rest.signal?.throwIfAborted();
        seen.add(cursor);
        const page = await range(cursor);
        yield page;
        cursor = page.nextCursor;
        if (seen.has(cursor)) {
          throw new XError(
            `rangeAll: got cursor "${cursor}" twice, so pages would repeat; stopped.`,
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
  query(query: Query & CallOptions): Promise<ScoreRecord<Meta>[]> {
    checkQuery(query);
    return this.#send("query", query);
  }

  /** Several queries in one request: one list of results per query, in order. */
  async queryMany(queries: Query[], options?: CallOptions): Promise<ScoreRecord<Meta>[][]> {
    if (!Array.isArray(queries) || !queries.length) invalid("queries", "must be a non-empty array");
    queries.forEach((q, i) => {
      checkQuery(q, `queries[${i}].`);
    });
    const lists = await this.#send<ScoreRecord<Meta>[][]>("query", options, queries);
    // The service answers a batch of one with a bare list.
    return queries.length > 1 || Array.isArray(lists[0]) ? lists : [lists as never];
  }

  /** The vectors with these ids, in order, `null` for an id with no vector. */
  fetch(ids: string[], options?: FetchOptions): Promise<(VectorRecord<Meta> | null)[]>;
  /** Up to 1000 vectors whose id starts with `prefix`; use `rangeAll({ prefix })` for more. */
  fetch(options: FetchOptions & { prefix: string }): Promise<VectorRecord<Meta>[]>;
  async fetch(
    ids: string[] | (FetchOptions & { ids?: string[] }),
    options?: FetchOptions,
  ): Promise<(VectorRecord<Meta> | null)[]> {
    const body = Array.isArray(ids) ? { ...options, ids } : ids;
    if (body?.ids) {
      // Nothing asked, nothing to send.
      if (!body.ids.length) return [];
    } else if (body?.prefix === undefined) {
      invalid("ids", "give an array of ids, or { prefix }");
    }
    return this.#send("fetch", body);
  }

  /** Counts and configuration of the whole index, with per-namespace counts. */
  info(options?: CallOptions): Promise<IndexInfo> {
    return this.#send("", options);
  }
}
