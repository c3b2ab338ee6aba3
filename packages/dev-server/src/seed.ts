import { readFile } from "node:fs/promises";
import type { VectorRecordInput } from "./vector/types.js";

/** A seed record: an upsert record, optionally naming its namespace (the default one otherwise). */
export interface SeedRecord extends VectorRecordInput {
  /** The namespace to upsert the record into; the default namespace (`""`) when absent. */
  namespace?: string;
}

/** Parses seed text: a JSON array of records (or one record), or JSON Lines, one record a line. */
export function parseSeed(text: string, source: string): unknown[] {
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
  if (Array.isArray(whole)) return whole;
  if (whole !== undefined) return [whole];
  const records: unknown[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      records.push(JSON.parse(line));
    } catch (err) {
      throw new Error(`${source}:${i + 1}: not a JSON record (${(err as Error).message})`);
    }
  });
  return records;
}

export async function readSeedFile(path: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    throw new Error(
      `cannot read seed file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  return parseSeed(text, path);
}

/** Groups records by their `namespace` field, which is removed. */
export function byNamespace(records: unknown[]): Map<string, unknown[]> {
  const groups = new Map<string, unknown[]>();
  for (const record of records) {
    let ns = "";
    let rest = record;
    if (
      typeof record === "object" &&
      record !== null &&
      !Array.isArray(record) &&
      "namespace" in record
    ) {
      const { namespace, ...others } = record as Record<string, unknown>;
      if (typeof namespace !== "string") throw new Error("seed: namespace must be a string");
      ns = namespace;
      rest = others;
    }
    const group = groups.get(ns) ?? [];
    group.push(rest);
    groups.set(ns, group);
  }
  return groups;
}
