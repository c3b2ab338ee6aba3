// The manual clock's waiting timers: a binary min-heap ordered by due time, then by the order
// they were set, so scheduling and taking the earliest are O(log n) (an array kept sorted by
// splice was quadratic: 40k timers took seconds). A cancelled timer stays in the heap,
// marked, and is dropped when it reaches the top: cancelling is O(1).

/**
 * A waiting timer, and the handle `after` returns for it: one object per timer rather than
 * a timer, a handle and a cancel closure, as a restore schedules one for each saved run.
 */
export class HeapTimer {
  cancelled = false;

  constructor(
    readonly due: number,
    readonly order: number,
    readonly fn: () => void,
  ) {}

  cancel(): void {
    this.cancelled = true;
  }
}

function earlier(a: HeapTimer, b: HeapTimer): boolean {
  return a.due < b.due || (a.due === b.due && a.order < b.order);
}

export class TimerHeap {
  private readonly items: HeapTimer[] = [];

  /** The earliest timer not cancelled; undefined when none waits. */
  peek(): HeapTimer | undefined {
    this.dropCancelled();
    return this.items[0];
  }

  push(timer: HeapTimer): void {
    const { items } = this;
    items.push(timer);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!earlier(timer, items[parent]!)) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = timer;
  }

  /** Takes the earliest timer not cancelled out of the heap. */
  pop(): HeapTimer | undefined {
    this.dropCancelled();
    return this.removeTop();
  }

  clear(): void {
    this.items.length = 0;
  }

  private dropCancelled(): void {
    while (this.items[0]?.cancelled === true) this.removeTop();
  }

  private removeTop(): HeapTimer | undefined {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    // Sift the last timer down from the root into the hole the top left.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && earlier(items[right]!, items[left]!) ? right : left;
      if (!earlier(items[child]!, last)) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = last;
    return top;
  }
}
