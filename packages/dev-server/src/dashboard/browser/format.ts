/** Times on the page: each is on the server's clock, which a manual clock keeps apart from the browser's. */

/** A time as the browser's locale writes it; empty when there is none. */
export function time(ms: number | undefined): string {
  return ms === undefined ? "" : new Date(ms).toLocaleString();
}

/** A length of time in the largest unit that keeps it readable (`90 s`, `60 min`, `47 h`, `2 d`). */
export function span(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} d`;
}

/** When `ms` comes, seen from `now`: `in 60 min (<time>)`. */
export function inTime(ms: number, now: number): string {
  return `in ${span(ms - now)} (${time(ms)})`;
}
