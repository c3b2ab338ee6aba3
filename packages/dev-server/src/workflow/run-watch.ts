// Listeners on runs, told each time a run's view changes, so `dev.runs.waitFor` wakes on the
// change itself instead of polling.

type Listener = () => void;

export class RunWatchers {
  private readonly byId = new Map<string, Set<Listener>>();

  /** Calls `listener` after each change of run `id`, until the returned function is called. */
  watch(id: string, listener: Listener): () => void {
    let listeners = this.byId.get(id);
    if (listeners === undefined) {
      listeners = new Set();
      this.byId.set(id, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byId.get(id) === listeners) this.byId.delete(id);
    };
  }

  changed(id: string): void {
    const listeners = this.byId.get(id);
    if (listeners === undefined) return;
    for (const listener of [...listeners]) listener();
  }

  /** Every run may have changed: a snapshot was restored. */
  changedAll(): void {
    for (const id of [...this.byId.keys()]) this.changed(id);
  }
}
