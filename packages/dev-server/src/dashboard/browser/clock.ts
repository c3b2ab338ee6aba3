/**
 * The server's clock, read with each runs poll: every time on the page is on it. Under a
 * manual clock the header shows the virtual time and a control that advances it to the next
 * due run.
 */
import { $, messageOf, showError } from "./dom.js";
import { time } from "./format.js";
import { call, poll } from "./session.js";
import type { Clock } from "./wire.js";

let clock: Clock = { mode: "real", now: Date.now() };

/** The server's time as last read. */
export function serverNow(): number {
  return clock.now;
}

/** Reads the server's clock and shows it; throws what the poll threw. */
export async function refreshClock(): Promise<void> {
  clock = await poll<Clock>("/v2/dev/clock");
  renderClock();
}

function renderClock(): void {
  const manual = clock.mode === "manual";
  $("clock").hidden = !manual;
  if (!manual) return;
  $("clock-now").textContent = time(clock.now);
  const next = $("advance-next", HTMLButtonElement);
  next.disabled = clock.nextDueAt === undefined;
  next.title = clock.nextDueAt === undefined ? "nothing is due" : `to ${time(clock.nextDueAt)}`;
}

/** Advances the manual clock to the earliest due run, then runs `afterwards` (the runs' refresh). */
export async function advanceToNextDue(afterwards: () => Promise<void>): Promise<void> {
  if (clock.nextDueAt === undefined) return;
  try {
    clock = await call<Clock>("/v2/dev/clock", {
      method: "POST",
      body: JSON.stringify({ advanceMs: Math.max(0, clock.nextDueAt - clock.now) }),
    });
    await afterwards();
  } catch (error) {
    showError(`Clock: ${messageOf(error)}`);
  }
}
