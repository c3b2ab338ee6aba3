// A dense vector as the state file and a snapshot save it: base64 of its float32 values,
// little-endian on every platform. Apart from the saved record's shape (saved-records.ts), so
// the input checks that read a restored vector import no namespace.
import { endianness } from "node:os";
import { InvalidInputError } from "./errors.js";

// Float32Array is in the platform's order; base64 is saved little-endian everywhere.
const BIG_ENDIAN = endianness() === "BE";

/** Base64 of `values` as little-endian float32. */
export function encodeVector(values: Float32Array): string {
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  if (!BIG_ENDIAN) return bytes.toString("base64");
  return Buffer.from(bytes).swap32().toString("base64");
}

/**
 * The float32 values of a saved vector of `dimension` values, in `into` when given (a
 * restore reuses one for every record it writes); an InvalidInputError naming `where` for
 * text that is not base64 of that many values.
 */
export function decodeVector(
  text: string,
  dimension: number,
  where: string,
  into: Float32Array = new Float32Array(dimension),
): Float32Array {
  const values = into;
  // Decoded straight into the values' memory: no buffer in between to allocate and copy.
  const bytes = Buffer.from(values.buffer);
  const length = Math.ceil((dimension * 4) / 3) * 4;
  // Buffer.write skips what is not base64, so the lengths are what tell a corrupt text.
  if (text.length !== length || bytes.write(text, "base64") !== dimension * 4) {
    throw new InvalidInputError(
      `${where}: must be base64 of ${dimension} float32 values (${length} characters; got ${text.length})`,
    );
  }
  if (BIG_ENDIAN) bytes.swap32();
  return values;
}
