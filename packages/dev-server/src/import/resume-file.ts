// The resume file of `x-dev import`, beside the state file (FILE.import): where interrupted
// imports stopped, and the pages imported since the state file was last written. Its first
// line is `{"format":"x-dev-import","version":2,"resume":{...}}` (a version 1 file is that
// line alone); each line after it is one page, appended and synced as soon as the page is
// imported: `{"source","namespace","next","records"}`. So a crash or SIGKILL loses at most
// the page being appended (a cut last line, dropped on reading), and the next run replays
// the pages into the state file's records and resumes after the last one.
//
// The state file is written only when an import ends (done, failed or interrupted); the
// resume file is then rewritten to its first line, after the state file, so it never claims
// more than FILE holds. A process killed between the two replays pages FILE already has:
// records of the same id replace themselves.
import { constants, type Stats } from "node:fs";
import { type FileHandle, open, rm, stat } from "node:fs/promises";
import { writeJsonFile } from "../persistence/state.js";
import type { VectorRecordInput } from "../vector/types.js";
import { MAX_CURSOR_LENGTH } from "./live-pages.js";
import { ResumePoints } from "./resume.js";
import type { WrittenPage } from "./target.js";

const FORMAT = "x-dev-import";
const VERSION = 2;

/** Where `x-dev import` keeps its resume points for the state file `stateFile`. */
export function resumeFileOf(stateFile: string): string {
  return `${stateFile}.import`;
}

/**
 * Opens `file` with `flags` without ever waiting on it: a FIFO, a device or a socket there is
 * refused at once (opening a FIFO for reading would wait for a writer for ever).
 */
export async function openRegular(file: string, flags: number): Promise<FileHandle> {
  const handle = await open(file, flags | constants.O_NONBLOCK);
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw notRegular(file);
  }
  return handle;
}

function notRegular(file: string): Error {
  return new Error(
    `${file} is not a regular file (a FIFO, device, socket or directory); give --state the path of a file, and move what is at ${file} away`,
  );
}

/** Refuses at once what is at `file` when it is not a regular file; nothing there is fine. */
export async function refuseNonRegular(file: string): Promise<void> {
  let stats: Stats;
  try {
    stats = await stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (!stats.isFile()) throw notRegular(file);
}

function pageOf(value: unknown): WrittenPage {
  const page = value as Partial<WrittenPage> | null;
  if (
    typeof page?.source !== "string" ||
    typeof page.namespace !== "string" ||
    typeof page.next !== "string" ||
    page.next.length > MAX_CURSOR_LENGTH ||
    !Array.isArray(page.records)
  ) {
    throw new TypeError("a page line is not { source, namespace, next, records }");
  }
  return page as WrittenPage;
}

/** What a resume file held: its points (pages replayed), and the bytes of its whole lines. */
export interface ResumeFileRead {
  points: ResumePoints;
  /** Bytes up to the end of the last whole line: the rest (a cut page) is cut off before appending. */
  wholeBytes: number;
  /** Pages replayed: imported since the state file was last written. */
  pages: number;
}

/**
 * Reads `file`, handing each page to `replay` in order; no points when it does not exist.
 * Throws an Error naming what is wrong.
 */
export async function readResumeFile(
  file: string,
  replay: (namespace: string, records: VectorRecordInput[]) => void,
): Promise<ResumeFileRead> {
  let handle: FileHandle;
  try {
    handle = await openRegular(file, constants.O_RDONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return { points: new ResumePoints(), wholeBytes: 0, pages: 0 };
    }
    throw error;
  }
  try {
    return await readLines(handle, file, replay);
  } catch (error) {
    throw new Error(
      `resume file ${file} is not one x-dev import wrote (${(error as Error).message}); remove it to import from the start`,
    );
  } finally {
    await handle.close();
  }
}

async function readLines(
  handle: FileHandle,
  file: string,
  replay: (namespace: string, records: VectorRecordInput[]) => void,
): Promise<ResumeFileRead> {
  let points: ResumePoints | undefined;
  let wholeBytes = 0;
  let pages = 0;
  // A line is applied once the next one is read: only the last may be cut.
  let held: string | undefined;
  const apply = (line: string) => {
    if (points === undefined) {
      const head = JSON.parse(line) as { format?: unknown; version?: unknown; resume?: unknown };
      if (head.format !== FORMAT) throw new TypeError(`its format is not "${FORMAT}"`);
      if (head.version !== 1 && head.version !== VERSION)
        throw new TypeError("its version is not 1 or 2");
      points = ResumePoints.from(head.resume);
      return;
    }
    const page = pageOf(JSON.parse(line));
    replay(page.namespace, page.records);
    pages += 1;
    points.advance(page.source, page.namespace, page.next);
  };
  for await (const line of handle.readLines({ encoding: "utf8" })) {
    if (held !== undefined) {
      apply(held);
      wholeBytes += Buffer.byteLength(held) + 1;
    }
    held = line;
  }
  if (held !== undefined) {
    try {
      apply(held);
      wholeBytes += Buffer.byteLength(held) + 1;
    } catch (error) {
      // The page being appended when the process died: dropped, and imported again.
      if (points === undefined) throw error;
    }
  }
  if (points === undefined) throw new TypeError(`${file} is empty`);
  return { points, wholeBytes, pages };
}

/** Appends pages to a resume file, each synced to the disk before the import moves on. */
export class ResumeJournal {
  private constructor(private readonly handle: FileHandle) {}

  /**
   * Opens `file` to append after its whole lines (`read` says where they end; a cut page
   * after them is cut off); a file that does not exist yet starts with `points`.
   */
  static async open(
    file: string,
    points: ResumePoints,
    read: ResumeFileRead,
  ): Promise<ResumeJournal> {
    let whole = read.wholeBytes;
    if (whole === 0) {
      const head = { format: FORMAT, version: VERSION, resume: points.toJSON() };
      await writeJsonFile(file, head);
      whole = Buffer.byteLength(JSON.stringify(head)) + 1;
    }
    const handle = await openRegular(file, constants.O_WRONLY | constants.O_APPEND);
    const { size } = await handle.stat();
    // Shorter by one: its last line has no line break yet (a file written whole).
    if (size < whole) await handle.write("\n");
    else if (size > whole) await handle.truncate(whole);
    return new ResumeJournal(handle);
  }

  async append(page: WrittenPage): Promise<void> {
    await this.handle.write(`${JSON.stringify(page)}\n`);
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** Rewrites `file` to its first line alone (as the state file is written: a fresh file, mode 600, renamed); removes it when no point is left. */
export async function writeResumeFile(file: string, points: ResumePoints): Promise<void> {
  if (points.size === 0) await rm(file, { force: true });
  else await writeJsonFile(file, { format: FORMAT, version: VERSION, resume: points.toJSON() });
}
