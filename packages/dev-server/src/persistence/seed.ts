import { readFile } from "node:fs/promises";
import type { VectorRecordInput } from "../vector/types.js";

/** A seed record: an upsert record, optionally naming its namespace (the default one otherwise). */
export interface SeedRecord extends VectorRecordInput {
  /** The namespace to upsert the record into; the default namespace (`""`) when absent. */
  namespace?: string | undefined;
}

/** One record of a seed and where it was found, e.g. `seed.jsonl, line 3` or `seed[2]`. */
export interface SeedEntry {
  record: unknown;
  where: string;
}

/**
 * Parses seed text: a JSON array of records (or one record), or JSON Lines, one record a
 * line. Each entry says where it came from: its array index or its line.
 */
export function parseSeed(text: string, source: string): SeedEntry[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  // The whole text as one JSON value first: an array of records, or one (maybe pretty-printed) record.
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch (err) {
    if (trimmed.startsWith("[")) {
      throw new Error(`${source}: not a valid JSON array (${(err as Error).message})`);
    }
  }
  if (Array.isArray(whole)) {
    return whole.map((record, i) => ({ record, where: `${source}, index ${i}` }));
  }
  if (whole !== undefined) return [{ record: whole, where: source }];
  const entries: SeedEntry[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      entries.push({ record: JSON.parse(line), where: `${source}, line ${i + 1}` });
    } catch (err) {
      throw new Error(`${source}:${i + 1}: not a JSON record (${(err as Error).message})`);
    }
  });
  return entries;
}

export async function readSeedFile(path: string): Promise<SeedEntry[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    throw new Error(
      `cannot read seed file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  return parseSeed(text, `seed file ${path}`);
}

/** The entries of a `seed` option: a file's, or an array's, each named by its index. */
export async function seedEntries(seed: SeedRecord[] | string | undefined): Promise<SeedEntry[]> {
  if (seed === undefined) return [];
  if (typeof seed === "string") return readSeedFile(seed);
  if (!Array.isArray(seed)) {
    throw new TypeError("seed must be an array of records or the path of a JSON / JSONL file");
  }
  return seed.map((record, i) => ({ record, where: `seed[${i}]` }));
}

/** The record's `id` for a message, when it has a usable one. */
export function recordId(record: unknown): string | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const id = (record as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}

/** Splits off the record's `namespace` field: the default namespace when it has none. */
export function splitNamespace(record: unknown): { namespace: string; rest: unknown } {
  if (typeof record !== "object" || record === null || Array.isArray(record)) {
    return { namespace: "", rest: record };
  }
  if (!("namespace" in record)) return { namespace: "", rest: record };
  const { namespace, ...rest } = record as Record<string, unknown>;
  if (typeof namespace !== "string") throw new Error("namespace: must be a string");
  return { namespace, rest };
}
