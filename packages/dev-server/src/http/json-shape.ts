// Checks the shape of JSON text as its bytes arrive, before anything parses it: how deep it
// nests and how many objects and arrays it holds. JSON.parse of 150 MB of `[{},{},...]`
// builds some 50 million objects (4.9 GB, 108 s) before any check could run; this stops the
// upload at the first byte past a bound. Strings are skipped (a brace inside one is text);
// UTF-8 never puts these ASCII bytes inside a multi-byte character, so bytes are enough.
import { MAX_JSON_DEPTH } from "@x/openapi-check";

/**
 * Objects and arrays one upload or state file may hold: a snapshot has a few per record and
 * per run, so this fits millions of them, and bounds what parsing can build (about 100
 * bytes each) to a few hundred MB.
 */
export const MAX_JSON_CONTAINERS = 2_000_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Feeds chunks in order; `feed` returns the broken rule once the text passes a bound. */
export class JsonShape {
  /**
   * `maxContainers` bounds the objects and arrays; the state file x-dev wrote itself passes
   * `Infinity`, since what it saved at stop (a snapshot of any size) must load at start.
   */
  constructor(private readonly maxContainers: number = MAX_JSON_CONTAINERS) {}

  private depth = 0;
  private containers = 0;
  private inString = false;
  private escaped = false;

  /** Undefined while the text is within bounds; else what it broke, for a message. */
  feed(chunk: Uint8Array): string | undefined {
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
        this.containers += 1;
        if (this.depth > MAX_JSON_DEPTH) return `nests deeper than ${MAX_JSON_DEPTH} levels`;
        if (this.containers > this.maxContainers) {
          return `holds more than ${this.maxContainers} objects and arrays`;
        }
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.depth -= 1;
      }
    }
    return undefined;
  }
}
