// State files of versions 2 and 1: one JSON document, read whole (they were never larger
// than one string V8 can hold, since that is how they had to be read).
import { constants } from "node:buffer";
import { type FileHandle, open } from "node:fs/promises";
import { JsonShape } from "../http/json-shape.js";

/** The longest text JSON.parse can be given: V8's longest string (a UTF-8 byte is at most one character). */
const MAX_STATE_BYTES = constants.MAX_STRING_LENGTH;

/** FILE's JSON value; throws an Error starting with `source` for a file that cannot be read or parsed. */
export async function readLegacyState(file: string, source: string): Promise<unknown> {
  let text: string;
  try {
    text = (await readChecked(file)).toString("utf8");
  } catch (error) {
    throw new Error(`${source} cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${source} is not valid JSON (${(error as Error).message}); it may be corrupt: move it away or pass another --state file`,
    );
  }
}

/** FILE's bytes, their nesting checked chunk by chunk as they are read, before anything parses them. */
async function readChecked(file: string): Promise<Buffer> {
  const handle: FileHandle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    if (size > MAX_STATE_BYTES) {
      throw new Error(`it is ${size} bytes, more than the ${MAX_STATE_BYTES} x-dev can parse`);
    }
    // Only the depth: the file is a snapshot this server saved, of however many records.
    const shape = new JsonShape(Number.POSITIVE_INFINITY);
    const chunks: Buffer[] = [];
    for await (const chunk of handle.createReadStream({ autoClose: false })) {
      const broken = shape.feed(chunk as Buffer);
      if (broken !== undefined) throw new Error(`it ${broken}; it may be corrupt`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}
