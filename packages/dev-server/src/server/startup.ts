// What startDevServer does before it listens: settle the index (options over the state
// file over the defaults), load the seed records, and load the state file's vectors and runs.
import { recordId, type SeedEntry, splitNamespace } from "../persistence/seed.js";
import type { SnapshotData } from "../persistence/state.js";
import { plural } from "../plural.js";
import { DimensionMismatchError } from "../vector/errors.js";
import type { VectorEmulator } from "../vector/service.js";
import type { IndexOptions } from "../vector/types.js";

/** The index to run, and a phrase saying where its dimension came from, for messages. */
export interface IndexChoice {
  options: IndexOptions;
  dimensionFrom: string;
}

/**
 * The index options given, with what they leave out taken from the state file when there is
 * one, so `--state` alone restarts the saved index; the defaults fill in the rest.
 */
export function chooseIndex(
  given: IndexOptions | undefined,
  saved: SnapshotData | undefined,
  stateFile: string | undefined,
): IndexChoice {
  const options: IndexOptions = { ...(saved?.index ?? {}), ...(given ?? {}) };
  if (given?.dimension !== undefined) {
    return { options, dimensionFrom: "set by --dimension / vector.dimension" };
  }
  if (saved !== undefined) {
    return { options, dimensionFrom: `taken from the state file ${stateFile}` };
  }
  return {
    options,
    dimensionFrom: "the default; set --dimension or vector.dimension to change it",
  };
}

/** Upserts each seed record, ready at once; a failure names the record's place and id. */
export function loadSeed(entries: SeedEntry[], vector: VectorEmulator, index: IndexChoice): number {
  for (const { record, where } of entries) {
    const id = recordId(record);
    const place = id === undefined ? where : `${where}, record "${id}"`;
    try {
      const { namespace, rest } = splitNamespace(record);
      vector.loadChecked(vector.checkRecords(rest), namespace);
    } catch (error) {
      const hint =
        error instanceof DimensionMismatchError
          ? ` (the index has ${plural(vector.index.dimension, "dimension")}: ${index.dimensionFrom})`
          : "";
      throw new Error(`${place}: ${(error as Error).message}${hint}`);
    }
  }
  return entries.length;
}

export function describeState(vectors: number, namespaces: number, runs: number): string {
  return `${plural(vectors, "vector")} in ${plural(namespaces, "namespace")} and ${plural(runs, "unfinished run")}`;
}
