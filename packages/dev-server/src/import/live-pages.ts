// The pages of one namespace of the live index, from a cursor to the last page, with the
// bounds a live service's paging cannot be trusted to keep: a cursor is a string of at most
// MAX_CURSOR_LENGTH characters, a page holds no more records than asked, empty pages come at
// most MAX_EMPTY_PAGES in a row, and a cursor seen before (a loop) ends the paging. A page
// over the answer's bounds is asked again at half the size, down to one record.
import { createHash } from "node:crypto";
import type { RangePage, VectorIndex, VectorRecord } from "@x/vector";
import { IMPORT_ANSWER_LIMITS, OffSpecAnswerError } from "./answer-scan.js";
import type { LiveConnection } from "./live-connection.js";
import type { Quote } from "./live-index.js";

/**
 * Characters of a cursor. The service's cursors are short (a record's position or id); one
 * is kept in the resume file and sent back on every page, so a long one is refused before it
 * is saved.
 */
export const MAX_CURSOR_LENGTH = 1024;

/**
 * Empty pages in a row before the paging stops. Paging an index in order gives records on
 * every page but the last; a few empty ones are tolerated (a service may page over deleted
 * records), an endless run of them with fresh cursors is not.
 */
export const MAX_EMPTY_PAGES = 16;

/**
 * Cursors remembered to tell a loop, as 16-byte digests: at most 4096 (under 300 KB). Past
 * that, a loop over pages with records is ended by the import's bound on the records (info's
 * count), and one over empty pages by MAX_EMPTY_PAGES.
 */
const REMEMBERED_CURSORS = 4096;

/** Records per page when none is asked: 1000 (the most the service's range gives) at most. */
const MOST_RECORDS = 1000;

/** Items of a record beside its dense values (id, metadata and data, their keys): a guess that leaves room. */
const ITEMS_BESIDE_VALUES = 64;

/** The page size asked when none is given: as many records of `dimension` values as fit the answer's items. */
export function pageSizeFor(dimension: number): number {
  const fit = Math.floor(IMPORT_ANSWER_LIMITS.maxItems / (dimension + ITEMS_BESIDE_VALUES));
  return Math.max(1, Math.min(MOST_RECORDS, fit));
}

/** One page as the import writes it: its records, and the cursor after it (`""` after the last). */
export interface LivePage {
  records: VectorRecord[];
  next: string;
}

export interface PagingOf {
  client: VectorIndex;
  connection: LiveConnection;
  namespace: string;
  cursor: string;
  pageSize: number;
  signal: AbortSignal | undefined;
  quoted: Quote;
}

function offSpec(paging: PagingOf, what: string): OffSpecAnswerError {
  const namespace = paging.quoted(paging.namespace);
  return new OffSpecAnswerError(
    `the live index's range of namespace ${namespace} ${what}, which the vector service's spec does not allow; check the URL points at a vector index, or tell its maintainers`,
  );
}

/** The cursor a page ends with, checked before anything keeps it. */
function checkedCursor(page: RangePage, paging: PagingOf): string {
  const next: unknown = page.nextCursor;
  if (typeof next !== "string") {
    throw offSpec(
      paging,
      `gave a nextCursor of type ${next === null ? "null" : typeof next}, not a string`,
    );
  }
  if (next.length > MAX_CURSOR_LENGTH) {
    throw offSpec(
      paging,
      `gave a nextCursor of ${next.length} characters, over ${MAX_CURSOR_LENGTH}`,
    );
  }
  return next;
}

/** Remembers cursors as digests, up to REMEMBERED_CURSORS of them. */
class SeenCursors {
  private readonly digests = new Set<string>();
  private digest(cursor: string): string {
    return createHash("sha256").update(cursor).digest("base64").slice(0, 22);
  }
  has(cursor: string): boolean {
    return this.digests.has(this.digest(cursor));
  }
  add(cursor: string): void {
    if (this.digests.size < REMEMBERED_CURSORS) this.digests.add(this.digest(cursor));
  }
}

/** One page at `cursor`, asked again at half the size while it is over the answer's bounds. */
async function rangeFitting(paging: PagingOf, cursor: string, size: number) {
  const { client, connection, namespace, signal } = paging;
  const range = {
    cursor,
    includeVectors: true,
    includeMetadata: true,
    includeData: true,
  };
  for (let limit = size; ; limit = Math.ceil(limit / 2)) {
    try {
      const call = `range of namespace ${paging.quoted(namespace)}`;
      const page = await connection.call(call, signal, (s) =>
        client.namespace(namespace).range({ ...range, limit }, { signal: s }),
      );
      return { page, limit };
    } catch (error) {
      if (!(error instanceof OffSpecAnswerError && error.tooLarge && limit > 1)) throw error;
    }
  }
}

/** The pages from `paging.cursor` to the last, each checked as the file's comment says. */
export async function* livePages(paging: PagingOf): AsyncGenerator<LivePage> {
  const seen = new SeenCursors();
  let cursor = paging.cursor;
  let size = paging.pageSize;
  let empty = 0;
  for (;;) {
    const { page, limit } = await rangeFitting(paging, cursor, size);
    size = limit;
    const next = checkedCursor(page, paging);
    if (page.vectors.length > limit) {
      throw offSpec(paging, `answered ${page.vectors.length} records to a limit of ${limit}`);
    }
    empty = page.vectors.length === 0 ? empty + 1 : 0;
    if (empty > MAX_EMPTY_PAGES && next !== "") {
      throw offSpec(paging, `answered ${empty} empty pages in a row, each with a new cursor`);
    }
    seen.add(cursor);
    if (next !== "" && seen.has(next)) {
      throw offSpec(paging, "gave a cursor it had given before: its pages loop");
    }
    yield { records: page.vectors, next };
    if (next === "") return;
    cursor = next;
  }
}
