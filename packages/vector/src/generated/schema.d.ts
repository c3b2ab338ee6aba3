// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

export interface paths {
    "/range": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Page through vectors of the default namespace
         * @description Returns vectors of the default namespace in insertion order from `cursor`
         *     (inclusive) onwards, at most `limit` of them, optionally only ids starting with
         *     `prefix`. Start with `cursor: "0"`, then send each `nextCursor` back as `cursor`
         *     until it is the empty string.
         */
        post: operations["rangeVectors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/range/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
                 *     and spaces in the name are escaped). The default namespace, whose name is the empty
                 *     string, is addressed by the bare path without this segment.
                 * @example products
                 */
                namespace: components["parameters"]["Namespace"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Page through vectors of a namespace
         * @description Same as `rangeVectors`, within the namespace named by the path. Start with
         *     `cursor: "0"`, then send each `nextCursor` back as `cursor` until it is the empty
         *     string. An unknown namespace answers 404.
         */
        post: operations["rangeVectorsInNamespace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query nearest neighbours in the default namespace
         * @description Approximate nearest neighbours of one query, or of each query of a batch, in the
         *     default namespace. One query object, or an array of exactly one, answers with one
         *     list of score records; an array of more than one answers with one list per query,
         *     in request order. Each list holds at most `topK` records sorted by score, highest
         *     first.
         */
        post: operations["queryVectors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
                 *     and spaces in the name are escaped). The default namespace, whose name is the empty
                 *     string, is addressed by the bare path without this segment.
                 * @example products
                 */
                namespace: components["parameters"]["Namespace"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query nearest neighbours in a namespace
         * @description Same as `queryVectors`, within the namespace named by the path. One query object, or
         *     an array of exactly one, answers with one list of score records; an array of more
         *     than one answers with one list per query, in request order. An unknown namespace
         *     answers 404.
         */
        post: operations["queryVectorsInNamespace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch vectors of the default namespace by id or id prefix
         * @description Returns the vectors with the given `ids`, in the order of `ids`, with `null` for an
         *     id that has no vector (a miss is not an error); or, given a `prefix` instead, at
         *     most 1000 vectors whose id starts with it, in insertion order. Use range with a
         *     prefix to read more than 1000. Giving both `ids` and `prefix` answers 400.
         */
        post: operations["fetchVectors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fetch/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
                 *     and spaces in the name are escaped). The default namespace, whose name is the empty
                 *     string, is addressed by the bare path without this segment.
                 * @example products
                 */
                namespace: components["parameters"]["Namespace"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch vectors of a namespace by id or id prefix
         * @description Same as `fetchVectors`, within the namespace named by the path: `ids` answer in
         *     their order with `null` for misses; a `prefix` instead answers at most 1000 vectors
         *     in insertion order. An unknown namespace answers 404.
         */
        post: operations["fetchVectorsInNamespace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read index counts and configuration
         * @description Vector counts (ready and pending, overall and per namespace), size, dimension,
         *     similarity function and type of the index. No body or parameters. The numbers are
         *     updated eventually: a change can take time to show here.
         */
        get: operations["getIndexInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Non-zero dimensions of a sparse vector: `indices[i]` is the dimension whose value is
         *     `values[i]`, so both arrays have the same length. An index may repeat (the service
         *     accepts it).
         * @example {
         *       "indices": [
         *         3,
         *         17,
         *         42
         *       ],
         *       "values": [
         *         0.5,
         *         0.25,
         *         1
         *       ]
         *     }
         */
        SparseVector: {
            /** @description Indices of the non-zero dimensions. */
            indices: number[];
            /** @description Values of those dimensions, in the same order as `indices`. */
            values: number[];
        };
        /** @description A vector as returned by range, fetch and query. Only `id` is always present. */
        VectorRecord: {
            /** @description Identifier of the vector. Always present. */
            id: string;
            /** @description Dense value. Present when `includeVectors` is true, on dense and hybrid indexes. */
            vector?: number[];
            /** @description Sparse value. Present when vector values are included (`includeVectors` is true), on sparse and hybrid indexes. */
            sparseVector?: components["schemas"]["SparseVector"];
            /** @description Metadata of the vector. Present when `includeMetadata` is true and the vector has metadata. */
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Unstructured data of the vector. Present when `includeData` is true and the vector has data. */
            data?: string;
        };
        /** @description A vector record plus its similarity to the query. */
        ScoreRecord: components["schemas"]["VectorRecord"] & {
            /**
             * @description Similarity computed from the index's distance metric; higher is more similar.
             *     Dense indexes normalise it to [0, 1] (cosine `(1 + cos) / 2`, euclidean
             *     `1 / (1 + squared distance)`, dot product `(1 + dot) / 2`). Sparse and hybrid
             *     scores are arbitrary values. A float32, written in its shortest form.
             */
            score: number;
        };
        RangeRequest: {
            /**
             * @description Where to continue from (inclusive): the decimal offset of the next vector in
             *     insertion order. `"0"` (or `""`) for the first page, then the `nextCursor` of
             *     the previous page; an offset past the end answers an empty page.
             * @example 0
             */
            cursor: string;
            /** @description Maximum number of vectors in the page. The service states no upper bound. */
            limit: number;
            /** @description Only vectors whose id starts with this prefix. */
            prefix?: string;
            /**
             * @description Include each vector's metadata.
             * @default false
             */
            includeMetadata?: boolean;
            /**
             * @description Include each vector's values (`vector` and/or `sparseVector`).
             * @default false
             */
            includeVectors?: boolean;
            /**
             * @description Include each vector's data.
             * @default false
             */
            includeData?: boolean;
        };
        RangeResult: {
            /**
             * @description The decimal offset of the next vector (with `prefix`, the next whose id starts
             *     with it); send it as `cursor` to get the next page. The empty string when no more
             *     vectors remain.
             */
            nextCursor: string;
            /** @description At most `limit` vectors. */
            vectors: components["schemas"]["VectorRecord"][];
        };
        /**
         * @description One query. At least one of `vector` and `sparseVector` is given: a `DENSE` index
         *     needs `vector`, a `SPARSE` index needs `sparseVector`, a `HYBRID` index takes both
         *     (fused by `fusionAlgorithm`) or either one alone (that side only). A missing side
         *     the index needs answers 400. Both branches share one property list; only what they
         *     require differs.
         */
        QueryRequest: components["schemas"]["QueryWithVector"] | components["schemas"]["QueryWithSparseVector"];
        /** @description A query giving `vector` (and possibly `sparseVector`). */
        QueryWithVector: {
            /** @description Dense query vector. Its length must equal the index dimension, else 422. */
            vector: number[];
            /** @description Sparse query vector, for sparse and hybrid indexes. */
            sparseVector?: components["schemas"]["SparseVector"];
            /**
             * @description Maximum number of results; results are sorted by score, highest first.
             * @default 10
             */
            topK?: number;
            /**
             * @description Include each result's metadata.
             * @default false
             */
            includeMetadata?: boolean;
            /**
             * @description Include each result's values (`vector` and/or `sparseVector`).
             * @default false
             */
            includeVectors?: boolean;
            /**
             * @description Include each result's data.
             * @default false
             */
            includeData?: boolean;
            /**
             * @description Metadata filter; only vectors whose metadata match are candidates. The empty
             *     string (default) filters nothing. SQL-like grammar:
             *
             *     - Comparison: `<field> <op> <value>` with op one of `=`, `!=`, `<`, `<=`, `>`,
             *       `>=`. Values are numbers, strings in single or double quotes (`'sci-fi'`,
             *       `"sci-fi"`) or booleans `true` / `false`.
             *     - `<field> GLOB '<pattern>'` and `<field> NOT GLOB '<pattern>'`: Unix glob on a
             *       string (`*`, `?`, `[abc]`), case-sensitive.
             *     - `<field> IN (<v1>, <v2>, ...)` and `<field> NOT IN (...)`: membership in a
             *       list of values.
             *     - `<field> CONTAINS <value>` and `<field> NOT CONTAINS <value>`: an array field
             *       holds (or does not hold) the value.
             *     - `HAS FIELD <field>` and `HAS NOT FIELD <field>`: the field exists (or not).
             *     - Fields: `name`, nested paths `a.b.c`, array elements by index `tags[0]` or
             *       from the end `tags[#-1]` (last element).
             *     - Join conditions with `AND` and `OR`; `AND` binds tighter than `OR`; group with
             *       parentheses.
             *     - Keywords (`AND`, `OR`, `GLOB`, `IN`, `NOT`, `CONTAINS`, `HAS`, `FIELD`) are
             *       case-insensitive.
             *
             *     A filter that does not parse answers 400.
             * @default
             * @example genre = 'sci-fi' AND year >= 2000
             * @example (tags CONTAINS 'new' OR price < 9.5) AND HAS FIELD author.name
             * @example title GLOB 'The *' AND lang NOT IN ('de', 'fr') AND chapters[#-1].done = true
             */
            filter?: string;
            /**
             * @description Weighting of the sparse query, for sparse and hybrid indexes. Absent means no
             *     weighting. `IDF` (inverse document frequency) weights each query term by
             *     `log(1 + (N - n + 0.5) / (n + 0.5))`, N vectors in the namespace, n of them
             *     holding the term.
             * @enum {string}
             */
            weightingStrategy?: "IDF";
            /**
             * @description How a hybrid index fuses its dense and sparse result lists. `RRF` (Reciprocal
             *     Rank Fusion) sums `1 / (60 + rank)` over both lists, the best rank 0 (a vector
             *     first in both scores `2 / 60`). `DBSF` (Distribution-Based
             *     Score Fusion) rescales each list by `(s - (mu - 3 sigma)) / (6 sigma)` and sums.
             * @default RRF
             * @enum {string}
             */
            fusionAlgorithm?: "RRF" | "DBSF";
        };
        /** @description A query giving `sparseVector` (and possibly `vector`). */
        QueryWithSparseVector: {
            /** @description Dense query vector. Its length must equal the index dimension, else 422. */
            vector?: number[];
            /** @description Sparse query vector, for sparse and hybrid indexes. */
            sparseVector: components["schemas"]["SparseVector"];
            /**
             * @description Maximum number of results; results are sorted by score, highest first.
             * @default 10
             */
            topK?: number;
            /**
             * @description Include each result's metadata.
             * @default false
             */
            includeMetadata?: boolean;
            /**
             * @description Include each result's values (`vector` and/or `sparseVector`).
             * @default false
             */
            includeVectors?: boolean;
            /**
             * @description Include each result's data.
             * @default false
             */
            includeData?: boolean;
            /**
             * @description Metadata filter; only vectors whose metadata match are candidates. The empty
             *     string (default) filters nothing. SQL-like grammar:
             *
             *     - Comparison: `<field> <op> <value>` with op one of `=`, `!=`, `<`, `<=`, `>`,
             *       `>=`. Values are numbers, strings in single or double quotes (`'sci-fi'`,
             *       `"sci-fi"`) or booleans `true` / `false`.
             *     - `<field> GLOB '<pattern>'` and `<field> NOT GLOB '<pattern>'`: Unix glob on a
             *       string (`*`, `?`, `[abc]`), case-sensitive.
             *     - `<field> IN (<v1>, <v2>, ...)` and `<field> NOT IN (...)`: membership in a
             *       list of values.
             *     - `<field> CONTAINS <value>` and `<field> NOT CONTAINS <value>`: an array field
             *       holds (or does not hold) the value.
             *     - `HAS FIELD <field>` and `HAS NOT FIELD <field>`: the field exists (or not).
             *     - Fields: `name`, nested paths `a.b.c`, array elements by index `tags[0]` or
             *       from the end `tags[#-1]` (last element).
             *     - Join conditions with `AND` and `OR`; `AND` binds tighter than `OR`; group with
             *       parentheses.
             *     - Keywords (`AND`, `OR`, `GLOB`, `IN`, `NOT`, `CONTAINS`, `HAS`, `FIELD`) are
             *       case-insensitive.
             *
             *     A filter that does not parse answers 400.
             * @default
             * @example genre = 'sci-fi' AND year >= 2000
             * @example (tags CONTAINS 'new' OR price < 9.5) AND HAS FIELD author.name
             * @example title GLOB 'The *' AND lang NOT IN ('de', 'fr') AND chapters[#-1].done = true
             */
            filter?: string;
            /**
             * @description Weighting of the sparse query, for sparse and hybrid indexes. Absent means no
             *     weighting. `IDF` (inverse document frequency) weights each query term by
             *     `log(1 + (N - n + 0.5) / (n + 0.5))`, N vectors in the namespace, n of them
             *     holding the term.
             * @enum {string}
             */
            weightingStrategy?: "IDF";
            /**
             * @description How a hybrid index fuses its dense and sparse result lists. `RRF` (Reciprocal
             *     Rank Fusion) sums `1 / (60 + rank)` over both lists, the best rank 0 (a vector
             *     first in both scores `2 / 60`). `DBSF` (Distribution-Based
             *     Score Fusion) rescales each list by `(s - (mu - 3 sigma)) / (6 sigma)` and sums.
             * @default RRF
             * @enum {string}
             */
            fusionAlgorithm?: "RRF" | "DBSF";
        };
        /** @description Several queries in one request, answered in request order. */
        QueryBatch: components["schemas"]["QueryRequest"][];
        /**
         * @description One query object, or an array of query objects (batch). An object or an array of
         *     one answers one list; an array of more than one answers one list per query.
         */
        QueryBody: components["schemas"]["QueryRequest"] | components["schemas"]["QueryBatch"];
        /** @description Results of one query, at most `topK`, sorted by score, highest first. */
        ScoreList: components["schemas"]["ScoreRecord"][];
        /** @description Results of a batch of more than one query, one list per query in request order. */
        ScoreLists: components["schemas"]["ScoreList"][];
        /**
         * @description `ScoreList` when the request was one query object or an array of one;
         *     `ScoreLists` when it was an array of more than one. `anyOf`, not `oneOf`: an empty
         *     list is both a list with no records and a list of no lists; the request shape
         *     decides.
         */
        QueryResult: components["schemas"]["ScoreList"] | components["schemas"]["ScoreLists"];
        /**
         * @description Give exactly one of `ids` and `prefix`; both answer 400 (`Only one of ids or prefix
         *     must be provided.`). With `ids` the result has one element per id, in the order of
         *     `ids`, `null` where no vector has that id. With `prefix`, the result holds at most
         *     1000 vectors whose id starts with it, in insertion order; use range with a prefix
         *     to read more.
         */
        FetchRequest: components["schemas"]["FetchByIds"] | components["schemas"]["FetchByPrefix"];
        /** @description A fetch by `ids`. */
        FetchByIds: {
            /** @description Ids of the vectors to fetch; the result follows this order. */
            ids: string[];
            /**
             * @description Include each vector's metadata.
             * @default false
             */
            includeMetadata?: boolean;
            /**
             * @description Include each vector's values (`vector` and/or `sparseVector`).
             * @default false
             */
            includeVectors?: boolean;
            /**
             * @description Include each vector's data.
             * @default false
             */
            includeData?: boolean;
        };
        /** @description A fetch by id `prefix`. */
        FetchByPrefix: {
            /** @description Id prefix; fetches at most 1000 vectors in insertion order. */
            prefix: string;
            /**
             * @description Include each vector's metadata.
             * @default false
             */
            includeMetadata?: boolean;
            /**
             * @description Include each vector's values (`vector` and/or `sparseVector`).
             * @default false
             */
            includeVectors?: boolean;
            /**
             * @description Include each vector's data.
             * @default false
             */
            includeData?: boolean;
        };
        /** @description Vector records in the order of `ids`, `null` for an id with no vector. */
        FetchResult: (components["schemas"]["VectorRecord"] | null)[];
        NamespaceInfo: {
            /** @description Vectors of the namespace ready to use. */
            vectorCount: number;
            /** @description Vectors of the namespace still processing and not ready. */
            pendingVectorCount: number;
        };
        DenseIndexInfo: {
            /** @description Dimension of the dense vectors. */
            dimension: number;
            /**
             * @description Similarity function of the dense side.
             * @enum {string}
             */
            similarityFunction: "COSINE" | "EUCLIDEAN" | "DOT_PRODUCT";
            /** @description Name of the embedding model of the dense side. */
            embeddingModel: string;
        };
        SparseIndexInfo: {
            /** @description Name of the embedding model of the sparse side. */
            embeddingModel: string;
        };
        /** @description Counts are updated eventually; a change can take time to show. */
        IndexInfo: {
            /** @description Vectors ready to use, over all namespaces. */
            vectorCount: number;
            /** @description Vectors still processing and not ready, over all namespaces. */
            pendingVectorCount: number;
            /** @description Total size of the index in bytes. */
            indexSize: number;
            /** @description Dimension of the vectors. */
            dimension: number;
            /** @description Name of the similarity function used in indexing and queries, e.g. `COSINE`, `EUCLIDEAN`, `DOT_PRODUCT`. */
            similarityFunction: string;
            /**
             * @description Type of the index.
             * @enum {string}
             */
            indexType: "DENSE" | "SPARSE" | "HYBRID";
            /** @description Dense configuration, for dense and hybrid indexes. */
            denseIndex?: components["schemas"]["DenseIndexInfo"];
            /** @description Sparse configuration, for sparse and hybrid indexes. */
            sparseIndex?: components["schemas"]["SparseIndexInfo"];
            /** @description Counts per namespace, keyed by namespace name (the default namespace is `""`). */
            namespaces: {
                [key: string]: components["schemas"]["NamespaceInfo"];
            };
        };
        Error: {
            /** @description What was wrong. */
            error: string;
            /** @description The HTTP status code, repeated. */
            status: number;
        };
        RangeResponse: {
            result: components["schemas"]["RangeResult"];
        };
        QueryResponse: {
            result: components["schemas"]["QueryResult"];
        };
        FetchResponse: {
            result: components["schemas"]["FetchResult"];
        };
        InfoResponse: {
            result: components["schemas"]["IndexInfo"];
        };
    };
    responses: {
        /** @description One page of vectors and the cursor of the next page. */
        RangeOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RangeResponse"];
            };
        };
        /**
         * @description Score records, highest score first. `result` is one list for a single query object
         *     or an array of one; one list per query, in request order, for an array of more than
         *     one.
         */
        QueryOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["QueryResponse"];
            };
        };
        /**
         * @description For `ids`, one element per id in the same order, `null` where no vector has that id.
         *     For `prefix`, at most 1000 records in insertion order.
         */
        FetchOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FetchResponse"];
            };
        };
        /** @description Counts and configuration of the index. */
        InfoOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InfoResponse"];
            };
        };
        /** @description The body is not valid JSON or breaks a rule of its schema. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The `Authorization` header is missing or its token is wrong. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No namespace has the name given in the path. */
        NamespaceNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A query `vector` does not have the dimension of the index. */
        WrongDimension: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Any other error status, such as 429 when the service limits the rate of calls or 503
         *     while it is unavailable, with the same error object.
         */
        OtherError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
         *     and spaces in the name are escaped). The default namespace, whose name is the empty
         *     string, is addressed by the bare path without this segment.
         * @example products
         */
        Namespace: string;
    };
    requestBodies: {
        Range: {
            content: {
                "application/json": components["schemas"]["RangeRequest"];
            };
        };
        Query: {
            content: {
                "application/json": components["schemas"]["QueryBody"];
            };
        };
        Fetch: {
            content: {
                "application/json": components["schemas"]["FetchRequest"];
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    rangeVectors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Range"];
        responses: {
            200: components["responses"]["RangeOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["OtherError"];
        };
    };
    rangeVectorsInNamespace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
                 *     and spaces in the name are escaped). The default namespace, whose name is the empty
                 *     string, is addressed by the bare path without this segment.
                 * @example products
                 */
                namespace: components["parameters"]["Namespace"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Range"];
        responses: {
            200: components["responses"]["RangeOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NamespaceNotFound"];
            default: components["responses"]["OtherError"];
        };
    };
    queryVectors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Query"];
        responses: {
            200: components["responses"]["QueryOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["WrongDimension"];
            default: components["responses"]["OtherError"];
        };
    };
    queryVectorsInNamespace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
                 *     and spaces in the name are escaped). The default namespace, whose name is the empty
                 *     string, is addressed by the bare path without this segment.
                 * @example products
                 */
                namespace: components["parameters"]["Namespace"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Query"];
        responses: {
            200: components["responses"]["QueryOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NamespaceNotFound"];
            422: components["responses"]["WrongDimension"];
            default: components["responses"]["OtherError"];
        };
    };
    fetchVectors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Fetch"];
        responses: {
            200: components["responses"]["FetchOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["OtherError"];
        };
    };
    fetchVectorsInNamespace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Name of the namespace, percent-encoded as one path segment (so `/`, `?`, `#`, `%`
                 *     and spaces in the name are escaped). The default namespace, whose name is the empty
                 *     string, is addressed by the bare path without this segment.
                 * @example products
                 */
                namespace: components["parameters"]["Namespace"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Fetch"];
        responses: {
            200: components["responses"]["FetchOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NamespaceNotFound"];
            default: components["responses"]["OtherError"];
        };
    };
    getIndexInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["InfoOk"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["OtherError"];
        };
    };
}
