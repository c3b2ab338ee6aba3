// The one clock every timed thing of the dev server reads: run delays and retries, flow
// control's rate windows, run times and the vector pending window. The real clock is the
// wall clock with real timers; the manual clock stands still until `advance` moves it, and
// then runs the timers that came due, each at its own due time.
import { ValidationError } from "@x/core";
import { parseDelay } from "@x/workflow/internal";
import { HeapTimer, TimerHeap } from "./timer-heap.js";

/** `"real"`: wall-clock time. `"manual"`: time moves only when `advance` is called. */
export type ClockMode = "real" | "manual";

/** The dev server's clock, as `dev.clock` exposes it. */
export interface DevClock {
  /** `"real"` or `"manual"`, as the dev server was started. */
  readonly mode: ClockMode;
  /**
   * The clock's time in Unix ms (virtual under the manual clock; always an integer).
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ clock: "manual" });
   * const before = dev.clock.now();
   * await dev.clock.advance("1h");
   * console.log(dev.clock.now() - before); // 3600000
   * ```
   */
  now(): number;
  /**
   * Manual clock only: moves time forward by `by` (ms, or a duration such as `"1d2h"`) and
   * resolves with the new time once every delivery, retry and failure call due in that
   * window has run to its outcome, in due order, each at its own due time.
   *
   * @example
   * ```ts
   * import { startDevServer } from "@x/dev-server";
   *
   * const dev = await startDevServer({ clock: "manual" });
   * // A run triggered with delay "1d" is delivered inside this call.
   * await dev.clock.advance("1d");
   * await dev.clock.advance(500); // milliseconds
   * ```
   */
  advance(by: number | string): Promise<number>;
}

export interface TimerHandle {
  cancel(): void;
}

/** The clock as the services use it. */
export interface Clock extends DevClock {
  /**
   * Runs `fn` after `ms` of this clock: never for +Infinity, at once for negative or NaN.
   *
   * @example
   * ```ts
   * import { createClock } from "@x/dev-server";
   *
   * const clock = createClock("manual", 0);
   * const timer = clock.after(1_000, () => console.log("due at", clock.now()));
   * await clock.advance(1_000); // logs "due at 1000"
   * timer.cancel(); // no effect once it ran
   * ```
   */
  after(ms: number, fn: () => void): TimerHandle;
  /**
   * Work a timer started (a delivery in flight); `advance` waits for it to settle.
   *
   * @example
   * ```ts
   * import { createClock } from "@x/dev-server";
   *
   * const clock = createClock("manual", 0);
   * clock.after(10, () => {
   *   // advance() resolves only once this delivery settled.
   *   void clock.track(fetch("http://127.0.0.1:3000/api/workflow", { method: "POST" }));
   * });
   * await clock.advance(10);
   * ```
   */
  track<T>(work: Promise<T>): Promise<T>;
  /**
   * When the earliest timer is due; undefined when none waits.
   *
   * @example
   * ```ts
   * import { createClock } from "@x/dev-server";
   *
   * const clock = createClock("manual", 0);
   * clock.after(250, () => {});
   * console.log(clock.nextDueAt()); // 250
   * ```
   */
  nextDueAt(): number | undefined;
  /**
   * Drops every timer and refuses new ones: the service is closing.
   *
   * @example
   * ```ts
   * import { createClock } from "@x/dev-server";
   *
   * const clock = createClock("manual", 0);
   * clock.after(250, () => console.log("never runs"));
   * clock.clearAll();
   * console.log(clock.nextDueAt()); // undefined
   * ```
   */
  clearAll(): void;
  /**
   * Drops every timer but stays open, and under the manual clock moves time to `time` (a
   * real clock keeps the wall clock's): a restored snapshot schedules its runs afresh.
   *
   * @example
   * ```ts
   * import { createClock } from "@x/dev-server";
   *
   * const clock = createClock("manual", 0);
   * clock.after(250, () => console.log("never runs"));
   * clock.restart(10_000);
   * console.log(clock.now(), clock.nextDueAt()); // 10000 undefined
   * ```
   */
  restart(time: number): void;
}

// Node clamps setTimeout delays above 2^31-1 ms (about 24.8 days) to 1 ms, so a long
// Svc-Delay would fire at once; longer waits are chained in chunks below that bound.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

// The largest time a Date can hold: beyond it every time shown would be "Invalid Date".
export const MAX_DATE_MS = 8.64e15;

const never: TimerHandle = { cancel: () => {} };

function waitOf(ms: number): number {
  return Number.isNaN(ms) || ms < 0 ? 0 : ms;
}

class RealClock implements Clock {
  readonly mode = "real";
  private readonly live = new Map<NodeJS.Timeout, number>();
  private closed = false;

  now(): number {
    return Date.now();
  }

  advance(): Promise<number> {
    return Promise.reject(
      new ValidationError(
        "clock",
        'the clock is real, so it cannot be advanced; start the dev server with clock: "manual" (x-dev start --clock manual)',
      ),
    );
  }

