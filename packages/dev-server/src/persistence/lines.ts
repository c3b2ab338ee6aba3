// A file read as lines of UTF-8 text, one at a time, whatever its size: the state file holds
// a record per line, so no string ever holds more than one record (the whole file as one
// string stopped near 512 MB, V8's longest string).
import { constants } from "node:buffer";

const NEWLINE = 0x0a;

/** One line of the file, without its newline. */
export interface Line {
  text: string;
  /** 1 for the file's first line. */
  number: number;
  /** The byte offset just past the line's newline. */
  end: number;
  /** True for a last line the file ends inside of, with no newline after it. */
  unterminated: boolean;
}

/** A line past V8's longest string, which could never have been written as one. */
export class LineTooLongError extends Error {}

/**
 * The lines of `chunks`, numbered from `firstNumber`, offsets counted from `start`. A line
 * split across chunks is joined once its end arrives.
 */
export async function* readLines(
  chunks: AsyncIterable<Buffer>,
  firstNumber = 1,
  start = 0,
): AsyncGenerator<Line> {
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let number = firstNumber;
  let offset = start;
  for await (const chunk of chunks) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      const piece = chunk.subarray(from, at);
      const bytes = partialBytes === 0 ? piece : Buffer.concat([...partial, piece]);
      offset += at - from + 1;
      partial = [];
      partialBytes = 0;
      yield { text: bytes.toString("utf8"), number: number++, end: offset, unterminated: false };
      from = at + 1;
    }
    if (from < chunk.length) {
      partialBytes += chunk.length - from;
      if (partialBytes > constants.MAX_STRING_LENGTH) {
        throw new LineTooLongError(`line ${number} is longer than any line x-dev writes`);
      }
      partial.push(chunk.subarray(from));
      offset += chunk.length - from;
    }
  }
  if (partialBytes > 0) {
    const text = Buffer.concat(partial).toString("utf8");
    yield { text, number, end: offset, unterminated: true };
  }
}
