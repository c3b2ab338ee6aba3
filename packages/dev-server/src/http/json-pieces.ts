// JSON text in pieces, for values too big to serialise as one string: `JSON.stringify` of
// a snapshot past V8's longest string (~512 MiB) throws, which lost the state at stop and
// answered nothing. The pieces join to exactly what `JSON.stringify(value)` gives for the
// plain data this server holds (objects, arrays, strings, numbers, booleans, null; `toJSON`,
// `undefined` members and non-finite numbers as JSON.stringify treats them).

/** Pieces are flushed once they reach this many characters. */
const PIECE_CHARS = 64 * 1024;

type Frame =
  | { kind: "array"; items: readonly unknown[]; next: number }
  | { kind: "object"; entries: [string, unknown][]; next: number; wrote: boolean };

/** What JSON.stringify would serialise `value` as, before its members; undefined to skip it. */
function prepared(value: unknown, key: string): unknown {
  if (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  return value;
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/**
 * Whether `value` is an array of numbers (a vector): serialised in one call, as a leaf, it
 * costs what JSON.stringify costs; walked value by value, it took a third longer.
 */
function isNumbers(value: object): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== "number") return false;
  return true;
}

/**
 * Yields the JSON text of `value` in pieces of about 64 Ki characters. Walks with its own
 * stack, so no piece and no call stack grows with the value. Throws as JSON.stringify does
 * for a BigInt. (Top-level `undefined` yields nothing.)
 */
export function* jsonPieces(value: unknown): Generator<string> {
  let text = "";
  const stack: Frame[] = [];
  // Writes a leaf, or opens a container by pushing its frame.
  const open = (item: unknown): void => {
    if (typeof item !== "object" || item === null || isNumbers(item)) {
      text += JSON.stringify(item);
      return;
    }
    if (Array.isArray(item)) {
      text += "[";
      stack.push({ kind: "array", items: item, next: 0 });
      return;
    }
    text += "{";
    stack.push({ kind: "object", entries: Object.entries(item), next: 0, wrote: false });
  };
  const top = prepared(value, "");
  if (isSkipped(top)) return;
  open(top);
  while (stack.length > 0) {
    if (text.length >= PIECE_CHARS) {
      yield text;
      text = "";
    }
    const frame = stack[stack.length - 1] as Frame;
    if (frame.kind === "array") {
      if (frame.next === frame.items.length) {
        text += "]";
        stack.pop();
        continue;
      }
      const i = frame.next++;
      if (i > 0) text += ",";
      const item = prepared(frame.items[i], String(i));
      if (isSkipped(item)) text += "null";
      else open(item);
      continue;
    }
    if (frame.next === frame.entries.length) {
      text += "}";
      stack.pop();
      continue;
    }
    const [key, raw] = frame.entries[frame.next++] as [string, unknown];
    const item = prepared(raw, key);
    if (isSkipped(item)) continue;
    text += `${frame.wrote ? "," : ""}${JSON.stringify(key)}:`;
    frame.wrote = true;
    open(item);
  }
  if (text !== "") yield text;
}

/**
 * The JSON text of `value` as UTF-8 chunks, or `undefined` once it passes `maxBytes` (the
 * rest is not serialised): an answer is refused before it is built whole.
 */
export function jsonChunks(value: unknown, maxBytes: number): Buffer[] | undefined {
  const chunks: Buffer[] = [];
  let size = 0;
  for (const piece of jsonPieces(value)) {
    const chunk = Buffer.from(piece);
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return chunks;
}
