// The counts x-dev prints (`1 record`, `2 records`), in one place so every line agrees.

/**
 * A count and its noun in the right number: `1 record`, `0 records`, `1,500 records` (the
 * count grouped as en-US, the same on every machine). `many` is the plural when it is not
 * `word` + "s": `plural(2, "entry", "entries")`.
 */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? word : many}`;
}
