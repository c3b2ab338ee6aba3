import {
  type components,
  type FilterExpression,
  filter,
  type IndexInfo,
  type RangePage,
  type ScoreRecord,
  type SparseVector,
  type VectorIndex,
  type VectorRecord,
} from "@x/vector";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createVectorApi } from "../src/api";
import { index } from "./stub";

interface Movie {
  genre: string;
  year: number;
}

describe("types", () => {
  const { client: movies } = index<Movie>([{ result: [] }]);
  const { client: plain } = index([{ result: [] }]);

  it("flow Meta into the metadata of every record", () => {
    expectTypeOf(movies.query({ vector: [1] })).resolves.toEqualTypeOf<ScoreRecord<Movie>[]>();
    expectTypeOf(movies.queryMany([{ vector: [1] }])).resolves.toEqualTypeOf<
      ScoreRecord<Movie>[][]
    >();
    // Typed, not called: this stub's answer is no range page.
    expectTypeOf(movies.range).returns.resolves.toEqualTypeOf<RangePage<Movie>>();
    expectTypeOf(movies.rangeAll()).toMatchTypeOf<AsyncIterable<VectorRecord<Movie>>>();
    expectTypeOf(movies.rangeAll().pages()).toEqualTypeOf<AsyncIterable<RangePage<Movie>>>();
    expectTypeOf(movies.namespace("x")).toEqualTypeOf<VectorIndex<Movie>>();
    expectTypeOf<ReturnType<typeof VectorIndex.fromEnv<Movie>>>().toEqualTypeOf<
      VectorIndex<Movie>
    >();
    expectTypeOf<ScoreRecord<Movie>["metadata"]>().toEqualTypeOf<Movie | undefined>();
  });

  it("default metadata to a record of unknowns", () => {
    expectTypeOf<VectorRecord["metadata"]>().toEqualTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf(plain).toEqualTypeOf<VectorIndex<Record<string, unknown>>>();
  });

  it("do not promise fields the service may leave out", () => {
    expectTypeOf<VectorRecord["id"]>().toEqualTypeOf<string>();
    expectTypeOf<VectorRecord["vector"]>().toEqualTypeOf<number[] | undefined>();
    expectTypeOf<VectorRecord["sparseVector"]>().toEqualTypeOf<SparseVector | undefined>();
    expectTypeOf<VectorRecord["data"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ScoreRecord["score"]>().toEqualTypeOf<number>();
    expectTypeOf<IndexInfo["denseIndex"]>().toBeNullable();
    expectTypeOf<IndexInfo["indexType"]>().toEqualTypeOf<"DENSE" | "SPARSE" | "HYBRID">();
    expectTypeOf<IndexInfo["namespaces"][string]["vectorCount"]>().toEqualTypeOf<number>();
  });

  it("give each fetch form its own result", () => {
    expectTypeOf(movies.fetch({ ids: ["a"] })).resolves.toEqualTypeOf<
      (VectorRecord<Movie> | null)[]
    >();
    expectTypeOf(movies.fetch({ prefix: "doc-" })).resolves.toEqualTypeOf<VectorRecord<Movie>[]>();
  });

  it("reject what the service would", () => {
    // Never run: only the compiler's verdict matters here.
    const typeOnly = (run: () => unknown) => run;
    typeOnly(() => {
      // @ts-expect-error the service takes ids or a prefix, not both
      movies.fetch({ ids: ["a"], prefix: "doc-", includeMetadata: true });
      // @ts-expect-error a query needs vector or sparseVector
      movies.query({ topK: 3 });
      // @ts-expect-error fusionAlgorithm is RRF or DBSF
      movies.query({ vector: [1], fusionAlgorithm: "SUM" });
      // @ts-expect-error weightingStrategy is IDF
      movies.query({ vector: [1], weightingStrategy: "BM25" });
      // @ts-expect-error filter is a string or a built expression
      movies.query({ vector: [1], filter: { genre: "sf" } });
      // @ts-expect-error a cursor is a string
      movies.range({ cursor: 0, limit: 1 });
      // @ts-expect-error limit is required
      movies.range({ cursor: "0" });
      // @ts-expect-error fetch needs ids or a prefix
      movies.fetch({ includeMetadata: true });
      // @ts-expect-error ids are strings
      movies.fetch({ ids: [1, 2] });
      // @ts-expect-error info is not namespaced, and takes no query
      movies.info({ namespace: "x" });
    });
  });

  it("brand filter expressions so only the builder makes them", () => {
    expectTypeOf(filter.eq("a", 1)).toEqualTypeOf<FilterExpression>();
    expectTypeOf(
      filter.and(filter.eq("a", 1), filter.not(filter.hasField("b"))),
    ).toEqualTypeOf<FilterExpression>();
    // @ts-expect-error a look-alike object is not an expression
    const fake: FilterExpression = { toString: () => "a = 1" };
    // Never run: these would throw, and only the compiler's verdict matters here.
    const typeOnly = (run: () => unknown) => run;
    typeOnly(() => {
      // @ts-expect-error comparisons by order take numbers
      filter.lt("year", "2000");
      // @ts-expect-error glob takes a string pattern
      filter.glob("title", 5);
      // @ts-expect-error and/or take built expressions, not strings
      filter.or("a = 1");
    });
    expectTypeOf(fake).toEqualTypeOf<FilterExpression>();
  });
});

describe("the escape hatch api: openapi-fetch's client of the spec", () => {
  const { client } = index([{ result: { nextCursor: "", vectors: [] } }]);
  // Never run: only the compiler's verdict matters here.
  const typeOnly = (run: () => unknown) => run;

  it("types the body, parameters, data and error of any operation from paths", () => {
    typeOnly(async () => {
      const range = await createVectorApi(client).POST("/range/{namespace}", {
        params: { path: { namespace: "docs" } },
        body: { cursor: "0", limit: 10 },
      });
      if (range.data) {
        expectTypeOf(range.data).toEqualTypeOf<components["schemas"]["RangeResponse"]>();
      } else {
        expectTypeOf(range.error).toEqualTypeOf<components["schemas"]["Error"]>();
      }
      const info = await createVectorApi(client).GET("/info", {
        signal: AbortSignal.timeout(1000),
      });
      expectTypeOf(info.data).toEqualTypeOf<components["schemas"]["InfoResponse"] | undefined>();
    });
  });

  it("rejects a wrong path, method or body at compile time", () => {
    typeOnly(() => {
      // @ts-expect-error no such path in the spec
      createVectorApi(client).POST("/upsert", { body: { id: "a" } });
      // @ts-expect-error /query has no GET
      createVectorApi(client).GET("/query");
      // @ts-expect-error limit is a number
      createVectorApi(client).POST("/range", { body: { cursor: "0", limit: "10" } });
      // @ts-expect-error the namespaced path needs its path parameter
      createVectorApi(client).POST("/range/{namespace}", { body: { cursor: "0", limit: 10 } });
    });
  });

  it("sends through the client's transport and answers { data, response }", async () => {
    const { client: live, seen } = index([{ result: { nextCursor: "", vectors: [] } }]);
    const { data, error, response } = await createVectorApi(live).POST("/range/{namespace}", {
      params: { path: { namespace: "a b" } },
      body: { cursor: "0", limit: 1 },
    });
    expect(error).toBeUndefined();
    expect(data?.result.nextCursor).toBe("");
    expect(response.status).toBe(200);
    expect(seen[0]?.path).toBe("/range/a%20b");
    expect(seen[0]?.headers.get("authorization")).toMatch(/^Bearer /);
  });
});
