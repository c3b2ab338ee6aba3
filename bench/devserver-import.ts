// The import of a live index into the dev server (`dev.vector.importFrom`), a second dev
// server playing the live one over loopback: records of 384 dimensions with metadata and
// data, in two namespaces, pages of 1,000. Beside it, the same pages ranged through the
// client and thrown away: the live side's share, which bounds the import.
// node --conditions=source --import tsx devserver-import.ts
import { type DevServer, startDevServer } from "@x/dev-server";
import { VectorIndex } from "@x/vector";
import { isMain } from "../scripts/lib/main.mjs";
import { random, records } from "./lib/data";
import { fmt, quantile, table } from "./lib/results.mjs";

const DIMENSION = 384;
const SIZES = (process.env.BENCH_DEV_IMPORT_SIZES ?? "10000,50000").split(",").map(Number);
const RUNS = 3;

async function fillLive(live: DevServer, size: number): Promise<void> {
  const next = random(23);
  for (let from = 0; from < size; from += 1000) {
    const batch = records(next, DIMENSION, Math.min(1000, size - from), from).map((r) => ({
      ...r,
      data: `text of ${r.id}`,
    }));
    // Two namespaces, half each.
    await live.vector.upsert(batch, { namespace: from < size / 2 ? "a" : "b" });
  }
}

/** Milliseconds to range every record of both namespaces through the client, writing nothing. */
async function rangeOnly(live: DevServer): Promise<number> {
  const index = new VectorIndex({ url: live.vectorUrl, token: live.token });
  const started = performance.now();
  for (const name of ["a", "b"]) {
    const pages = index.namespace(name).rangeAll({
      pageSize: 1000,
      includeVectors: true,
      includeMetadata: true,
      includeData: true,
    });
    for await (const _ of pages.pages());
  }
  return performance.now() - started;
}

async function measure(size: number) {
  const vector = { dimension: DIMENSION, metric: "COSINE" as const };
  const live = await startDevServer({ vector });
  const local = await startDevServer({ vector });
  try {
    await fillLive(live, size);
    const importMs: number[] = [];
    const rangeMs: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      await local.vector.reset();
      const started = performance.now();
      const result = await local.vector.importFrom({ url: live.vectorUrl, token: live.token });
      const ms = performance.now() - started;
      if (result.records !== size) throw new Error(`imported ${result.records} of ${size}`);
      const ranged = await rangeOnly(live);
      // The first run warms both sides up.
      if (run > 0) {
        importMs.push(ms);
        rangeMs.push(ranged);
      }
    }
    return { size, importMs: quantile(importMs, 0.5), rangeMs: quantile(rangeMs, 0.5) };
  } finally {
    await Promise.all([live.close(), local.close()]);
  }
}

export async function importSection() {
  const rows: string[][] = [];
  const rates: string[] = [];
  for (const size of SIZES) {
    const { importMs, rangeMs } = await measure(size);
    const rate = (size * 1000) / importMs;
    rates.push(`${fmt.int(rate)} records/s at ${fmt.int(size)}`);
    rows.push([
      fmt.int(size),
      fmt.ms(importMs, 0),
      fmt.int(rate),
      fmt.ms(rangeMs, 0),
      fmt.int((size * 1000) / rangeMs),
    ]);
  }
  const verdicts = [
    `- import of a live index, ${DIMENSION} dims: ${rates.join(", ")} (reported, no budget)`,
  ];
  const markdown = [
    "### Import of a live index",
    "",
    `\`dev.vector.importFrom\` from a second dev server over loopback: records of ${DIMENSION}`,
    "dimensions with metadata and data, in two namespaces, pages of 1,000; median of 3 after a",
    "warm-up. Range alone is the same pages read through the client and dropped: the live side's",
    "share, which bounds the import.",
    "",
    table(["records", "import", "import records/s", "range alone", "range records/s"], rows),
  ].join("\n");
  return { verdicts, markdown };
}

if (isMain(import.meta.url)) {
  const { verdicts, markdown } = await importSection();
  console.log([...verdicts, "", markdown].join("\n"));
}
