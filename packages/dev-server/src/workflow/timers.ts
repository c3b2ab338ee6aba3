// Node clamps setTimeout delays above 2^31-1 ms (about 24.8 days) to 1 ms, so a long
// Svc-Delay would fire at once; longer waits are chained in chunks below that bound.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface TimerHandle {
  cancel(): void;
}

/** Timers that all die with `clearAll()`, so closing the service leaves nothing behind. */
export class Timers {
  private readonly live = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Runs `fn` after `ms` milliseconds: never for +Infinity, at once for negative or NaN. */
  after(ms: number, fn: () => void): TimerHandle {
    let current: NodeJS.Timeout | undefined;
    if (ms === Number.POSITIVE_INFINITY) return { cancel: () => {} };
    const due = Date.now() + (Number.isNaN(ms) || ms < 0 ? 0 : ms);
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
      this.live.add(current);
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

  clearAll(): void {
    this.closed = true;
    for (const timer of this.live) clearTimeout(timer);
    this.live.clear();
  }
}
