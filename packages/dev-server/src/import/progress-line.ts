// What `x-dev import` shows as it goes: on a terminal one line rewritten in place (records,
// rate, time left from the live `info`'s counts), elsewhere (a pipe, a CI log) a plain line
// as each namespace ends.
import { plural } from "../plural.js";
import type { ImportProgress } from "./options.js";

const count = (n: number) => n.toLocaleString("en-US");

/** `1 h 2 min`, `3 min 4 s`, `5 s`: the time left, to the unit that matters. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${s} s`;
}

/** The terminal's line: `4,000 / 10,000 records  2,000 records/s  3 s left  (namespace "docs")`. */
export function progressLine(progress: ImportProgress, elapsedMs: number): string {
  const { namespace, records, total } = progress;
  const rate = elapsedMs > 0 ? (records * 1000) / elapsedMs : 0;
  const parts = [`${count(records)} / ${plural(total, "record")}`];
  if (rate > 0) {
    parts.push(`${plural(Math.round(rate), "record")}/s`);
    // info's counts are eventual: a total passed shows no time left rather than a negative one.
    if (total > records) parts.push(`${duration((total - records) / rate)} left`);
  }
  return `${parts.join("  ")}  (namespace "${namespace}")`;
}

/**
 * Reports each page: rewrites the terminal's line, or on a plain output writes a line when
 * the import moves on to another namespace and when it ends (`done`).
 */
export function progressReporter(
  write: (text: string) => void,
  terminal: boolean,
  elapsedMs: () => number,
): { page(progress: ImportProgress): void; done(): void } {
  let last: ImportProgress | undefined;
  const namespaceLine = (p: ImportProgress) =>
    write(`x-dev: namespace "${p.namespace}" read, ${plural(p.records, "record")} so far\n`);
  return {
    page(progress) {
      if (terminal) write(`\r\x1b[2Kx-dev: ${progressLine(progress, elapsedMs())}`);
      else if (last !== undefined && last.namespace !== progress.namespace) namespaceLine(last);
      last = progress;
    },
    done() {
      if (terminal) {
        if (last !== undefined) write("\n");
      } else if (last !== undefined) {
        namespaceLine(last);
      }
    },
  };
}
