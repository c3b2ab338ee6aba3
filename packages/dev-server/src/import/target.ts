// What an import writes into: a dev server's vector index, seen through the few things the
// import needs of it (the vector emulator gives them).
import type { VectorLimits } from "../vector/limits.js";
import type { VectorEmulator } from "../vector/service.js";
import type { IndexConfig, VectorRecordInput } from "../vector/types.js";

export interface ImportTarget {
  /** The index the dev server runs; the live one must be the same. */
  readonly index: IndexConfig;
  /** Its limits: an import that would pass one is refused before it writes anything. */
  readonly limits: VectorLimits;
  /** Records of each namespace the dev server holds, the default one included. */
  namespaceSizes(): Map<string, number>;
  /** Checks the records as an upsert does (an InvalidInputError names the first bad one), then writes them, ready at once. */
  write(records: VectorRecordInput[], namespace: string): void;
  /**
   * Called once a whole page is written, before the import moves its resume point past it:
   * `x-dev import` appends the page to its resume file here, so what was imported reaches
   * the disk page by page.
   */
  pageWritten?(page: WrittenPage): Promise<void>;
}

/** A page of the live index as the import wrote it, and the cursor after it. */
export interface WrittenPage {
  /** The live index's resume key (its URL, without query or token). */
  source: string;
  namespace: string;
  /** The cursor of the next page, `""` after the last. */
  next: string;
  records: VectorRecordInput[];
}

/** The vector emulator as an import's target: records written ready at once, as a restore loads them. */
export function emulatorTarget(emulator: VectorEmulator): ImportTarget {
  return {
    index: emulator.index,
    limits: emulator.limits,
    namespaceSizes: () => emulator.namespaceSizes(),
    write(records, namespace) {
      emulator.loadChecked(emulator.checkRecords(records), namespace);
    },
  };
}
