// Random vector calls: valid ones the spec must accept once sent, and invalid ones the
// client must refuse before sending anything.
import { type FilterExpression, filter } from "@x/vector";
import fc from "fast-check";

const finite = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
  .map((n) => (n === 0 ? 0 : n));
const denseVector = fc.array(finite, { minLength: 1, maxLength: 6 });
const sparseVector = fc
  .uniqueArray(fc.nat(10_000), { minLength: 1, maxLength: 5 })
  .chain((indices) =>
    fc
      .array(finite, { minLength: indices.length, maxLength: indices.length })
      .map((values) => ({ indices, values })),
  );

const fieldPath = fc
  .tuple(
    fc.stringMatching(/^[a-z_][a-z0-9_]{0,5}$/),
    fc.array(
      fc.oneof(
        fc.stringMatching(/^\.[a-z_][a-z0-9_]{0,4}$/),
        fc.nat(9).map((n) => `[${n}]`),
        fc.nat(9).map((n) => `[#-${n}]`),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([head, rest]) => head + rest.join(""))
  .filter((p) => !/^(and|or|not|in|glob|contains|has|field|true|false)\b/i.test(p));

const filterValue = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean());

/** A filter built with the builder, any depth, negations included. */
const builtFilter: fc.Arbitrary<FilterExpression> = fc.letrec<{ f: FilterExpression }>((tie) => ({
  f: fc.oneof(
    { depthSize: "small" },
    fc
      .tuple(
        fc.constantFrom("eq", "ne", "contains", "notContains") as fc.Arbitrary<"eq">,
        fieldPath,
        filterValue,
      )
      .map(([op, p, v]) => filter[op](p, v)),
    fc
      .tuple(
        fc.constantFrom("lt", "lte", "gt", "gte") as fc.Arbitrary<"lt">,
        fieldPath,
        fc.integer(),
      )
      .map(([op, p, v]) => filter[op](p, v)),
    fc
      .tuple(
        fc.constantFrom("glob", "notGlob") as fc.Arbitrary<"glob">,
        fieldPath,
        fc.string({ maxLength: 6 }),
      )
      .map(([op, p, v]) => filter[op](p, v)),
    fc
      .tuple(fc.boolean(), fieldPath, fc.array(filterValue, { minLength: 1, maxLength: 3 }))
      .map(([neg, p, vs]) => (neg ? filter.notIn(p, vs) : filter.in(p, vs))),
    fc
      .tuple(fc.boolean(), fieldPath)
      .map(([neg, p]) => (neg ? filter.hasNotField(p) : filter.hasField(p))),
    fc
      .tuple(fc.boolean(), fc.array(tie("f"), { minLength: 1, maxLength: 3 }))
      .map(([and, fs]) => (and ? filter.and(...fs) : filter.or(...fs))),
    tie("f").map((f) => filter.not(f)),
  ),
})).f;

const include = {
  includeMetadata: fc.boolean(),
  includeVectors: fc.boolean(),
  includeData: fc.boolean(),
};

const queryFields = {
  topK: fc.integer({ min: 1, max: 1000 }),
  ...include,
  filter: fc.oneof(fc.string({ maxLength: 20 }), builtFilter),
  weightingStrategy: fc.constant("IDF" as const),
  fusionAlgorithm: fc.constantFrom("RRF" as const, "DBSF" as const),
};

/** A dense, sparse or hybrid query with any optional field. */
export const query = fc.oneof(
  fc.record({ vector: denseVector, ...queryFields }, { requiredKeys: ["vector"] }),
  fc.record({ sparseVector, ...queryFields }, { requiredKeys: ["sparseVector"] }),
  fc.record(
    { vector: denseVector, sparseVector, ...queryFields },
    { requiredKeys: ["vector", "sparseVector"] },
  ),
);

/** A namespace name: anything but "." and ".." (which URLs would resolve away). */
export const namespace = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 10 }),
    fc.constantFrom("a/b", "?", "#", "%", "%2F", " ", "ü", "..."),
  )
  .filter((ns) => ns !== "." && ns !== "..");

/** A client call as data: [method, ...args]. */
export type Call = [string, ...unknown[]];
const call = (...parts: Call): Call => parts;

/** One vector call with valid input. */
export const vectorCall: fc.Arbitrary<Call> = fc.oneof(
  fc
    .record(
      {
        cursor: fc.string({ maxLength: 6 }),
        limit: fc.integer({ min: 1, max: 1000 }),
        prefix: fc.string({ maxLength: 5 }),
        ...include,
      },
      { requiredKeys: ["cursor", "limit"] },
    )
    .map((o) => call("range", o)),
  query.map((q) => call("query", q)),
  fc.array(query, { minLength: 1, maxLength: 4 }).map((qs) => call("queryMany", qs)),
  fc
    .tuple(
      fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 5 }),
      fc.record(include, { requiredKeys: [] }),
    )
    .map(([ids, o]) => call("fetch", { ...o, ids })),
  fc
    .record({ prefix: fc.string({ maxLength: 6 }), ...include }, { requiredKeys: ["prefix"] })
    .map((o) => call("fetch", o)),
  fc.constant(call("info")),
);

/** One vector call with exactly one broken input; `field` is the ValidationError's field. */
export const invalidVectorCall: fc.Arbitrary<{ field: string; call: Call }> = fc.oneof(
  fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true, noNaN: true })).map((limit) => ({
    field: "limit",
    call: ["range", { cursor: "0", limit }] as Call,
  })),
  fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined)).map((cursor) => ({
    field: "cursor",
    call: ["range", { cursor, limit: 1 }] as Call,
  })),
  fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true, noNaN: true })).map((topK) => ({
    field: "topK",
    call: ["query", { vector: [1], topK }] as Call,
  })),
  fc
    .tuple(
      denseVector,
      fc.nat(5),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    )
    .map(([v, i, x]) => {
      const at = i % (v.length + 1);
      const vector = [...v.slice(0, at), x, ...v.slice(at)];
      return { field: `vector[${at}]`, call: ["query", { vector }] as Call };
    }),
  sparseVector.map((s) => ({
    field: "sparseVector",
    call: ["query", { sparseVector: { indices: s.indices, values: [...s.values, 1] } }] as Call,
  })),
  fc
    .string({ maxLength: 6 })
    .filter((s) => s !== "RRF" && s !== "DBSF")
    .map((f) => ({
      field: "fusionAlgorithm",
      call: ["query", { vector: [1], fusionAlgorithm: f }] as Call,
    })),
  fc
    .string({ maxLength: 6 })
    .filter((s) => s !== "IDF")
    .map((w) => ({
      field: "weightingStrategy",
      call: ["query", { vector: [1], weightingStrategy: w }] as Call,
    })),
  fc.constant({ field: "vector", call: ["query", { topK: 1 }] as Call }),
  fc.constant({ field: "queries", call: ["queryMany", []] as Call }),
  fc.tuple(fc.array(query, { maxLength: 3 }), fc.integer({ max: 0 })).map(([qs, topK]) => ({
    field: `queries[${qs.length}].topK`,
    call: ["queryMany", [...qs, { vector: [1], topK }]] as Call,
  })),
  fc.constant({ field: "ids", call: ["fetch", { includeData: true }] as Call }),
);
