// Model-based: random sequences of upserts, deletes, resets, clock moves, queries, fetches,
// range walks and info against the vector emulator and a plain in-memory model
// (src/suite/vector-model.ts, which states the semantics it follows). Every read must equal the model's
// answer and every spec route's answer must be valid against the spec.
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import {
  checkProperty,
  propsRuns,
  propsSeeds,
  propsTimeout,
  seedTitle,
} from "../src/suite/props.js";
import {
  Advance,
  Delete,
  Fetch,
  Info,
  Query,
  RangeWalk,
  Reset,
  Upsert,
} from "../src/suite/vector-commands.js";
import { startVectorHost, type VectorHost } from "../src/suite/vector-http.js";
import { type ModelFilter, type ModelMetric, VectorModel } from "../src/suite/vector-model.js";

const DIMENSION = 3;
const PENDING_MS = 100;

// Few names, so sequences hit the same records and namespaces again; one namespace needs
// percent-encoding, one id is not ASCII.
const NAMESPACES = ["", "docs", "a/ü b?"];
const IDS = ["a1", "a2", "a10", "b1", "b2", "é"];
const PREFIXES = ["a", "a1", "b", "é", "z"];
const TAGS = ["red", "blue"];

const namespace = fc.constantFrom(...NAMESPACES);
// Integers make exact ties; doubles make float32 rounding matter.
const component = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.double({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true }),
);
// A zero vector has no cosine: the service may refuse it; the model cannot rank it.
const vector = fc
  .array(component, { minLength: DIMENSION, maxLength: DIMENSION })
  .filter((v) => v.some((x) => Math.abs(Math.fround(x)) > 1e-3));
const metadata = fc.record({ n: fc.integer({ min: 0, max: 4 }), tag: fc.constantFrom(...TAGS) });
const record = fc.record(
  {
    id: fc.constantFrom(...IDS),
    vector,
    metadata,
    data: fc.string({ maxLength: 6 }),
  },
  { requiredKeys: ["id", "vector"] },
);
const filter: fc.Arbitrary<ModelFilter> = fc.oneof(
  fc.record({ kind: fc.constant("atLeast" as const), n: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ kind: fc.constant("tagIs" as const), tag: fc.constantFrom(...TAGS) }),
  fc.constant({ kind: "hasTag" as const }),
);
const include = fc.record({
  includeMetadata: fc.boolean(),
  includeVectors: fc.boolean(),
  includeData: fc.boolean(),
});

const commands = fc.commands(
  [
    fc
      .tuple(
        namespace,
        fc.uniqueArray(record, { selector: (r) => r.id, minLength: 1, maxLength: 4 }),
      )
      .map(([ns, records]) => new Upsert(ns, records)),
    fc
      .tuple(
        namespace,
        fc.oneof(
          fc.record({ ids: fc.uniqueArray(fc.constantFrom(...IDS), { maxLength: 3 }) }),
          fc.record({ prefix: fc.constantFrom(...PREFIXES) }),
          fc.record({ filter }),
        ),
      )
      .map(([ns, by]) => new Delete(ns, by)),
    fc.constantFrom(...NAMESPACES, "all").map((ns) => new Reset(ns)),
    fc.integer({ min: 1, max: 2 * PENDING_MS }).map((ms) => new Advance(ms)),
    fc.constant(new Info()),
    fc
      .tuple(
        namespace,
        vector,
        fc.integer({ min: 1, max: 8 }),
        fc.option(filter, { nil: undefined }),
        include,
      )
      .map(([ns, v, topK, f, inc]) => new Query(ns, v, topK, f, inc)),
    fc
      .tuple(
        namespace,
        fc.oneof(
          fc.record({
            ids: fc.array(fc.constantFrom(...IDS, "missing"), { minLength: 1, maxLength: 4 }),
          }),
          fc.record({ prefix: fc.constantFrom(...PREFIXES) }),
          fc.record({
            ids: fc.array(fc.constantFrom(...IDS), { minLength: 1, maxLength: 2 }),
            prefix: fc.constantFrom(...PREFIXES),
          }),
        ),
        include,
      )
      .map(([ns, by, inc]) => new Fetch(ns, by, inc)),
    fc
      .tuple(
        namespace,
        fc.option(fc.constantFrom(...PREFIXES), { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        include,
      )
      .map(([ns, prefix, limit, inc]) => new RangeWalk(ns, prefix, limit, inc)),
  ],
  { maxCommands: 30 },
);

let host: VectorHost;
beforeAll(async () => {
  host = await startVectorHost();
});
afterAll(async () => {
  await host.close();
});

describe("the vector emulator against its model", () => {
  const runs = propsRuns();
  for (const seed of propsSeeds()) {
    const name = "vector model sequences";
    it(seedTitle(name, seed), { timeout: propsTimeout(runs) }, async () => {
      const property = fc.asyncProperty(
        fc.constantFrom<ModelMetric>("COSINE", "EUCLIDEAN"),
        commands,
        async (metric, sequence) => {
          host.fresh({ dimension: DIMENSION, metric, pendingMs: PENDING_MS });
          const model = new VectorModel(metric, PENDING_MS);
          await fc.asyncModelRun(() => ({ model, real: host }), sequence);
        },
      );
      await checkProperty(property, { testUrl: import.meta.url, name, seed, runs });
    });
  }
});