  after(ms: number, fn: () => void): TimerHandle {
    if (ms === Number.POSITIVE_INFINITY) return never;
    let current: NodeJS.Timeout | undefined;
    const due = Date.now() + waitOf(ms);
    const arm = () => {
      if (this.closed) return;
      const wait = Math.min(Math.max(0, due - Date.now()), MAX_TIMEOUT_MS);
      current = setTimeout(() => {
        if (current !== undefined) this.live.delete(current);
        if (Date.now() < due) arm();
        else fn();
      }, wait);
      // The HTTP server keeps a process alive; pending runs alone should not.
      current.unref();
      this.live.set(current, due);
    };
    arm();
    return {
      cancel: () => {
        if (current === undefined) return;
        clearTimeout(current);
        this.live.delete(current);
        current = undefined;
      },
    };
  }

  track<T>(work: Promise<T>): Promise<T> {
    return work;
  }

  nextDueAt(): number | undefined {
    // A loop, not Math.min(...dues): past about 100k waiting timers a spread overflows the stack.
    let earliest: number | undefined;
    for (const due of this.live.values()) {
      if (earliest === undefined || due < earliest) earliest = due;
    }
    return earliest;
  }

  clearAll(): void {
    this.closed = true;
    this.dropTimers();
  }

  restart(): void {
    this.dropTimers();
  }

  private dropTimers(): void {
    for (const timer of this.live.keys()) clearTimeout(timer);
    this.live.clear();
  }
}

class ManualClock implements Clock {
  readonly mode = "manual";
  private time: number;
  /** Waiting timers, earliest first; equal due times in the order they were set. */
  private readonly queue = new TimerHeap();
  private readonly busy = new Set<Promise<unknown>>();
  private order = 0;
  private closed = false;
  /** Advances run one after another, so two calls never interleave their windows. */
  private advancing: Promise<unknown> = Promise.resolve();

  constructor(start: number) {
    this.time = Math.ceil(start);
  }

  now(): number {
    return this.time;
  }

  advance(by: number | string): Promise<number> {
    let ms: number;
    try {
      ms = advanceMs(by);
    } catch (error) {
      return Promise.reject(error);
    }
    const moved = this.advancing.then(() => this.moveBy(ms));
    this.advancing = moved.catch(() => undefined);
    return moved;
  }

  after(ms: number, fn: () => void): TimerHandle {
    if (ms === Number.POSITIVE_INFINITY || this.closed) return never;
    // Whole milliseconds, as Date.now() gives: a backoff of 12182.49 ms is due at 12183.
    const timer = new HeapTimer(this.time + Math.ceil(waitOf(ms)), this.order++, fn);
    this.queue.push(timer);
    // Work due now runs at once, as under the real clock (an undelayed trigger is delivered).
    if (timer.due <= this.time) setImmediate(() => this.fireDue());
    return timer;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.busy.add(work);
    const done = () => this.busy.delete(work);
    work.then(done, done);
    return work;
  }

  nextDueAt(): number | undefined {
    return this.queue.peek()?.due;
  }

  clearAll(): void {
    this.closed = true;
    this.queue.clear();
  }

  restart(time: number): void {
    this.queue.clear();
    this.time = Math.ceil(time);
  }

  private fireDue(): void {
    for (;;) {
      const first = this.queue.peek();
      if (this.closed || first === undefined || first.due > this.time) return;
      this.queue.pop();
      first.fn();
    }
  }

  /** Waits until nothing is due now and no tracked work is in flight. */
  private async settle(): Promise<void> {
    for (;;) {
      // Promise callbacks and immediates first: a settled call schedules its next step there.
      await new Promise((resolve) => setImmediate(resolve));
      this.fireDue();
      if (this.busy.size === 0) {
        const first = this.queue.peek();
        if (this.closed || first === undefined || first.due > this.time) return;
        continue;
      }
      await Promise.allSettled([...this.busy]);
    }
  }

  private async moveBy(ms: number): Promise<number> {
    const target = this.time + ms;
    if (target > MAX_DATE_MS) {
      throw new ValidationError(
        "advance",
        `${ms} ms would move the clock past the largest date (${new Date(MAX_DATE_MS).toISOString()})`,
      );
    }
    await this.settle();
    for (;;) {
      const first = this.queue.peek();
      if (this.closed || first === undefined || first.due > target) break;
      this.time = Math.max(this.time, first.due);
      await this.settle();
    }
    this.time = Math.max(this.time, target);
    return this.time;
  }
}

/** `by` of `advance` in whole ms; throws a ValidationError naming the rule it broke. */
function advanceMs(by: number | string): number {
  if (typeof by === "string") {
    return Math.ceil(parseDelay(by, "advance") * 1000);
  }
  if (typeof by !== "number" || !Number.isFinite(by) || by < 0) {
    throw new ValidationError(
      "advance",
      `must be a finite number of ms >= 0 or a duration such as "1d2h" (got ${String(by)})`,
    );
  }
  return Math.ceil(by);
}

/**
 * A clock of `mode`; a manual one starts at `start` (Unix ms, the wall clock by default).
 *
 * @example
 * ```ts
 * import { createClock } from "@x/dev-server";
 *
 * const real = createClock("real");
 * const manual = createClock("manual", Date.UTC(2030, 0, 1));
 * console.log(real.now(), new Date(manual.now()).toISOString());
 * ```
 */
export function createClock(mode: ClockMode, start: number = Date.now()): Clock {
  if (mode === "real") return new RealClock();
  if (mode === "manual") return new ManualClock(start);
  throw new ValidationError("clock", `must be "real" or "manual" (got ${JSON.stringify(mode)})`);
}
