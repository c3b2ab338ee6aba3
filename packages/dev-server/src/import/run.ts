// An import: the live index's `info` first (refusing before anything is written when its
// records would not fit), then every namespace paged (live-pages.ts), each page written as
// it arrives, in slices that leave the dev server's loop free between them, and the resume
// point moved past it. What the live index sends is bounded by what its `info` said.
import { setImmediate as nextTurn } from "node:timers/promises";
import { ValidationError } from "@x/core";
import { VectorIndex, type VectorRecord } from "@x/vector";
import { InvalidInputError } from "../vector/errors.js";
import type { VectorRecordInput } from "../vector/types.js";
import { IMPORT_ANSWER_LIMITS } from "./answer-scan.js";
import { checkFits } from "./fit.js";
import { LiveConnection } from "./live-connection.js";
import {
  type LiveIndex,
  liveIndexOf,
  namespacesToImport,
  type Quote,
  quoter,
} from "./live-index.js";
import { livePages, pageSizeFor } from "./live-pages.js";
import { type ImportOptions, type ImportResult, importOptions } from "./options.js";
import { printable } from "./printable.js";
import type { ResumePoints } from "./resume.js";
import type { ImportTarget } from "./target.js";

/**
 * Records written in one turn of the event loop: 100 records of 384 dimensions are checked
 * and stored in a few milliseconds, so a dev server importing still answers between slices.
 */
const WRITE_SLICE = 100;

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

/** Writes one slice; a record the dev server refuses is named by its id and namespace. */
function writeSlice(
  target: ImportTarget,
  slice: VectorRecord[],
  namespace: string,
  quoted: Quote,
): void {
  try {
    target.write(slice.map(inputOf), namespace);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    // The emulator names the record by its place in the batch: `[3].metadata: ...`.
    const place = /^\[(\d+)\]/.exec(error.message);
    const id = place === null ? undefined : slice[Number(place[1])]?.id;
    const which = id === undefined ? "a record" : `record ${quoted(id)}`;
    throw new ValidationError(
      "records",
      `${which} of namespace ${quoted(namespace)} does not fit this dev server (${error.message}); the records before it are imported, and the import resumes from its page once the dev server takes it`,
    );
  }
}

/** Writes one page, WRITE_SLICE records a turn (an empty page too: it makes the namespace). */
async function writePage(
  target: ImportTarget,
  records: VectorRecord[],
  namespace: string,
  quoted: Quote,
) {
  for (let at = 0; at === 0 || at < records.length; at += WRITE_SLICE) {
    if (at > 0) await nextTurn();
    writeSlice(target, records.slice(at, at + WRITE_SLICE), namespace, quoted);
  }
}

/**
 * Records a namespace may send past the count its `info` gave: a tenth more, and one page.
 * `info` counts eventually (the service updates it after writes settle) and the index may be
 * written while it is copied; a tenth covers a busy index over the import's minutes, the
 * page a small one. Past that the live index is not the one `info` described, and the import
 * stops rather than fill the memory and disk with what it keeps sending.
 */
function recordsAllowed(counted: number, pageSize: number): number {
  return counted + Math.ceil(counted / 10) + pageSize;
}

interface NamespaceRun {
  client: VectorIndex;
  connection: LiveConnection;
  target: ImportTarget;
  options: ImportOptions;
  resume: ResumePoints;
  source: string;
  live: LiveIndex;
  quoted: Quote;
}

/** Imports one namespace from its resume point; resolves with the records written. */
async function importNamespace(run: NamespaceRun, namespace: string, done: number, total: number) {
  const { options, resume, source, target, quoted } = run;
  const pageSize = options.pageSize ?? pageSizeFor(run.live.index.dimension);
  const counted = run.live.counts.get(namespace) ?? 0;
  const allowed = recordsAllowed(counted, pageSize);
  let records = 0;
  const pages = livePages({
    client: run.client,
    connection: run.connection,
    namespace,
    cursor: resume.cursor(source, namespace) ?? "0",
    pageSize,
    signal: options.signal,
    quoted,
  });
  for await (const page of pages) {
    if (records + page.records.length > allowed) {
      throw new ValidationError(
        "records",
        `the live index sent more than ${allowed} records of namespace ${quoted(namespace)}, where its info counted ${counted} (the import takes a tenth more and a page, for writes made meanwhile); the records before are imported: run the import again once the index is not being written, or check the URL`,
      );
    }
    await writePage(target, page.records, namespace, quoted);
    await target.pageWritten?.({
      source,
      namespace,
      next: page.next,
      records: page.records.map(inputOf),
    });
    resume.advance(source, namespace, page.next);
    records += page.records.length;
    options.onProgress?.({ namespace, records: done + records, total });
  }
  return records;
}

/**
 * Imports the live index at `options.url` into `target`, resuming where an earlier import of
 * the same index stopped (`resume`); resolves with what this call imported. Every error's
 * message is made printable (no escapes, no token), as it may quote the live index.
 */
export async function runImport(
  target: ImportTarget,
  given: ImportOptions,
  resume: ResumePoints,
): Promise<ImportResult> {
  const options = importOptions(given);
  const shown = printable([options.token]);
  try {
    return await importAll(target, options, resume);
  } catch (error) {
    if (error instanceof Error) error.message = shown(error.message);
    throw error;
  }
}

/** A client of the live index, each answer read through a LiveConnection with the import's bounds. */
function liveClient(options: ImportOptions): { client: VectorIndex; connection: LiveConnection } {
  const connection = new LiveConnection(IMPORT_ANSWER_LIMITS);
  const client = new VectorIndex({
    url: options.url,
    token: options.token,
    fetch: connection.fetch,
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { client, connection };
}

async function readLiveIndex(
  client: VectorIndex,
  connection: LiveConnection,
  options: ImportOptions,
) {
  const info = await connection.call("info", options.signal, (s) => client.info({ signal: s }));
  return liveIndexOf(info, quoter([options.token]));
}

/** The live index at `options.url`, as its `info` describes it (options checked first). */
export async function liveIndexAt(given: ImportOptions): Promise<LiveIndex> {
  const options = importOptions(given);
  const { client, connection } = liveClient(options);
  return readLiveIndex(client, connection, options);
}

async function importAll(target: ImportTarget, options: ImportOptions, resume: ResumePoints) {
  const { client, connection } = liveClient(options);
  const source = sourceOf(options.url);
  const live = await readLiveIndex(client, connection, options);
  const quoted = quoter([options.token]);
  const names = namespacesToImport(live, options.namespaces, quoted);
  checkFits(live, names, target, quoted);

  const pending = names.filter((name) => resume.cursor(source, name) !== "");
  const total = pending.reduce((sum, name) => sum + (live.counts.get(name) ?? 0), 0);
  const run = { client, connection, target, options, resume, source, live, quoted };
  let records = 0;
  for (const namespace of pending) {
    records += await importNamespace(run, namespace, records, total);
  }
  resume.finish(source, names);
  return { namespaces: pending.length, records };
}
