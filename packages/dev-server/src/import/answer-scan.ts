// What a live answer may be before anything parses it, checked on its bytes as they arrive:
// how many, how deep it nests, and how many items JSON.parse would build. The parse of an
// answer happens in one go on the thread of whoever reads it (the dev server's own, for
// `dev.vector.importFrom`), so these bounds are what bound that time: measured on a loaded
// 2-core machine, JSON.parse of the worst 300,000 items (`[1,1,...]`) took 45-60 ms, of
// 16 MiB of floats 150 ms, of 8 MiB 56-93 ms: with at most 300,000 items a page is parsed in
// about 60 ms whatever the server sends. Strings are skipped byte by byte (a bracket in one
// is text); UTF-8 never puts these ASCII bytes inside a multi-byte character.

/** Bounds of one live answer. */
export interface AnswerLimits {
  /** Bytes of a 2xx body. */
  maxBytes: number;
  /** Items of a 2xx body: objects, arrays, and each value or key after the first in one. */
  maxItems: number;
  /** Bytes of an error body read; the rest is dropped. */
  maxErrorBytes: number;
}

/**
 * Levels of nesting of an answer: the dev server's own bound on a request body (and on a
 * state file), so a record it takes (metadata up to 64 levels) fits with the envelope.
 */
export const MAX_ANSWER_DEPTH = 256;

/**
 * The import's bounds: 300,000 items (see above) and 16 MiB, which 300,000 floats of JSON
 * (at most 24 bytes each, with their commas) fit with the ids and metadata around them. A
 * page of 1000 records of 384 dimensions is about 390,000 items: the import asks for pages
 * that fit (see `pageSizeFor`), and halves a page that does not. An error body is read to
 * 64 KiB: a service's message is a line, and the rest is no use to anyone.
 */
export const IMPORT_ANSWER_LIMITS: AnswerLimits = {
  maxBytes: 16 * 1024 * 1024,
  maxItems: 300_000,
  maxErrorBytes: 64 * 1024,
};

/**
 * The probe's bounds. It asks for one record at a time (a range of 1, a query of topK 1, a
 * fetch of one id) without vectors: an answer is a record's id, metadata (the service caps
 * it at 48 KiB: at most about 25,000 items) and data, well under 1 MiB and 50,000 items. The
 * spec guard then walks at most that much, whatever the live service sends.
 */
export const PROBE_ANSWER_LIMITS: AnswerLimits = {
  maxBytes: 1024 * 1024,
  maxItems: 50_000,
  maxErrorBytes: 64 * 1024,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Feeds an answer's chunks in order; `feed` says which bound the text passed, if any. */
export class AnswerScan {
  constructor(
    private readonly maxBytes: number,
    private readonly maxItems: number,
  ) {}

  bytes = 0;
  private depth = 0;
  private items = 0;
  private inString = false;
  private escaped = false;

  /** Undefined while the text is within bounds; else what it passed, for a message. */
  feed(chunk: Uint8Array): string | undefined {
    this.bytes += chunk.byteLength;
    if (this.bytes > this.maxBytes) return `is over ${this.maxBytes} bytes`;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
        continue;
      }
      if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        this.depth += 1;
        this.items += 1;
        if (this.depth > MAX_ANSWER_DEPTH) return `nests deeper than ${MAX_ANSWER_DEPTH} levels`;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.depth -= 1;
      } else if (byte === COMMA || byte === COLON) {
        this.items += 1;
      } else {
        continue;
      }
      if (this.items > this.maxItems) return `holds more than ${this.maxItems} items`;
    }
    return undefined;
  }
}

/** A live answer refused for what it is, not for how it travelled: retrying cannot help. */
export class OffSpecAnswerError extends Error {
  override readonly name = "OffSpecAnswerError";
  constructor(
    message: string,
    /** The bound it passed when it passed one of its size: a smaller page may fit. */
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** An answer past one of its AnswerLimits, refused before it was parsed. */
export class AnswerOverBoundError extends OffSpecAnswerError {
  constructor(
    /** The call it answered, as the message names it: `range of namespace "docs"`. */
    call: string,
    /** The bound it passed: `nests deeper than 256 levels`. */
    readonly broken: string,
  ) {
    super(
      `the live service's answer to ${call} ${broken}, and was refused before it was parsed; check the URL points at the service, or tell its maintainers`,
      !broken.startsWith("nests"),
    );
  }
}
