// Two dev servers for the import tests: `live` plays the live index, `local` the dev server
// it is imported into. Records are drawn from a seeded generator, with values that are not
// float32 (so the float32 rounding of both sides is what makes them equal).
import { afterEach } from "vitest";
import { type DevServer, type DevServerOptions, startDevServer } from "../src/index.js";
import { openSnapshot } from "../src/persistence/state.js";
import { decodeVector } from "../src/vector/float32-base64.js";
import type { IndexType, VectorRecordInput } from "../src/vector/types.js";

export const LIVE_TOKEN = "live-secret-token-7f3a9c";

const running: DevServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((dev) => dev.close()));
});

export async function devServer(options: DevServerOptions): Promise<DevServer> {
  const dev = await startDevServer(options);
  running.push(dev);
  return dev;
}

export interface Pair {
  live: DevServer;
  local: DevServer;
}

/** A live dev server (its token LIVE_TOKEN) and a local one, both of `index`. */
export async function pair(
  index: { type: IndexType; dimension?: number },
  local: DevServerOptions = {},
): Promise<Pair> {
  const vector = { dimension: 4, metric: "EUCLIDEAN" as const, ...index };
  return {
    live: await devServer({ token: LIVE_TOKEN, vector }),
    local: await devServer({ vector, ...local }),
  };
}

/** A small seeded generator (mulberry32): the same records on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` records for an index of `type`, each with metadata and most with data. */
export function records(
  type: IndexType,
  count: number,
  {
    dimension = 4,
    prefix = "r",
    seed = 1,
  }: { dimension?: number; prefix?: string; seed?: number } = {},
): VectorRecordInput[] {
  const random = generator(seed);
  return Array.from({ length: count }, (_, i) => {
    const record: VectorRecordInput = {
      id: `${prefix}-${i}`,
      metadata: { n: i, tag: `t${i % 7}`, nested: { x: random(), list: [i, "a", true] } },
    };
    if (i % 5 !== 0) record.data = `data of ${prefix}-${i} é`;
    if (type !== "SPARSE") record.vector = Array.from({ length: dimension }, () => random() - 0.5);
    if (type !== "DENSE") {
      const indices = [...new Set(Array.from({ length: 3 }, () => Math.floor(random() * 1000)))];
      record.sparseVector = { indices, values: indices.map(() => random() * 3) };
    }
    return record;
  });
}

/** Upserts `counts[name]` records into each namespace of `dev`. */
export async function fill(
  dev: DevServer,
  type: IndexType,
  counts: Record<string, number>,
  dimension = 4,
): Promise<number> {
  let seed = 1;
  let total = 0;
  for (const [namespace, count] of Object.entries(counts)) {
    const batch = records(type, count, { dimension, prefix: namespace || "default", seed: seed++ });
    for (let i = 0; i < batch.length; i += 1000) {
      await dev.vector.upsert(batch.slice(i, i + 1000), { namespace });
    }
    total += count;
  }
  return total;
}

/** Every namespace's records as the dev server holds them (float32 values, insertion order). */
export async function contents(dev: DevServer): Promise<Record<string, VectorRecordInput[]>> {
  const { namespaces } = openSnapshot(await dev.snapshot());
  const out: Record<string, VectorRecordInput[]> = {};
  for (const [name, saved] of Object.entries(namespaces)) {
    out[name] = saved.map((record) =>
      typeof record.vector === "string"
        ? {
            ...record,
            vector: Array.from(decodeVector(record.vector, dev.vector.index.dimension, name)),
          }
        : (record as VectorRecordInput),
    );
  }
  return out;
}
