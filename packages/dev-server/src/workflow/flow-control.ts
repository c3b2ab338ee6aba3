import type { Clock, TimerHandle } from "../clock/clock.js";

export interface FlowLimits {
  /** Most deliveries in flight at once. */
  parallelism?: number;
  /** Most delivery starts per `period`. */
  rate?: number;
  /** Seconds; 1 when absent. */
  period?: number;
}

type Task = () => Promise<unknown>;

/** A key's limits and the starts inside its rate window, as a snapshot keeps them. */
export interface SavedFlowKey {
  /** The flow-control key. */
  key: string;
  /** The limits last sent for it. */
  limits: FlowLimits;
  /** Start times (ms on the service's clock), oldest first. */
  starts: number[];
}

interface KeyState {
  limits: FlowLimits;
  queue: Task[];
  inFlight: number;
  /** Start times (ms) inside the current rate window, oldest first. */
  starts: number[];
  wakeUp: boolean;
}

/**
 * Per-key gate in front of deliveries. Tasks start in arrival order (FIFO, none is
 * dropped) while the key has fewer than `parallelism` in flight and fewer than `rate`
 * starts in the sliding window of `period`.
 */
export class FlowControl {
  private readonly keys = new Map<string, KeyState>();

  /** @param timeScale multiplies `period`, like every other wait of the service. */
  constructor(
    private readonly clock: Clock,
    private readonly timeScale: number,
  ) {}

  /**
   * Queues `task` under `key`. The latest limits sent for a key apply to all of its
   * waiting tasks, as a key has one configuration at a time. Cancelling the handle takes a
   * task that has not started out of the queue, so it uses none of the key's starts.
   */
  run(key: string, limits: FlowLimits, task: Task): TimerHandle {
    let state = this.keys.get(key);
    if (state === undefined) {
      state = { limits, queue: [], inFlight: 0, starts: [], wakeUp: false };
      this.keys.set(key, state);
    }
    state.limits = limits;
    state.queue.push(task);
    this.pump(key, state);
    const queued = state;
    return {
      cancel: () => {
        const index = queued.queue.indexOf(task);
        if (index === -1) return;
        queued.queue.splice(index, 1);
        this.forget(key, queued);
      },
    };
  }

  /** Drops every waiting task; used when the service closes and before a restore. */
  clear(): void {
    for (const state of this.keys.values()) state.queue.length = 0;
    this.keys.clear();
  }

  /**
   * Each key's limits and recent starts, so a restored service keeps its rate windows.
   * Waiting tasks are runs, saved with their next step; calls in flight are not kept.
   */
  save(): SavedFlowKey[] {
    return [...this.keys].map(([key, state]) => ({
      key,
      limits: { ...state.limits },
      starts: [...state.starts],
    }));
  }

  /** Puts back saved keys, after `clear`. */
  load(saved: SavedFlowKey[]): void {
    for (const { key, limits, starts } of saved) {
      this.keys.set(key, { limits, queue: [], inFlight: 0, starts: [...starts], wakeUp: false });
    }
  }

  private pump(key: string, state: KeyState): void {
    const { parallelism, rate } = state.limits;
    const periodMs = (state.limits.period ?? 1) * 1000 * this.timeScale;
    while (state.queue.length > 0) {
      if (parallelism !== undefined && state.inFlight >= parallelism) return;
      const now = this.clock.now();
      while (state.starts.length > 0 && (state.starts[0] ?? 0) + periodMs <= now) {
        state.starts.shift();
      }
      if (rate !== undefined && state.starts.length >= rate) {
        if (!state.wakeUp) {
          state.wakeUp = true;
          const wait = (state.starts[0] ?? now) + periodMs - now;
          this.clock.after(wait, () => {
            state.wakeUp = false;
            this.pump(key, state);
          });
        }
        return;
      }
      const task = state.queue.shift() as Task;
      state.inFlight++;
      state.starts.push(now);
      void task()
        .catch(() => undefined)
        .finally(() => {
          state.inFlight--;
          this.pump(key, state);
          this.forget(key, state);
        });
    }
    this.forget(key, state);
  }

  // An idle key with no start left in its window holds nothing worth keeping.
  private forget(key: string, state: KeyState): void {
    if (state.queue.length > 0 || state.inFlight > 0 || state.wakeUp) return;
    const periodMs = (state.limits.period ?? 1) * 1000 * this.timeScale;
    const now = this.clock.now();
    if (state.starts.some((start) => start + periodMs > now)) return;
    if (this.keys.get(key) === state) this.keys.delete(key);
  }
}
