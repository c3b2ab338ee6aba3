// An import: the live index's `info` first (refusing before anything is written when its
// records would not fit), then every namespace paged with the client's `rangeAll`, each page
// written as it arrives, and the resume point moved past it.
import { ValidationError } from "@x/core";
import { type RangePage, VectorIndex, type VectorRecord } from "@x/vector";
import { InvalidInputError } from "../vector/errors.js";
import type { VectorRecordInput } from "../vector/types.js";
import { checkFits } from "./fit.js";
import { liveIndexOf, namespacesToImport } from "./live-index.js";
import {
  DEFAULT_PAGE_SIZE,
  type ImportOptions,
  type ImportResult,
  importOptions,
} from "./options.js";
import type { ResumePoints } from "./resume.js";
import type { ImportTarget } from "./target.js";

/** The live index's resume key: its URL without query or fragment (never the token). */
function sourceOf(url: string): string {
  const { origin, pathname } = new URL(url);
  return origin + pathname.replace(/\/+$/, "");
}

/** A record as range gave it, in the form upsert takes: the fields it carries, nothing else. */
function inputOf(record: VectorRecord): VectorRecordInput {
  const input: VectorRecordInput = { id: record.id };
  if (record.vector !== undefined) input.vector = record.vector;
  if (record.sparseVector !== undefined) input.sparseVector = record.sparseVector;
  if (record.metadata !== undefined) input.metadata = record.metadata;
  if (record.data !== undefined) input.data = record.data;
  return input;
}

/** Writes one page; a record the dev server refuses is named by its id and namespace. */
function writePage(target: ImportTarget, page: RangePage, namespace: string): void {
  try {
    target.write(page.vectors.map(inputOf), namespace);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    // The emulator names the record by its place in the batch: `[3].metadata: ...`.
    const place = /^\[(\d+)\]/.exec(error.message);
    const id = place === null ? undefined : page.vectors[Number(place[1])]?.id;
    const which = id === undefined ? "a record" : `record "${id}"`;
    throw new ValidationError(
      "records",
      `${which} of namespace "${namespace}" does not fit this dev server (${error.message}); the records before it are imported, and the import resumes from its page once the dev server takes it`,
    );
  }
}

/**
 * Imports the live index at `options.url` into `target`, resuming where an earlier import of
 * the same index stopped (`resume`); resolves with what this call imported.
 */
export async function runImport(
  target: ImportTarget,
  given: ImportOptions,
  resume: ResumePoints,
): Promise<ImportResult> {
  const options = importOptions(given);
  const client = new VectorIndex({
    url: options.url,
    token: options.token,
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const call = options.signal === undefined ? {} : { signal: options.signal };
  const source = sourceOf(options.url);
  const live = liveIndexOf(await client.info(call));
  const names = namespacesToImport(live, options.namespaces);
  checkFits(live, names, target);

  const pending = names.filter((name) => resume.cursor(source, name) !== "");
  const total = pending.reduce((sum, name) => sum + (live.counts.get(name) ?? 0), 0);
  let records = 0;
  for (const namespace of pending) {
    const pages = client.namespace(namespace).rangeAll(
      {
        cursor: resume.cursor(source, namespace) ?? "0",
        pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
        includeVectors: true,
        includeMetadata: true,
        includeData: true,
      },
      call,
    );
    for await (const page of pages.pages()) {
      writePage(target, page, namespace);
      resume.advance(source, namespace, page.nextCursor);
      records += page.vectors.length;
      options.onProgress?.({ namespace, records, total });
    }
  }
  resume.finish(source, names);
  return { namespaces: pending.length, records };
}
